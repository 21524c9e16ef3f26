// The replay viewer (#/replay/<id>?step=<n>&seat=<n>): step through a finished game as any
// seat or as a spectator.

import { h, replace } from './dom.js';
import { t, seatName, setNames, getLang } from './i18n.js';
import { resultDialog } from './results.js';
import { rulesLink, guideFor, applyTooltips } from './rules.js';
import { getReplay, getReplayStep, getTable } from './api.js';
import { gameModule, gameTitle } from './games/index.js';
import { errorText, logPanel, rulesBlock } from './table.js';
import { hintNotes } from './hint.js';
import { reviewButton } from './review.js';

/**
 * The game cut into player turns from who made each step (-1: chance): a turn runs from a
 * seat's first action to the next action of another seat; chance that follows belongs to it.
 * Returns [{seat, start, end}] (steps start..end-1).
 */
export function playerTurns(seats) {
  const turns = [];
  let last = null;
  seats.forEach((who, i) => {
    if (who < 0) return;
    if (who !== last) {
      if (turns.length) turns[turns.length - 1].end = i;
      turns.push({ seat: who, start: i, end: seats.length });
      last = who;
    }
  });
  return turns;
}

export function mountReplay(root, { id, step, seat }) {
  let destroyed = false;
  let info = null; // {game, players, options, actions, steps}
  let table = null; // the table summary (seats), if the server gives it
  let current = { step: null, seat: seat === '' || seat === null || seat === undefined ? null : Number(seat) };
  let data = null; // {step, observation, text, last_action}
  let error = null;
  let loading = false;
  let requested = 0;
  let turns = []; // [{seat, start, end}]
  let fine = false; // step by action instead of by turn

  const els = {
    head: h('div', { class: 'table-head' }),
    controls: h('div', { class: 'panel replay-controls', 'data-testid': 'replay-controls' }),
    message: h('div', { class: 'message', 'data-testid': 'message', role: 'alert', hidden: true }),
    board: h('div', { class: 'board', 'data-testid': 'board' }),
    log: h('section', { class: 'panel log', 'data-testid': 'log' }),
    extra: h('div'),
  };
  const dialog = resultDialog();
  let resultShown = false;
  els.moves = h('section', { class: 'panel moves', 'data-testid': 'moves', 'aria-label': t('replay.moves') });
  replace(root, h('div', { class: 'table-page replay' }, els.head, els.controls, els.message,
    h('div', { class: 'table-layout' },
      h('div', { class: 'table-main' }, els.board, els.extra),
      h('aside', { class: 'replay-side' }, els.moves, els.log)),
    dialog.el));

  /** The steps a turn-by-turn replay stops at: set-up done, then the end of each turn. */
  function stops() {
    const list = [0];
    if (turns.length) list.push(turns[0].start);
    for (const turn of turns) list.push(turn.end);
    return [...new Set(list)].sort((a, b) => a - b);
  }

  function nextStop(at, direction) {
    if (fine) return at + direction;
    const list = stops();
    if (direction > 0) return list.find((x) => x > at) ?? info.steps;
    return [...list].reverse().find((x) => x < at) ?? 0;
  }

  /** How many turns are over at this step. */
  function turnsDone(at) {
    return turns.filter((turn) => turn.end <= at).length;
  }

  function onKey(event) {
    if (!info || event.target.closest('input, select, textarea, dialog[open]:modal')) return;
    if (event.key === 'ArrowLeft') go(nextStop(current.step, -1));
    else if (event.key === 'ArrowRight') go(nextStop(current.step, 1));
    else if (event.key === 'Home') go(0);
    else if (event.key === 'End') go(info.steps);
    else return;
    event.preventDefault();
  }
  document.addEventListener('keydown', onKey);

  async function start() {
    try {
      const view = await getTable(id, null);
      table = view && view.table;
      setNames(table && table.seats);
    } catch (e) {
      error = errorText(e);
      render();
      return;
    }
    if (table && table.status !== 'finished') {
      // a game still being played has no replay yet: say so plainly
      error = t('replay.unfinished');
      render();
      return;
    }
    try {
      info = await getReplay(id);
    } catch (e) {
      error = errorText(e);
      render();
      return;
    }
    turns = playerTurns(info.seats || []);
    const wanted = step === undefined || step === null || step === '' ? info.steps : Number(step);
    go(Number.isFinite(wanted) ? wanted : info.steps);
  }

  async function go(target) {
    if (!info || destroyed) return;
    const next = Math.max(0, Math.min(info.steps, target));
    current.step = next;
    const ticket = ++requested;
    loading = true;
    renderControls();
    history.replaceState(null, '', `#/replay/${encodeURIComponent(id)}?step=${next}` + (current.seat === null ? '' : `&seat=${current.seat}`));
    try {
      const result = await getReplayStep(id, next, current.seat);
      // a seat's move is said from the position it was made in: the step before
      if (getLang() !== 'en' && next > 0 && (info.seats || [])[next - 1] >= 0) {
        const before = await getReplayStep(id, next - 1, current.seat);
        result.before = before.observation;
      }
      if (ticket !== requested || destroyed) return;
      data = result;
      error = null;
    } catch (e) {
      if (ticket !== requested || destroyed) return;
      error = errorText(e);
    }
    loading = false;
    render();
  }

  function renderHead() {
    const game = info ? gameTitle(info.game, info.game) : '';
    replace(els.head,
      h('div', { class: 'table-title' }, h('h1', {}, game ? `${game} · ` : '', t('replay.title', { id })),
        info ? rulesLink(info.game) : null),
      h('p', { class: 'replay-links' }, h('a', { href: `#/table/${encodeURIComponent(id)}` }, t('replay.backTable')), ' · ',
        h('a', { href: '#/' }, t('table.backLobby')),
        info ? [' ', reviewButton({ id, game: info.game, players: info.players, seat: current.seat }, () => dialog.close())] : null));
  }

  function renderControls() {
    if (!info) {
      replace(els.controls, h('p', { class: 'muted' }, error ? '' : t('replay.loading')));
      return;
    }
    const at = current.step ?? 0;
    const unit = fine ? 'step' : 'turn';
    const button = (key, target, disabled, symbol, label = t(`replay.${key}`)) => h('button', {
      type: 'button', 'data-testid': `replay-${key}`, disabled, onclick: () => go(target), 'aria-label': label, title: label,
    }, symbol, h('span', { class: 'btn-text' }, ` ${label}`));
    const seats = [];
    for (let s = 0; s < info.players; s += 1) seats.push(s);
    const done = turnsDone(at);
    replace(els.controls,
      h('div', { class: 'replay-buttons' },
        button('first', 0, at <= 0, '«'),
        button('prev', nextStop(at, -1), at <= 0, '‹', t(`replay.prev.${unit}`)),
        h('span', { class: 'replay-step', 'data-testid': 'replay-step', 'data-step': at, 'data-turn': done, 'aria-live': 'polite' },
          t(done ? 'replay.turn' : 'replay.turn0', { turn: done, turns: turns.length }), h('span', { class: 'muted' }, ` · ${t('replay.step', { step: at, steps: info.steps })}`),
          loading ? h('span', { class: 'spinner', 'aria-hidden': 'true' }) : null),
        button('next', nextStop(at, 1), at >= info.steps, '›', t(`replay.next.${unit}`)),
        button('last', info.steps, at >= info.steps, '»')),
      h('input', {
        type: 'range', min: 0, max: info.steps, value: at, class: 'replay-range', 'aria-label': t('replay.step', { step: at, steps: info.steps }),
        'data-testid': 'replay-range', onchange: (e) => go(Number(e.target.value)),
      }),
      h('div', { class: 'replay-options' },
        h('label', { class: 'replay-fine' },
          h('input', { type: 'checkbox', 'data-testid': 'replay-fine', checked: fine, onchange: (e) => { fine = e.target.checked; renderControls(); } }),
          ` ${t('replay.fine')}`),
        h('label', { class: 'replay-seat' }, `${t('replay.seat')} `,
          h('select', {
            'data-testid': 'replay-seat',
            onchange: (e) => { current.seat = e.target.value === '' ? null : Number(e.target.value); go(current.step); },
          },
          h('option', { value: '', selected: current.seat === null }, t('replay.spectator')),
          seats.map((s) => h('option', { value: s, selected: current.seat === s }, seatName(s, null)))))),
      data ? h('p', { class: 'last-action', 'data-testid': 'last-action' },
        data.last_action ? t('replay.lastAction', { text: lastActionText() }) : t('replay.noAction')) : null);
    replace(els.moves, h('h2', {}, t('replay.moves')), moveList(at));
  }

  /** The last action in the page's language (the game's words for its id; the server's as a fallback). */
  function lastActionText() {
    const mod = gameModule(info.game);
    const action = info.actions[data.step - 1];
    if (getLang() === 'en' || action === undefined) return data.last_action;
    if ((info.seats || [])[data.step - 1] < 0) {
      // chance: the newest event of the log says what it drew, in the page's words
      const log = (data.observation && data.observation.log) || [];
      const last = log[log.length - 1];
      return (last && mod.eventText && mod.eventText(last, current.seat)) || data.last_action;
    }
    if (!mod.actionText || !data.before) return data.last_action;
    return mod.actionText(action, { observation: data.before, seat: current.seat, legal_actions: [] }, null) || data.last_action;
  }

  /** Every player turn as a button to jump to its end; the current one marked. */
  function moveList(at) {
    if (!turns.length) return null;
    const done = turnsDone(at);
    const list = h('ol', { class: 'move-list', 'data-testid': 'move-list', 'aria-label': t('replay.moves') },
      turns.map((turn, i) => h('li', {},
        h('button', {
          type: 'button', class: ['small', 'move', i + 1 === done && 'current'], 'data-turn': i + 1,
          'aria-current': i + 1 === done ? 'step' : null,
          onclick: () => go(turn.end),
        }, t('replay.turnOf', { n: i + 1, who: seatName(turn.seat, null), steps: turn.end - turn.start })))));
    queueMicrotask(() => {
      const here = list.querySelector('.current');
      if (here) list.scrollTop = here.offsetTop - list.offsetTop - 40;
    });
    return list;
  }

  function render() {
    if (destroyed) return;
    renderHead();
    renderControls();
    els.message.hidden = !error;
    els.message.textContent = error || '';
    if (!data || !info) return;
    const mod = gameModule(info.game);
    const obs = data.observation || {};
    const view = {
      table: table || { id, game: info.game, players: info.players, options: info.options, status: 'finished', seats: [] },
      seat: current.seat,
      seq: data.step,
      observation: obs,
      to_move: null,
      legal_actions: [],
      text: data.text,
    };
    mod.render(view, els.board, null);
    guideFor(info.game).then((guide) => applyTooltips(els.board, guide.tooltips)).catch(() => {});
    if (data.step === info.steps && obs.result) {
      // the end of the replay shows the result (docked: the controls stay usable)
      dialog.fill(info.game, obs, current.seat, null);
      if (!resultShown) {
        resultShown = true;
        dialog.show(false);
      }
    } else {
      resultShown = false;
      dialog.close();
    }
    if (obs.log) {
      els.log.hidden = false;
      const shown = obs.log.length;
      logPanel(els.log, obs, mod, current.seat, undefined, hintNotes(info.hints_used, shown, shown, data.step));
    } else {
      els.log.hidden = true;
    }
    if (!els.extra.firstChild) replace(els.extra, rulesBlock(mod));
  }

  renderHead();
  renderControls();
  start();

  return {
    refresh() {
      replace(els.extra);
      render();
    },
    destroy() {
      destroyed = true;
      dialog.close();
      document.removeEventListener('keydown', onKey);
    },
  };
}
