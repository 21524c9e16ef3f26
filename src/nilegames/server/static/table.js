// The table page (#/table/<id>?token=...): live view, status, the game's board, the legal
// actions as buttons, the log. Works for every game; the board comes from games/index.js.

import { h, replace } from './dom.js';
import { t, seatName, joinList, getLang } from './i18n.js';
import { watchTable, postAction, handToBot } from './api.js';
import { gameModule, gameTitle } from './games/index.js';
import { remember, update, loadRecent, tableHref } from './recent.js';
import { linkList } from './links.js';

const LOG_LINES = 30;

/** An error as a sentence for the page. */
export function errorText(error) {
  const status = error && error.status;
  const known = { 0: 'error.network', 403: 'error.403', 404: 'error.404', 409: 'error.409', 413: 'error.413', 422: 'error.422' };
  const base = t(known[status] || 'error.generic');
  const detail = error && error.message && status !== 0 ? ` ${t('error.server', { error: error.message })}` : '';
  return base + detail;
}

/** Log entries, newest first, in the page's language. */
export function logList(obs, module, viewer, freshFrom = Infinity) {
  const log = (obs && obs.log) || [];
  const start = Math.max(0, log.length - LOG_LINES);
  const items = [];
  for (let i = log.length - 1; i >= start; i -= 1) {
    const ev = log[i];
    const text = module.eventText ? module.eventText(ev, viewer) : ev.text;
    items.push(h('li', { class: [i >= freshFrom && 'fresh', `ev-${ev.event}`], 'data-event': ev.event }, text || ev.text || ''));
  }
  return h('ol', { class: 'log-list', reversed: true, start: log.length }, items);
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
  let logSeen = null; // log length at the previous render, for the "fresh" highlight
  let destroyed = false;
  const open = { share: false, leave: false }; // the head's <details>, kept open across redraws
  let headKey = null;
  let leaveBot = 'medium';

  const els = {
    head: h('div', { class: 'table-head' }),
    status: h('div', { class: 'status', 'data-testid': 'status', role: 'status', 'aria-live': 'polite' }, t('table.loading')),
    message: h('div', { class: 'message', 'data-testid': 'message', role: 'alert', hidden: true }),
    board: h('div', { class: 'board', 'data-testid': 'board' }),
    after: h('div', { class: 'after-game' }),
    actions: h('section', { class: 'panel actions', 'data-testid': 'actions', 'aria-label': t('table.actions') }),
    log: h('section', { class: 'panel log', 'data-testid': 'log', 'aria-label': t('table.log') }),
    extra: h('div', {}),
  };
  replace(root, h('div', { class: 'table-page' },
    els.head, els.status, els.message, els.after, els.board, els.actions, els.log, els.extra));

  if (token) remember({ id, token });

  const watcher = watchTable(id, token, {
    onView(next) {
      if (destroyed) return;
      if (view && next.seq < view.seq) return; // an older view arriving late
      const first = !view;
      view = next;
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
      renderHead();
    },
    onError(error) {
      if (destroyed) return;
      showMessage(errorText(error));
    },
  });

  function showMessage(text) {
    message = text;
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
      showMessage(errorText(error));
      if (error.status === 409 || error.status === 422) watcher.refresh(true);
    } finally {
      pending = false;
      els.board.classList.remove('busy');
      els.actions.classList.remove('busy');
      if (!destroyed) render();
    }
  }

  function module() {
    return gameModule(view && view.table ? view.table.game : view && view.observation && view.observation.game);
  }

  function renderHead() {
    // redrawn only when what it shows changes (a bot's move must not close an open <details>)
    const seat = mySeat();
    const key = JSON.stringify([getLang(), conn, view && view.seat, view && view.table && view.table.status, seat && seat.kind, !!view]);
    if (key === headKey) return;
    headKey = key;
    const game = view && view.table ? gameTitle(view.table.game, view.table.game) : '';
    const seatLine = !view ? '' : view.seat === null || view.seat === undefined
      ? t('table.spectator') : t('table.youAre', { n: view.seat });
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
      h('div', { class: 'head-extras' },
        h('details', { class: 'share', open: open.share, ontoggle: (e) => { open.share = e.target.open; } },
          h('summary', {}, t('table.share')), linkList(links)),
        view ? leaveBlock() : null));
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
    replace(els.log, h('h2', {}, t('table.log')), logList(obs, module(), view.seat, freshFrom));
  }

  function renderAfter() {
    const finished = view.table && view.table.status === 'finished';
    replace(els.after, finished
      ? h('p', { class: 'after-links' },
        h('a', { class: 'button primary', href: `#/replay/${encodeURIComponent(id)}`, 'data-testid': 'replay-link' }, t('table.replay')),
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
    renderActions();
    renderLog();
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
      logSeen = view ? ((view.observation || {}).log || []).length : null;
      if (view) render();
      else renderHead();
    },
    destroy() {
      destroyed = true;
      watcher.close();
      document.title = 'nilegames';
    },
  };
}
