// The table page (#/table/<id>?token=...): live view, status, the game's board, the legal
// actions as buttons, the log. Works for every game; the board comes from games/index.js.

import { h, replace } from './dom.js';
import { t, has, seatName, setNames, joinList, getLang, savedName, saveName } from './i18n.js';
import { watchTable, postAction, postUndo, handToBot, nameSeat, postChat, postHint } from './api.js';
import { gameModule, gameTitle } from './games/index.js';
import { remember, update, loadRecent, tableHref } from './recent.js';
import { linkList } from './links.js';
import { resultDialog } from './results.js';
import { rulesLink, guideFor, applyTooltips } from './rules.js';
import { explainDisabled, markInert } from './whynot.js';
import { bulb, hintButton, hintNote, hintNotes, hintPanel, hintRefusal } from './hint.js';
import { reviewButton } from './review.js';

const LOG_LINES = 30;
const LIMIT = 200; // the longest chat message, as the server counts it
const CHAT_KEY = 'nilegames.chat';

function chatWanted() {
  try { return localStorage.getItem(CHAT_KEY) !== 'off'; } catch { return true; }
}

function saveChatWanted(on) {
  try { localStorage.setItem(CHAT_KEY, on ? 'on' : 'off'); } catch { /* storage may be disabled */ }
}

/** An error as a sentence for the page. */
export function errorText(error) {
  const status = error && error.status;
  const known = { 0: 'error.network', 403: 'error.403', 404: 'error.404', 409: 'error.409', 413: 'error.413', 422: 'error.422' };
  const base = t(known[status] || 'error.generic');
  const detail = error && error.message && status !== 0 ? ` ${t('error.server', { error: error.message })}` : '';
  return base + detail;
}

/** The server's words say "Seat 2": the players' names instead, where they gave one. */
function withNames(text, viewer) {
  if (!text) return text;
  return text.replace(/\b(Seat|seat|Place) (\d)\b/g, (all, _word, n) => {
    const name = seatName(Number(n), viewer);
    return Number(n) === viewer || name === t('seat.n', { n }) ? all : name;
  });
}

/** Events that open a turn or a round: a log group starts at each. */
const HEADERS = new Set(['turn', 'round']);

/** Log entries in the page's language, by turn: the newest turn first, each turn under its
 * own heading and its newest entry just below it, so the heading never trails its entries.
 * notes: [{at, use}] hints used, each shown before the log entry `at` (see hint.js). */
export function logList(obs, module, viewer, freshFrom = Infinity, notes = []) {
  const log = (obs && obs.log) || [];
  const start = Math.max(0, log.length - LOG_LINES);
  const groups = [[]];
  const noted = (at) => notes.filter((n) => n.at === at && at >= start).map((n) => ({ note: n.use }));
  for (let i = start; i <= log.length; i += 1) {
    for (const note of noted(i)) groups[groups.length - 1].push(note);
    if (i === log.length) break;
    if (HEADERS.has(log[i].event) && groups[groups.length - 1].length) groups.push([]);
    groups[groups.length - 1].push(i);
  }
  const item = (i) => {
    if (typeof i === 'object') {
      return h('li', { class: 'ev-hint', 'data-event': 'hint', 'data-seat': i.note.seat }, bulb(), ' ', hintNote(i.note, viewer));
    }
    const ev = log[i];
    const text = withNames(module.eventText ? module.eventText(ev, viewer) : ev.text, viewer);
    return h('li', { class: [i >= freshFrom && 'fresh', `ev-${ev.event}`], 'data-event': ev.event }, text || ev.text || '');
  };
  const isHeader = (i) => typeof i === 'number' && HEADERS.has(log[i] && log[i].event);
  const items = [];
  for (const group of groups.reverse()) {
    if (!group.length) continue;
    const headed = isHeader(group[0]);
    if (headed) items.push(item(group[0]));
    for (const i of group.slice(headed ? 1 : 0).reverse()) items.push(item(i));
  }
  return h('ol', { class: 'log-list' }, items);
}

/** The log panel: a region with role="log", newest entry first so it is seen at once. */
export function logPanel(el, obs, module, viewer, freshFrom, notes = []) {
  el.setAttribute('role', 'log');
  el.setAttribute('aria-label', t('table.log'));
  replace(el, h('h2', {}, t('table.log')), logList(obs, module, viewer, freshFrom, notes));
}

export function rulesBlock(module) {
  if (!module.rules) return null;
  return h('details', { class: 'panel rules' }, h('summary', {}, t('lobby.rules.title')),
    module.rules().map((p) => h('p', {}, p)));
}

export function mountTable(root, { id, token }) {
  let view = null;
  let conn = 'connecting';
  let pending = false;
  let message = null;
  let messageKind = null; // 'network' messages go away by themselves once the server answers
  let logSeen = null; // log length at the previous render, for the "fresh" highlight
  let destroyed = false;
  const open = { share: false, leave: false }; // the head's <details>, kept open across redraws
  let headKey = null;
  let leaveBot = 'medium';
  let hintAnswer = null; // the last hint given, for its position (seq) only
  let hinting = false;
  let hintRefused = null; // why no hint, said once the greyed button was pressed

  const dialog = resultDialog();
  const els = {
    head: h('div', { class: 'table-head' }),
    status: h('div', { class: 'status', 'data-testid': 'status', role: 'status', 'aria-live': 'polite' }, t('table.loading')),
    message: h('div', { class: 'message', 'data-testid': 'message', role: 'alert', hidden: true }),
    board: h('div', { class: 'board', 'data-testid': 'board' }),
    after: h('div', { class: 'after-game' }),
    actions: h('section', { class: 'panel actions', 'data-testid': 'actions', 'aria-label': t('table.actions') }),
    tools: h('div', { class: 'turn-tools', 'data-testid': 'turn-tools' }),
    hint: h('div', { class: 'hint-slot' }),
    log: h('section', { class: 'panel log', 'data-testid': 'log', role: 'log', 'aria-label': t('table.log') }),
    side: h('aside', { class: 'table-side', id: 'table-side', 'data-testid': 'side' }),
    drawer: h('button', { type: 'button', class: 'drawer-toggle', 'data-testid': 'log-toggle', 'aria-controls': 'table-side', 'aria-expanded': 'false' }),
    extra: h('div', {}),
  };
  els.drawer.addEventListener('click', () => setDrawer(!drawerOpen));
  els.chat = h('section', { class: 'panel chat', 'data-testid': 'chat', 'aria-label': t('chat.title') });
  els.side.append(els.log, els.chat);
  replace(root, h('div', { class: 'table-page' },
    els.head, els.status, els.tools, els.hint, els.message, els.after,
    h('div', { class: 'table-layout' },
      h('div', { class: 'table-main' }, els.board, els.actions, els.extra),
      els.side),
    els.drawer, dialog.el));
  let drawerOpen = false;
  let resultShown = false; // the dialog opens by itself once; a button opens it again
  let unseen = 0; // log entries that arrived while the phone's drawer was shut

  function setDrawer(value) {
    drawerOpen = value;
    if (value) unseen = 0;
    els.side.classList.toggle('open', value);
    renderDrawer();
    if (value) els.side.focus({ preventScroll: true });
  }

  function renderDrawer() {
    els.drawer.setAttribute('aria-expanded', String(drawerOpen));
    replace(els.drawer, drawerOpen ? t('table.log.close') : t('table.log'),
      !drawerOpen && unseen ? h('span', { class: 'badge', 'aria-label': t('table.log.new', { n: unseen }) }, String(unseen)) : null);
  }
  els.side.tabIndex = -1;

  function onKey(event) {
    // z takes back the last step; it wins over any move key starting with z
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target.closest && event.target.closest('input, select, textarea, [contenteditable]')) return;
    if (event.key === 'z' || event.key === 'Z') {
      event.preventDefault();
      event.stopImmediatePropagation();
      takeBack();
    } else if (event.key === 'h' || event.key === 'H') {
      if (!view || view.seat === null || view.seat === undefined) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      askHint();
    } else if (event.key === 'Escape' && drawerOpen) {
      setDrawer(false);
      els.drawer.focus();
    }
  }
  document.addEventListener('keydown', onKey, true);

  const timer = setInterval(renderTimer, 1000);

  if (token) remember({ id, token });

  const watcher = watchTable(id, token, {
    onView(next) {
      if (destroyed) return;
      if (view && next.seq < view.seq) return; // an older view arriving late
      if (messageKind === 'network') showMessage(null);
      const first = !view;
      view = next;
      setNames(view.table && view.table.seats);
      if (first) {
        const seat = view.seat;
        const entry = { id, token: token || null, game: view.table && view.table.game, seat };
        if (token) remember(entry);
        else update(id, null, entry);
      }
      if (view.table && view.table.status === 'finished' && token) update(id, token, { finished: true });
      render();
    },
    onState(state) {
      if (destroyed) return;
      conn = state;
      if (state === 'live' && messageKind === 'network') showMessage(null); // reached again
      renderHead();
    },
    onError(error) {
      if (destroyed) return;
      if (error.status === 404 && !view) {
        unknownTable();
        return;
      }
      showMessage(errorText(error), error.status === 0 ? 'network' : 'error');
    },
  });

  /** No such table: say so plainly, with the ways on, instead of an empty table page. */
  function unknownTable() {
    replace(root, h('section', { class: 'panel unknown-table', 'data-testid': 'unknown-table' },
      h('h1', {}, t('unknown.title')),
      h('p', {}, t('unknown.text', { id })),
      h('p', {}, h('a', { class: 'button primary', href: '#/' }, t('table.backLobby')))));
    document.title = `${t('unknown.title')} · nilegames`;
  }

  let probe = null; // while the server cannot be reached: asks again until it answers
  function showMessage(text, kind = 'error') {
    message = text;
    messageKind = text ? kind : null;
    clearTimeout(probe);
    probe = null;
    if (kind === 'network' && text) {
      const again = async () => {
        if (destroyed || messageKind !== 'network') return;
        const fresh = await watcher.refresh(true);
        if (fresh) showMessage(null);
        else probe = setTimeout(again, 3000);
      };
      probe = setTimeout(again, 2000);
    }
    els.message.hidden = !text;
    els.message.textContent = text || '';
  }

  async function act(action) {
    if (pending || !view) return;
    pending = true;
    showMessage(null);
    els.board.classList.add('busy');
    els.actions.classList.add('busy');
    renderStatus();
    try {
      const next = await postAction(id, token, view.seq, action);
      if (next && (!view || next.seq >= view.seq)) view = next;
    } catch (error) {
      showMessage(errorText(error), error.status === 0 ? 'network' : 'error');
      if (error.status === 409 || error.status === 422) watcher.refresh(true);
    } finally {
      pending = false;
      els.board.classList.remove('busy');
      els.actions.classList.remove('busy');
      if (!destroyed) render();
    }
  }

  async function takeBack() {
    if (pending || !view || !view.undo || !view.undo.possible) return;
    pending = true;
    showMessage(null);
    renderStatus();
    try {
      const next = await postUndo(id, token, view.seq);
      if (next) view = next;
    } catch (error) {
      showMessage(errorText(error));
      if (error.status === 409) watcher.refresh(true);
    } finally {
      pending = false;
      if (!destroyed) render();
    }
  }

  /** The hard bot's move for this position (the server logs that a hint was used). */
  async function askHint() {
    if (pending || hinting || !view || !view.hint || !view.hint.possible) return;
    hinting = true;
    showMessage(null);
    renderTools();
    const asked = view.seq;
    try {
      const answer = await postHint(id, token, asked);
      if (view && answer.seq === view.seq) hintAnswer = answer;
    } catch (error) {
      if (error.status === 409 && view && view.seq !== asked) return; // moved meanwhile: no news
      showMessage(errorText(error), error.status === 0 ? 'network' : 'error');
      if (error.status === 409) watcher.refresh(true);
    } finally {
      hinting = false;
      if (!destroyed) render();
    }
  }

  /** The hint given for this position, under the bar; gone once the position changes. */
  function renderHint() {
    if (hintAnswer && (!view || hintAnswer.seq !== view.seq || view.to_move !== view.seat)) hintAnswer = null;
    for (const el of root.querySelectorAll('.hinted')) el.classList.remove('hinted');
    if (view && view.hint && view.hint.possible) hintRefused = null; // the reason went away
    if (!hintAnswer) {
      replace(els.hint, hintRefused ? hintRefusal(hintRefused, () => { hintRefused = null; renderHint(); }) : null);
      return;
    }
    hintRefused = null;
    const mod = module();
    const words = (action, fallback) => (mod.actionText && action !== null && action !== undefined ? mod.actionText(action, view, fallback) : fallback);
    const legal = (view.legal_actions || []).some((a) => a.action === hintAnswer.action);
    replace(els.hint, hintPanel(hintAnswer, view.table.players, words, {
      play: legal ? () => act(hintAnswer.action) : null,
      close: () => { hintAnswer = null; renderHint(); },
    }));
    for (const el of root.querySelectorAll(`[data-testid="board"] [data-action="${hintAnswer.action}"], [data-testid="actions"] [data-action="${hintAnswer.action}"]`)) {
      el.classList.add('hinted');
    }
  }

  /** Why undo is off, in the page's words (the server's code; its English as a fallback). */
  function undoReason(undo) {
    if (undo.code === 'ok') return t('undo.ok', { step: stepWords(undo) });
    if (undo.code === 'final') return t('undo.final', { step: stepWords(undo) });
    // the last step was another seat's: on one's own turn that means nothing is done yet
    if (undo.code === 'turn' && view.to_move === view.seat) return t('undo.nothing');
    return has(`undo.${undo.code}`) ? t(`undo.${undo.code}`) : undo.reason;
  }

  function stepWords(undo) {
    const mod = module();
    // the server's words in the page's language, said from the position before the step
    const said = undo.words && undo.words[getLang()];
    if (said) return said;
    if (undo.action !== undefined && undo.action !== null && mod.actionText) return mod.actionText(undo.action, view, undo.step);
    return undo.step || '';
  }

  function renderTools() {
    const seated = view && view.seat !== null && view.seat !== undefined;
    const finished = view && view.table && view.table.status === 'finished';
    if (!seated || finished || (mySeat() && mySeat().kind === 'bot')) {
      replace(els.tools, timerEl());
      return;
    }
    const undo = view.undo || { possible: false, code: 'turn', reason: '' };
    const why = undoReason(undo);
    const off = !undo.possible || pending;
    replace(els.tools,
      h('button', {
        type: 'button', class: 'undo', 'data-testid': 'undo', 'data-control': 'undo', 'aria-keyshortcuts': 'z',
        'aria-disabled': off ? 'true' : 'false', 'aria-describedby': 'undo-why', title: `${why} (z)`,
        onclick: takeBack,
      }, h('span', { 'aria-hidden': 'true' }, '↶ '), t('undo.button')),
      h('span', { class: ['why', undo.possible && 'why-ok'], id: 'undo-why', 'data-testid': 'undo-why' }, why),
      hintButton(view, hinting, askHint, (why) => { hintRefused = why; renderHint(); }),
      timerEl());
  }

  /** Who is to move and for how long: the clock of the seat whose turn it is. */
  function timerEl() {
    if (!view || view.to_move === null || view.to_move === undefined) return null;
    return h('span', { class: 'turn-timer', role: 'timer', 'data-testid': 'turn-timer', 'aria-live': 'off' }, timerText());
  }

  function clock() {
    const since = view && view.table && Date.parse(view.table.updated);
    const seconds = Number.isFinite(since) ? Math.max(0, Math.floor((Date.now() - since) / 1000)) : 0;
    const m = Math.floor(seconds / 60);
    const sec = String(seconds % 60).padStart(2, '0');
    return `${m}:${sec}`;
  }

  function timerText() {
    const seat = ((view.table && view.table.seats) || []).find((x) => x.seat === view.to_move);
    const base = t('table.timer', { who: seatName(view.to_move, view.seat), time: clock() });
    if (!seat || seat.kind !== 'human' || !seat.away) return base;
    const m = Math.floor(seat.away / 60);
    return `${base} · ${t('table.away', { time: `${m}:${String(seat.away % 60).padStart(2, '0')}` })}`;
  }

  function renderTimer() {
    const el = els.tools.querySelector('.turn-timer');
    if (el && view) el.textContent = timerText();
  }

  /** Reasons on every greyed control, also after a board redraws itself (NIL's rack). */
  function explainNow() {
    if (!view) return;
    markInert(els.board, view, '[data-testid="hand"] .inert, [data-testid="rack"] .inert');
    explainDisabled(els.board, view, module(), pending);
    watcherOfBoard.takeRecords(); // our own notes are no redraw
  }
  const watcherOfBoard = new MutationObserver(() => explainNow());
  watcherOfBoard.observe(els.board, { childList: true, subtree: true });

  /** The guide's tooltips on the board, once they are loaded (per language). */
  let tips = null;
  function tooltips() {
    const game = view && view.table && view.table.game;
    if (!game) return;
    const lang = getLang();
    if (tips && tips.lang === lang && tips.game === game) {
      applyTooltips(els.board, tips.tooltips);
      return;
    }
    guideFor(game).then((guide) => {
      tips = { lang, game, tooltips: guide.tooltips };
      if (!destroyed && getLang() === lang) applyTooltips(els.board, guide.tooltips);
    }).catch(() => { /* the board works without them */ });
  }

  function module() {
    return gameModule(view && view.table ? view.table.game : view && view.observation && view.observation.game);
  }

  function renderHead() {
    // redrawn only when what it shows changes (a bot's move must not close an open <details>)
    const seat = mySeat();
    const key = JSON.stringify([getLang(), conn, view && view.seat, view && view.table && view.table.status, seat && seat.kind, seat && seat.name, !!view]);
    if (key === headKey) return;
    headKey = key;
    const game = view && view.table ? gameTitle(view.table.game, view.table.game) : '';
    const seatLine = !view ? '' : view.seat === null || view.seat === undefined
      ? t('table.spectator') : [t('table.youAre', { n: view.seat }), seat && seat.name ? ` ${t('name.as', { name: seat.name })}` : ''].join('');
    const links = [];
    const recent = loadRecent().find((e) => e.id === id && e.links);
    if (recent) {
      for (const [key, link] of Object.entries(recent.links)) {
        if (key === 'spectator') continue;
        links.push({ label: Number(key) === recent.seat ? t('lobby.link.you', { n: key }) : t('lobby.link.seat', { n: key }), href: link });
      }
    } else if (token) {
      links.push({ label: t('lobby.link.you', { n: view && view.seat !== null && view.seat !== undefined ? view.seat : '?' }), href: `/${tableHref(id, token)}` });
    }
    links.push({ label: t('lobby.link.spectator'), href: `/${tableHref(id, null)}` });
    replace(els.head,
      h('div', { class: 'table-title' },
        h('h1', {}, game ? `${game} · ` : '', t('table.title', { id })),
        h('span', { class: ['conn', `conn-${conn}`], 'data-testid': 'connection', 'data-state': conn }, t(`conn.${conn}`))),
      h('p', { class: 'seat-line' }, seatLine),
      seat && seat.kind === 'human' && !seat.name ? nameForm() : null,
      h('div', { class: 'head-extras' },
        h('details', { class: 'share', open: open.share, ontoggle: (e) => { open.share = e.target.open; } },
          h('summary', {}, t('table.share')), linkList(links)),
        view && view.table ? rulesLink(view.table.game) : null,
        view ? leaveBlock() : null));
  }

  /** The invitation page asks the player's name once (kept in this browser for next time). */
  function nameForm() {
    const input = h('input', {
      type: 'text', id: 'seat-name', maxlength: 24, required: true, value: savedName(), autocomplete: 'nickname',
      'data-testid': 'name-input', 'aria-describedby': 'seat-name-help',
    });
    return h('form', {
      class: 'name-form', 'data-testid': 'name-form',
      onsubmit: async (e) => {
        e.preventDefault();
        const name = input.value.trim();
        if (!name || !view) return;
        try {
          const next = await nameSeat(id, view.seat, token, name);
          saveName(name);
          if (next && next.seq >= view.seq) { view = next; setNames(view.table.seats); }
          showMessage(null);
          render();
        } catch (error) {
          showMessage(errorText(error));
        }
      },
    },
    h('span', { id: 'seat-name-help', class: 'muted' }, t('name.ask'), ' '),
    h('label', { for: 'seat-name' }, t('name.label')), ' ', input, ' ',
    h('button', { type: 'submit', class: 'small' }, t('name.save')));
  }

  function mySeat() {
    if (!view || view.seat === null || view.seat === undefined) return null;
    const seats = (view.table && view.table.seats) || [];
    return seats.find((x) => x.seat === view.seat) || seats[view.seat] || null;
  }

  async function leave(bot) {
    if (pending || !view) return;
    pending = true;
    showMessage(null);
    try {
      const next = await handToBot(id, view.seat, token, bot);
      if (next && next.seq >= view.seq) view = next;
    } catch (error) {
      showMessage(errorText(error));
    } finally {
      pending = false;
      if (!destroyed) render();
    }
  }

  /** A seated human may leave a game in progress: a bot takes the seat. */
  function leaveBlock() {
    const seat = mySeat();
    if (!seat || !view.table || view.table.status === 'finished') return null;
    if (seat.kind === 'bot') return h('p', { class: 'muted', 'data-testid': 'left' }, t('table.leftSeat', { level: t(`bot.${seat.bot}`) }));
    const bots = ['easy', 'medium', 'hard', 'random'];
    const select = h('select', { 'aria-label': t('lobby.level'), 'data-testid': 'leave-bot', onchange: (e) => { leaveBot = e.target.value; } },
      bots.map((b) => h('option', { value: b, selected: b === leaveBot }, t(`bot.${b}`))));
    return h('details', { class: 'leave', 'data-testid': 'leave', open: open.leave, ontoggle: (e) => { open.leave = e.target.open; } },
      h('summary', {}, t('table.leave')),
      h('p', {}, t('table.leave.text')),
      h('p', { class: 'leave-row' }, select, ' ',
        h('button', { type: 'button', 'data-testid': 'leave-confirm', onclick: () => leave(select.value) }, t('table.leave.button'))));
  }

  function renderStatus() {
    const el = els.status;
    if (!view) return;
    const obs = view.observation || {};
    const seats = (view.table && view.table.seats) || [];
    const finished = (view.table && view.table.status === 'finished') || obs.result;
    let state;
    let text;
    let hint = '';
    if (finished) {
      state = 'finished';
      const winners = (obs.result && obs.result.winners) || [];
      if (winners.length === 1 && winners[0] === view.seat) text = t('status.youWin');
      else if (winners.length) text = t(winners.length > 1 ? 'status.overWinners' : 'status.overWinner', { who: joinList(winners.map((w) => seatName(w, view.seat))) });
      else text = t('status.over');
    } else if (pending) {
      state = 'pending';
      text = t('status.pending');
    } else if (view.to_move === null || view.to_move === undefined) {
      state = 'idle';
      text = t('status.idle');
    } else if (view.seat !== null && view.to_move === view.seat && mySeat() && mySeat().kind === 'bot') {
      state = 'bot';
      text = t('status.yourBot', { level: t(`bot.${mySeat().bot}`) });
    } else if (view.seat !== null && view.to_move === view.seat) {
      state = 'your-turn';
      text = t('status.yourTurn');
      const mod = module();
      hint = mod.statusHint ? mod.statusHint(view) : '';
    } else {
      const info = seats.find((x) => x.seat === view.to_move) || seats[view.to_move] || {};
      const who = seatName(view.to_move, view.seat);
      if (info.kind === 'bot') {
        state = 'bot';
        text = t('status.bot', { who, level: t(`bot.${info.bot}`) });
      } else {
        state = 'waiting';
        text = t(info.connected === false ? 'status.waitingOffline' : 'status.waiting', { who });
      }
    }
    el.dataset.state = state;
    el.dataset.toMove = view.to_move ?? '';
    replace(el,
      state === 'bot' || state === 'pending' ? h('span', { class: 'spinner', 'aria-hidden': 'true' }) : null,
      h('strong', {}, text),
      hint ? h('span', { class: 'hint' }, ` — ${hint}`) : null);
    const mark = state === 'your-turn' ? '● ' : '';
    document.title = `${mark}${gameTitle(view.table && view.table.game, 'nilegames')} · ${id}`;
  }

  function renderActions() {
    const mod = module();
    const list = view.seat === null || view.seat === undefined ? [] : view.legal_actions || [];
    replace(els.actions,
      h('h2', {}, t('table.actions')),
      list.length
        ? h('div', { class: 'action-buttons' }, list.map((a) => h('button', {
          type: 'button', class: 'action', 'data-action': a.action, onclick: () => act(a.action),
        }, mod.actionText ? mod.actionText(a.action, view, a.text) : a.text)))
        : h('p', { class: 'muted' }, t('table.noActions')));
    els.actions.hidden = view.seat === null || view.seat === undefined || (view.table && view.table.status === 'finished');
  }

  function renderLog() {
    const obs = view.observation || {};
    const length = (obs.log || []).length;
    const freshFrom = logSeen === null ? Infinity : logSeen;
    logSeen = length;
    if (!obs.log) {
      els.log.hidden = true;
      return;
    }
    els.log.hidden = false;
    logPanel(els.log, obs, module(), view.seat, freshFrom, hintNotes(view.hints_used, length, view.log_total));
    if (freshFrom !== Infinity && length > freshFrom && !drawerOpen) unseen += length - freshFrom;
    renderDrawer();
  }

  let chatOn = chatWanted();
  let chatDraft = '';
  let chatSeen = null;

  /** The table chat: messages kept with the game, a field to write (players only), an off switch. */
  function renderChat() {
    const lines = view.chat || [];
    const key = JSON.stringify([getLang(), chatOn, lines.length, lines.length && lines[lines.length - 1].at, view.seat, (view.table.seats || []).map((x) => x.name)]);
    if (key === chatSeen) return;
    chatSeen = key;
    const typing = document.activeElement && document.activeElement.id === 'chat-input';
    const toggle = h('label', { class: 'chat-toggle' },
      h('input', {
        type: 'checkbox', checked: chatOn, 'data-testid': 'chat-toggle',
        onchange: (e) => { chatOn = e.target.checked; saveChatWanted(chatOn); chatSeen = null; renderChat(); },
      }), ` ${t('chat.show')}`);
    if (!chatOn) {
      replace(els.chat, h('h2', {}, t('chat.title')), toggle);
      return;
    }
    const seated = view.seat !== null && view.seat !== undefined;
    const input = h('textarea', {
      id: 'chat-input', rows: 2, maxlength: LIMIT, 'data-testid': 'chat-input', 'aria-describedby': 'chat-count',
      oninput: (e) => { chatDraft = e.target.value; count.textContent = t('chat.count', { n: chatDraft.length, max: LIMIT }); },
      onkeydown: (e) => { if (e.key === 'Enter' && !e.shiftKey) { e.preventDefault(); send(); } },
    });
    input.value = chatDraft;
    const count = h('span', { id: 'chat-count', class: 'muted chat-count' }, t('chat.count', { n: chatDraft.length, max: LIMIT }));
    async function send() {
      const text = chatDraft.trim();
      if (!text) return;
      try {
        const next = await postChat(id, token, text);
        chatDraft = '';
        if (next && next.seq >= view.seq) view = next;
        chatSeen = null;
        renderChat();
        const again = els.chat.querySelector('#chat-input');
        if (again) again.focus();
      } catch (error) {
        showMessage(errorText(error), error.status === 0 ? 'network' : 'error');
      }
    }
    const list = h('ol', { class: 'chat-list', 'data-testid': 'chat-list', 'aria-live': 'polite' },
      lines.map((m) => h('li', {},
        h('strong', {}, seatName(m.seat, view.seat)), ' ',
        h('span', { class: 'muted chat-time' }, new Date(m.at).toLocaleTimeString(getLang(), { hour: '2-digit', minute: '2-digit' })),
        h('div', { class: 'chat-text' }, m.text))));
    replace(els.chat, h('h2', {}, t('chat.title')), toggle,
      lines.length ? list : h('p', { class: 'muted' }, t('chat.none')),
      seated
        ? h('form', { class: 'chat-form', onsubmit: (e) => { e.preventDefault(); send(); } },
          h('label', { for: 'chat-input', class: 'sr-only' }, t('chat.message')), input,
          h('div', { class: 'chat-row' }, count, h('button', { type: 'submit', class: 'small', 'data-testid': 'chat-send' }, t('chat.send'))))
        : h('p', { class: 'muted' }, t('chat.readOnly')));
    list.scrollTop = list.scrollHeight;
    if (typing) {
      const again = els.chat.querySelector('#chat-input');
      again.focus();
      again.setSelectionRange(again.value.length, again.value.length);
    }
  }

  function renderAfter() {
    const finished = view.table && view.table.status === 'finished';
    const obs = view.observation || {};
    if (finished && obs.result) {
      const replayLink = h('a', { class: 'button', href: `#/replay/${encodeURIComponent(id)}` }, t('table.replay'));
      const review = reviewButton({ id, game: view.table.game, players: view.table.players, seat: view.seat }, () => dialog.close());
      dialog.fill(view.table.game, obs, view.seat, [review, replayLink]);
      if (!resultShown) {
        resultShown = true;
        dialog.show();
      }
    }
    replace(els.after, finished
      ? h('p', { class: 'after-links' },
        obs.result ? h('button', { type: 'button', class: 'primary', 'data-testid': 'result-open', onclick: () => dialog.show() }, t('res.title')) : null,
        ' ',
        h('a', { class: 'button', href: `#/replay/${encodeURIComponent(id)}`, 'data-testid': 'replay-link' }, t('table.replay')),
        ' ',
        h('a', { class: 'button', href: '#/' }, t('table.backLobby')))
      : null);
  }

  function render() {
    if (!view || destroyed) return;
    // keep the keyboard focus on the "same" control across a re-render
    const focused = document.activeElement;
    const focusKey = focused && root.contains(focused)
      ? (focused.dataset.control ? `[data-control="${focused.dataset.control}"]` : focused.dataset.action ? `[data-action="${focused.dataset.action}"]` : null)
      : null;
    renderHead();
    renderStatus();
    renderAfter();
    const mod = module();
    mod.render(view, els.board, act); // while an action is under way .busy makes the board inert
    explainNow();
    tooltips();
    renderActions();
    renderTools();
    renderHint();
    renderLog();
    renderChat();
    if (!els.extra.firstChild || els.extra.dataset.lang !== getLang()) {
      replace(els.extra, rulesBlock(mod));
      els.extra.dataset.lang = getLang();
    }
    if (focusKey) {
      const again = root.querySelector(focusKey);
      if (again && !again.disabled) again.focus({ preventScroll: true });
    }
  }

  return {
    refresh() {
      // the language changed: draw everything again from the last view
      els.actions.setAttribute('aria-label', t('table.actions'));
      els.log.setAttribute('aria-label', t('table.log'));
      renderDrawer();
      logSeen = view ? ((view.observation || {}).log || []).length : null;
      chatSeen = null;
      if (view) render();
      else renderHead();
    },
    destroy() {
      destroyed = true;
      watcherOfBoard.disconnect();
      clearTimeout(probe);
      dialog.close();
      clearInterval(timer);
      document.removeEventListener('keydown', onKey, true);
      watcher.close();
      document.title = 'nilegames';
    },
  };
}
