// The server's REST and WebSocket API (docs/web-api.md), and nothing else.

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status; // 0 when the server could not be reached
  }
}

async function request(method, path, { body, token } = {}) {
  const headers = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers['X-Seat-Token'] = token;
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: 'no-store',
    });
  } catch (error) {
    throw new ApiError(0, String(error && error.message ? error.message : error));
  }
  let data = null;
  const text = await response.text();
  if (text) {
    try { data = JSON.parse(text); } catch { data = { error: text.slice(0, 200) }; }
  }
  if (!response.ok) {
    throw new ApiError(response.status, (data && data.error) || response.statusText || `HTTP ${response.status}`);
  }
  return data;
}

const enc = encodeURIComponent;

/** GET /api/games: every game with its players, options and bots. */
export const listGames = () => request('GET', '/api/games');

/** GET /api/games/<id>/guide?lang=: the rules as HTML, their sections and tooltips. */
export const getGuide = (game, lang) => request('GET', `/api/games/${enc(game)}/guide?lang=${enc(lang)}`);

/** GET /api/open-tables: tables being played with a seat anyone may take. */
export const listOpenTables = () => request('GET', '/api/open-tables');

/** POST /api/tables/<id>/seats/<seat>/claim: take an open seat; {table, seat, token, link}. */
export const claimSeat = (id, seat, name) =>
  request('POST', `/api/tables/${enc(id)}/seats/${seat}/claim`, { body: name ? { name } : {} });

/** POST /api/tables: {table, tokens, links}. */
export const createTable = (spec) => request('POST', '/api/tables', { body: spec });

/** GET /api/tables/<id>: the view of the seat whose token is given (spectator without). */
export const getTable = (id, token) => request('GET', `/api/tables/${enc(id)}`, { token });

/** POST /api/tables/<id>/actions: the new view. */
export const postAction = (id, token, seq, action) =>
  request('POST', `/api/tables/${enc(id)}/actions`, { token, body: { seq, action } });

/** POST /api/tables/<id>/seats/<seat>/name: the seat's display name; the new view. */
export const nameSeat = (id, seat, token, name) =>
  request('POST', `/api/tables/${enc(id)}/seats/${seat}/name`, { token, body: { name } });

/** POST /api/tables/<id>/chat: a player's message to the table; the new view. */
export const postChat = (id, token, text) =>
  request('POST', `/api/tables/${enc(id)}/chat`, { token, body: { text } });

/** POST /api/tables/<id>/undo: take back the seat's last open step; the new view. */
export const postUndo = (id, token, seq) =>
  request('POST', `/api/tables/${enc(id)}/undo`, { token, body: { seq } });

/** POST /api/tables/<id>/seats/<seat>/bot: a player leaves, a bot plays the seat from now on. */
export const handToBot = (id, seat, token, bot) =>
  request('POST', `/api/tables/${enc(id)}/seats/${seat}/bot`, { token, body: { bot } });

/** POST /api/tables/<id>/hint: the hard bot's move for the seat to move, with its estimate. */
export const postHint = (id, token, seq) =>
  request('POST', `/api/tables/${enc(id)}/hint`, { token, body: { seq } });

/** POST /api/tables/<id>/reviews: start (or find: the page polls with it) the review of a seat. */
export const startReview = (id, seat) =>
  request('POST', `/api/tables/${enc(id)}/reviews`, { body: { seat } });

/** GET /api/tables/<id>/replay (finished games only). */
export const getReplay = (id) => request('GET', `/api/tables/${enc(id)}/replay`);

/** GET /api/tables/<id>/replay/<step>?seat=<n> (seat null: the public view). */
export const getReplayStep = (id, step, seat) =>
  request('GET', `/api/tables/${enc(id)}/replay/${step}` + (seat === null || seat === undefined ? '' : `?seat=${seat}`));

/**
 * Follow a table live: the WebSocket /ws/tables/<id> (the token goes in its first message,
 * never in the address), reconnected with backoff
 * when it drops, with GET /api/tables/<id> polled while it is down.
 * handlers: onView(view), onState('connecting'|'live'|'reconnecting'|'closed'), onError(ApiError).
 * Returns {close(), refresh(force)}: refresh() GETs the view now (force: even with a live socket).
 */
export function watchTable(id, token, { onView, onState, onError }) {
  let socket = null;
  let closed = false;
  let attempts = 0;
  let reconnectTimer = null;
  let pollTimer = null;
  let finished = false;
  let socketViews = 0; // views received on the current socket

  const wsUrl = () => {
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    return `${proto}//${location.host}/ws/tables/${enc(id)}`;
  };

  async function refresh(force = false) {
    try {
      const view = await getTable(id, token);
      // a live socket already gave a view at least as new: an answer to a GET sent
      // before it may be older (e.g. a seat's "connected" flag), so it is dropped
      const live = socket && socket.readyState === WebSocket.OPEN && socketViews > 0;
      if (!closed && view && (force || !live)) {
        finished = view.table && view.table.status === 'finished';
        onView(view);
      }
      return view;
    } catch (error) {
      if (!closed) onError(error);
      if (error.status === 403 || error.status === 404) stop('closed');
      return null;
    }
  }

  function startPolling() {
    if (pollTimer || closed) return;
    const tick = async () => {
      pollTimer = null;
      if (closed || (socket && socket.readyState === WebSocket.OPEN)) return;
      await refresh();
      if (!closed && !(socket && socket.readyState === WebSocket.OPEN)) {
        pollTimer = setTimeout(tick, finished ? 15000 : 2500);
      }
    };
    pollTimer = setTimeout(tick, 1500);
  }

  function stopPolling() {
    clearTimeout(pollTimer);
    pollTimer = null;
  }

  function stop(state) {
    closed = true;
    clearTimeout(reconnectTimer);
    stopPolling();
    if (socket) {
      socket.onclose = null;
      try { socket.close(); } catch { /* ignore */ }
      socket = null;
    }
    onState(state);
  }

  function connect() {
    if (closed) return;
    onState(attempts ? 'reconnecting' : 'connecting');
    let ws;
    try {
      ws = new WebSocket(wsUrl());
    } catch {
      scheduleReconnect();
      return;
    }
    socket = ws;
    socketViews = 0;
    ws.onopen = () => {
      ws.send(JSON.stringify({ type: 'hello', token: token || null }));
      attempts = 0;
      stopPolling();
      onState('live');
    };
    ws.onmessage = (event) => {
      let message;
      try { message = JSON.parse(event.data); } catch { return; }
      if (message.type === 'view') {
        const { type, ...view } = message;
        finished = view.table && view.table.status === 'finished';
        socketViews += 1;
        onView(view);
      } else if (message.type === 'error') {
        onError(new ApiError(0, message.error));
      }
    };
    ws.onclose = (event) => {
      if (closed || socket !== ws) return;
      socket = null;
      if (event.code === 4403 || event.code === 4404) {
        onError(new ApiError(event.code === 4403 ? 403 : 404, event.reason || ''));
        stop('closed');
        return;
      }
      scheduleReconnect();
    };
  }

  function scheduleReconnect() {
    if (closed) return;
    onState('reconnecting');
    startPolling();
    const delay = Math.min(15000, 500 * 2 ** attempts) * (0.75 + Math.random() * 0.5);
    attempts += 1;
    clearTimeout(reconnectTimer);
    reconnectTimer = setTimeout(connect, delay);
  }

  function onVisible() {
    if (document.visibilityState === 'visible' && !closed && !socket) {
      clearTimeout(reconnectTimer);
      connect();
    }
  }
  document.addEventListener('visibilitychange', onVisible);

  refresh();
  connect();

  return {
    refresh,
    close() {
      document.removeEventListener('visibilitychange', onVisible);
      stop('closed');
    },
  };
}
