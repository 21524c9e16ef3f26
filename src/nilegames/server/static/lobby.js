// The lobby (#/): play against bots in one click, set up a table, share its links,
// reopen a recent game, read the rules in short.

import { h, replace } from './dom.js';
import { t, has, getLang, savedName, saveName } from './i18n.js';
import { listGames, createTable, listOpenTables, claimSeat } from './api.js';
import { gameModule, gameTitle } from './games/index.js';
import { loadRecent, remember, forget, forgetAll, tableHref } from './recent.js';
import { linkList } from './links.js';
import { errorText } from './table.js';
import { rulesLink } from './rules.js';

const QUICK = {
  game: 'nile',
  players: 3,
  options: {},
  seats: [{ kind: 'human' }, { kind: 'bot', bot: 'medium' }, { kind: 'bot', bot: 'medium' }],
};

// Kept across visits of the lobby (and language switches) while the page lives.
const state = {
  games: null,
  loadError: null,
  form: null, // {game, players, options, seats: [{kind, bot}], me}
  created: null, // {table, tokens, links, me}
  busy: false,
  error: null,
};

function gameInfo(id) {
  return (state.games || []).find((g) => g.id === id) || null;
}

/** The options a new table offers: the advanced ones (the rules edition) keep their default. */
function lobbyOptions(game) {
  return (game.options || []).filter((o) => !o.advanced);
}

function defaultBot(game) {
  const bots = (game && game.bots) || ['medium'];
  return bots.includes('medium') ? 'medium' : bots[0];
}

function resetForm(gameId) {
  const game = gameInfo(gameId) || (state.games || [])[0];
  if (!game) return;
  const players = Math.min(game.max_players, Math.max(game.min_players, 3));
  state.form = {
    game: game.id,
    players,
    options: Object.fromEntries(lobbyOptions(game).map((o) => [o.name, o.default])),
    seats: Array.from({ length: players }, (_, i) => (i === 0 ? { kind: 'human', bot: defaultBot(game) } : { kind: 'bot', bot: defaultBot(game) })),
    me: 0,
  };
}

function resizeSeats(form, game) {
  while (form.seats.length < form.players) form.seats.push({ kind: 'bot', bot: defaultBot(game) });
  form.seats.length = form.players;
  if (form.me !== null && (form.me >= form.players || form.seats[form.me].kind !== 'human')) {
    const human = form.seats.findIndex((x) => x.kind === 'human');
    form.me = human >= 0 ? human : null;
  }
}

/** The seat specs; "my" seat carries the name typed in the lobby. */
function requestBody(form) {
  const name = savedName().trim();
  return {
    game: form.game,
    players: form.players,
    options: form.options,
    ...(form.hints === null || form.hints === undefined ? {} : { hints: form.hints }),
    seats: form.seats.map((x, i) => (x.kind === 'human'
      ? { kind: 'human', ...(i === form.me && name ? { name } : {}), ...(form.away ? { away: form.away * 60 } : {}) }
      : x.kind === 'open'
        ? { kind: 'human', open: true, ...(form.away ? { away: form.away * 60 } : {}) }
        : { kind: 'bot', bot: x.bot })),
  };
}

/** The "Name" field: what the others see at the table (kept in this browser). */
function nameField() {
  return h('label', { class: 'field-label name-field' }, h('span', {}, t('name.label')),
    h('input', {
      type: 'text', maxlength: 24, value: savedName(), 'data-testid': 'lobby-name', autocomplete: 'nickname',
      oninput: (e) => saveName(e.target.value),
    }));
}

function rememberCreated(created, me) {
  const id = created.table.id;
  const token = me === null ? null : created.tokens[String(me)];
  remember({ id, game: created.table.game, seat: me, token: token || null, links: created.links });
  return tableHref(id, token);
}

export function mountLobby(root) {
  let destroyed = false;

  async function load() {
    try {
      state.games = await listGames();
      state.loadError = null;
      if (!state.form || !gameInfo(state.form.game)) resetForm(gameInfo('nile') ? 'nile' : undefined);
    } catch (error) {
      state.loadError = errorText(error);
    }
    if (!destroyed) render();
  }

  async function quickPlay() {
    if (state.busy) return;
    state.busy = true;
    state.error = null;
    render();
    try {
      const spec = { ...QUICK };
      const name = savedName().trim();
      if (name) spec.seats = [{ kind: 'human', name }, ...QUICK.seats.slice(1)];
      const nile = gameInfo('nile');
      if (nile) spec.options = Object.fromEntries(lobbyOptions(nile).map((o) => [o.name, o.default]));
      const created = await createTable(spec);
      state.busy = false;
      location.hash = rememberCreated(created, 0);
    } catch (error) {
      state.busy = false;
      state.error = errorText(error);
      if (!destroyed) render();
    }
  }

  async function create(event) {
    event.preventDefault();
    if (state.busy || !state.form) return;
    state.busy = true;
    state.error = null;
    render();
    try {
      const created = await createTable(requestBody(state.form));
      state.created = { ...created, me: state.form.me };
      rememberCreated(created, state.form.me);
    } catch (error) {
      state.error = errorText(error);
    }
    state.busy = false;
    if (!destroyed) {
      render();
      const block = root.querySelector('[data-testid="created"]');
      if (block) block.scrollIntoView({ block: 'nearest' });
    }
  }

  function quickSection() {
    return h('section', { class: 'panel quick' },
      h('h2', {}, t('lobby.quick.title')),
      h('p', {}, t('lobby.quick.text')),
      h('div', { class: 'quick-name' }, nameField()),
      h('button', { type: 'button', class: 'primary big-button', 'data-testid': 'quick-play', disabled: state.busy, onclick: quickPlay },
        state.busy ? t('lobby.starting') : t('lobby.quick.button')));
  }

  function formSection() {
    if (state.loadError) return h('section', { class: 'panel' }, h('p', { class: 'error' }, state.loadError));
    if (!state.games || !state.form) return h('section', { class: 'panel' }, h('p', { class: 'muted' }, t('lobby.loading')));
    const form = state.form;
    const game = gameInfo(form.game);
    const bots = game.bots || ['random', 'easy', 'medium', 'hard'];
    const order = ['easy', 'medium', 'hard', 'random'];
    const botChoices = [...bots].sort((a, b) => (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99));
    const playerChoices = [];
    for (let n = game.min_players; n <= game.max_players; n += 1) playerChoices.push(n);

    const seatRows = form.seats.map((seat, i) => h('div', { class: 'seat-row', 'data-seat': i },
      h('span', { class: 'seat-row-name' }, t('lobby.seat', { n: i })),
      h('select', {
        'aria-label': `${t('lobby.seat', { n: i })}`, 'data-testid': `seat-kind-${i}`,
        onchange: (e) => { seat.kind = e.target.value; if (seat.kind === 'human' && form.me === null) form.me = i; resizeSeats(form, game); render(); },
      },
      h('option', { value: 'human', selected: seat.kind === 'human' }, t('lobby.human')),
      h('option', { value: 'open', selected: seat.kind === 'open' }, t('lobby.open')),
      h('option', { value: 'bot', selected: seat.kind === 'bot' }, t('lobby.bot'))),
      seat.kind === 'bot'
        ? h('select', {
          'aria-label': `${t('lobby.seat', { n: i })}: ${t('lobby.level')}`, 'data-testid': `seat-bot-${i}`,
          onchange: (e) => { seat.bot = e.target.value; },
        }, botChoices.map((b) => h('option', { value: b, selected: seat.bot === b }, t(`bot.${b}`))))
        : seat.kind === 'open' ? h('span', { class: 'muted' }, t('lobby.open.help')) : h('label', { class: 'me' },
          h('input', { type: 'radio', name: 'me', checked: form.me === i, onchange: () => { form.me = i; } }),
          ` ${t('lobby.me')}`)));

    // option names, choices and help: the game's own words if it gives them, else the server's
    const words = (key, fallback) => (has(key) ? t(key) : fallback);
    const options = lobbyOptions(game).map((o) => {
      const key = `option.${game.id}.${o.name}`;
      const help = getLang() === 'en' ? o.help : words(`${key}.help`, o.help);
      return h('label', { class: 'field-label' },
        h('span', {}, words(key, o.name)),
        h('select', { 'data-testid': `option-${o.name}`, onchange: (e) => { form.options[o.name] = o.choices[e.target.selectedIndex]; } },
          o.choices.map((c) => h('option', { value: String(c), selected: form.options[o.name] === c }, words(`${key}.${c}`, String(c))))),
        help ? h('small', { class: 'muted' }, help) : null);
    });

    return h('section', { class: 'panel new-table' },
      h('h2', {}, t('lobby.new.title')),
      h('form', { onsubmit: create },
        h('div', { class: 'form-grid' },
          h('label', { class: 'field-label' }, h('span', {}, t('lobby.game')),
            h('select', { 'data-testid': 'game', onchange: (e) => { resetForm(e.target.value); render(); } },
              state.games.map((g) => h('option', { value: g.id, selected: g.id === form.game }, g.title || g.id)))),
          h('label', { class: 'field-label' }, h('span', {}, t('lobby.players')),
            h('select', { 'data-testid': 'players', onchange: (e) => { form.players = Number(e.target.value); resizeSeats(form, game); render(); } },
              playerChoices.map((n) => h('option', { value: n, selected: n === form.players }, String(n))))),
          options.length ? h('fieldset', { class: 'options' }, h('legend', {}, t('lobby.options')), options) : null),
        h('fieldset', { class: 'seats-set' }, h('legend', {}, t('lobby.seats')), seatRows),
        h('label', { class: 'field-label away-field' }, h('span', {}, t('lobby.hints')),
          h('select', {
            'data-testid': 'hints', 'aria-describedby': 'hints-help',
            onchange: (e) => { form.hints = e.target.value === 'auto' ? null : e.target.value === 'on'; },
          },
          ['auto', 'on', 'off'].map((v) => h('option', {
            value: v, selected: v === (form.hints === null || form.hints === undefined ? 'auto' : form.hints ? 'on' : 'off'),
          }, t(`lobby.hints.${v}`)))),
          h('small', { class: 'muted', id: 'hints-help' }, t('lobby.hints.help'))),
        h('label', { class: 'field-label away-field' }, h('span', {}, t('lobby.away')),
          h('select', { 'data-testid': 'away', onchange: (e) => { form.away = Number(e.target.value) || null; } },
            [0, 2, 5, 10, 30].map((m) => h('option', { value: m, selected: (form.away || 0) === m }, m ? t('lobby.away.after', { n: m }) : t('lobby.away.never'))))),
        form.me === null ? h('p', { class: 'muted' }, t('lobby.noHuman')) : null,
        h('button', { type: 'submit', class: 'primary', 'data-testid': 'create', disabled: state.busy },
          state.busy ? t('lobby.starting') : t('lobby.start'))),
      state.created ? createdBlock() : null,
      rulesFor(form.game));
  }

  function createdBlock() {
    const { table, links, me } = state.created;
    const items = [];
    for (const [key, href] of Object.entries(links || {})) {
      if (key === 'spectator') continue;
      const label = Number(key) === me ? t('lobby.link.you', { n: key }) : t('lobby.link.seat', { n: key });
      items.push({ label, href, key });
    }
    if (links && links.spectator) items.push({ label: t('lobby.link.spectator'), href: links.spectator, key: 'spectator' });
    const mine = me === null ? null : (links || {})[String(me)];
    return h('div', { class: 'created', 'data-testid': 'created', 'data-table': table.id },
      h('h3', {}, t('lobby.created', { id: table.id })),
      h('p', {}, t('lobby.links')),
      linkList(items),
      h('p', {},
        mine
          ? h('a', { class: 'button primary', href: mine.replace(/^\/?/, ''), 'data-testid': 'open-seat' }, t('lobby.openSeat'))
          : h('a', { class: 'button primary', href: (links.spectator || '').replace(/^\/?/, ''), 'data-testid': 'open-seat' }, t('lobby.watch'))));
  }

  function rulesFor(gameId) {
    const mod = gameModule(gameId);
    return h('details', { class: 'rules', 'data-testid': 'rules' },
      h('summary', {}, `${t('lobby.rules.title')} — ${gameTitle(gameId, (gameInfo(gameId) || {}).title)}`),
      mod.rules ? mod.rules().map((p) => h('p', {}, p)) : h('p', { class: 'muted' }, t('lobby.rules.none')));
  }

  /** Each game in one line: what it is about, how many play, its rules, a table for it. */
  function gamesSection() {
    if (!state.games) return null;
    return h('section', { class: 'panel games', 'data-testid': 'games' },
      h('h2', {}, t('lobby.games.title')),
      h('ul', { class: 'game-list' }, state.games.map((g) => h('li', { 'data-game': g.id },
        h('div', { class: 'game-line' },
          h('strong', {}, g.title || g.id),
          h('span', { class: 'muted' }, ` · ${t('lobby.games.players', { min: g.min_players, max: g.max_players })}`)),
        h('p', { class: 'game-blurb' }, has(`lobby.blurb.${g.id}`) ? t(`lobby.blurb.${g.id}`) : ''),
        h('p', { class: 'game-links' },
          rulesLink(g.id), ' · ',
          h('button', {
            type: 'button', class: 'small link-like', 'data-testid': `setup-${g.id}`,
            onclick: () => {
              resetForm(g.id);
              render();
              const form = root.querySelector('.new-table');
              if (form) form.scrollIntoView({ block: 'start' });
            },
          }, t('lobby.games.setup')))))));
  }

  /** Tables being played with a seat anyone may take: join one in a click. */
  function openSection() {
    const list = state.open || [];
    return h('section', { class: 'panel open-tables', 'data-testid': 'open-tables' },
      h('h2', {}, t('lobby.openTables.title')),
      list.length
        ? h('ul', { class: 'recent-list' }, list.map((table) => {
          const free = table.seats.filter((x) => x.open);
          const seated = table.seats.filter((x) => !x.open).map((x) => (x.kind === 'bot' ? t('seat.bot', { level: t(`bot.${x.bot}`) }) : x.name || t('seat.n', { n: x.seat })));
          return h('li', { 'data-table': table.id },
            h('strong', {}, gameTitle(table.game, table.game)), ` · ${t('lobby.openTables.players', { n: table.players })}`,
            h('div', { class: 'muted' }, t('lobby.openTables.with', { who: seated.join(', ') })),
            free.map((x) => h('button', {
              type: 'button', class: 'small', 'data-testid': `join-${table.id}-${x.seat}`,
              onclick: () => join(table, x.seat),
            }, t('lobby.openTables.join', { n: x.seat }))));
        }))
        : h('p', { class: 'muted' }, t('lobby.openTables.none')));
  }

  async function join(table, seat) {
    try {
      const taken = await claimSeat(table.id, seat, savedName().trim() || null);
      remember({ id: table.id, game: table.game, seat, token: taken.token });
      location.hash = tableHref(table.id, taken.token);
    } catch (error) {
      state.error = errorText(error);
      loadOpen();
    }
  }

  async function loadOpen() {
    try {
      state.open = await listOpenTables();
    } catch { state.open = []; }
    if (!destroyed) render();
  }

  function recentSection() {
    const list = loadRecent();
    return h('section', { class: 'panel recent', 'data-testid': 'recent' },
      h('h2', {}, t('lobby.recent.title')),
      list.length
        ? h('ul', { class: 'recent-list' }, list.map((e) => h('li', { 'data-table': e.id },
          h('a', { href: tableHref(e.id, e.token), class: 'recent-open' },
            h('strong', {}, gameTitle(e.game, e.game || '?')), ` · ${e.id}`),
          h('span', { class: 'muted' },
            ` · ${e.seat === null || e.seat === undefined ? t('lobby.recent.spectator') : t('lobby.recent.seat', { n: e.seat })}`,
            ` · ${new Date(e.date).toLocaleString(getLang())}`),
          h('button', {
            type: 'button', class: 'small link-like', 'aria-label': t('lobby.recent.removeLabel', { id: e.id }),
            onclick: () => { forget(e.id, e.token); render(); },
          }, t('lobby.recent.remove')))))
        : h('p', { class: 'muted' }, t('lobby.recent.none')),
      list.length > 1
        ? h('button', { type: 'button', class: 'small link-like', onclick: () => { forgetAll(); render(); } }, t('lobby.recent.clear'))
        : null);
  }

  function render() {
    if (destroyed) return;
    replace(root, h('div', { class: 'lobby' },
      h('div', { class: 'lobby-main' },
        quickSection(),
        state.error ? h('p', { class: 'error', role: 'alert', 'data-testid': 'message' }, state.error) : null,
        formSection()),
      h('div', { class: 'lobby-side' }, openSection(), recentSection(), gamesSection())));
    document.title = 'nilegames';
  }

  render();
  load();
  loadOpen();

  return {
    refresh: render,
    destroy() { destroyed = true; },
  };
}
