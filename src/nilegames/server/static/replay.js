// The replay viewer (#/replay/<id>?step=<n>&seat=<n>): step through a finished game as any
// seat or as a spectator.

import { h, replace } from './dom.js';
import { t, seatName, setNames } from './i18n.js';
import { resultDialog } from './results.js';
import { rulesLink, guideFor, applyTooltips } from './rules.js';
import { getReplay, getReplayStep, getTable } from './api.js';
import { gameModule, gameTitle } from './games/index.js';
import { errorText, logPanel, rulesBlock } from './table.js';

export function mountReplay(root, { id, step, seat }) {
  let destroyed = false;
  let info = null; // {game, players, options, actions, steps}
  let table = null; // the table summary (seats), if the server gives it
  let current = { step: null, seat: seat === '' || seat === null || seat === undefined ? null : Number(seat) };
  let data = null; // {step, observation, text, last_action}
  let error = null;
  let loading = false;
  let requested = 0;

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
  replace(root, h('div', { class: 'table-page replay' }, els.head, els.controls, els.message, els.board, els.log, els.extra, dialog.el));

  function onKey(event) {
    if (!info || event.target.closest('input, select, textarea')) return;
    if (event.key === 'ArrowLeft') go(current.step - 1);
    else if (event.key === 'ArrowRight') go(current.step + 1);
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
      h('p', {}, h('a', { href: `#/table/${encodeURIComponent(id)}` }, t('replay.backTable')), ' · ',
        h('a', { href: '#/' }, t('table.backLobby'))));
  }

  function renderControls() {
    if (!info) {
      replace(els.controls, h('p', { class: 'muted' }, error ? '' : t('replay.loading')));
      return;
    }
    const at = current.step ?? 0;
    const button = (key, target, disabled, symbol) => h('button', {
      type: 'button', 'data-testid': `replay-${key}`, disabled, onclick: () => go(target), 'aria-label': t(`replay.${key}`), title: t(`replay.${key}`),
    }, symbol, h('span', { class: 'btn-text' }, ` ${t(`replay.${key}`)}`));
    const seats = [];
    for (let s = 0; s < info.players; s += 1) seats.push(s);
    replace(els.controls,
      h('div', { class: 'replay-buttons' },
        button('first', 0, at <= 0, '«'),
        button('prev', at - 1, at <= 0, '‹'),
        h('span', { class: 'replay-step', 'data-testid': 'replay-step', 'data-step': at, 'aria-live': 'polite' },
          t('replay.step', { step: at, steps: info.steps }), loading ? h('span', { class: 'spinner', 'aria-hidden': 'true' }) : null),
        button('next', at + 1, at >= info.steps, '›'),
        button('last', info.steps, at >= info.steps, '»')),
      h('input', {
        type: 'range', min: 0, max: info.steps, value: at, class: 'replay-range', 'aria-label': t('replay.step', { step: at, steps: info.steps }),
        'data-testid': 'replay-range', onchange: (e) => go(Number(e.target.value)),
      }),
      h('label', { class: 'replay-seat' }, `${t('replay.seat')} `,
        h('select', {
          'data-testid': 'replay-seat',
          onchange: (e) => { current.seat = e.target.value === '' ? null : Number(e.target.value); go(current.step); },
        },
        h('option', { value: '', selected: current.seat === null }, t('replay.spectator')),
        seats.map((s) => h('option', { value: s, selected: current.seat === s }, seatName(s, null))))),
      data ? h('p', { class: 'last-action', 'data-testid': 'last-action' },
        data.last_action ? t('replay.lastAction', { text: data.last_action }) : t('replay.noAction')) : null);
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
      dialog.fill(info.game, obs, current.seat, null);
      if (!resultShown) {
        resultShown = true;
        dialog.show(false);
      }
    }
    if (obs.log) {
      els.log.hidden = false;
      logPanel(els.log, obs, mod, current.seat);
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
