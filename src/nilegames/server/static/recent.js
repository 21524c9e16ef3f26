// Your recent tables, kept in localStorage: {id, game, seat, token, date, links}.

const KEY = 'nilegames.recent';
const MAX = 30;

export function loadRecent() {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) || '[]');
    return Array.isArray(list) ? list.filter((entry) => entry && entry.id) : [];
  } catch {
    return [];
  }
}

function save(list) {
  try { localStorage.setItem(KEY, JSON.stringify(list.slice(0, MAX))); } catch { /* ignore */ }
}

/** Add or update the entry of (id, token); it moves to the top. */
export function remember(entry) {
  const list = loadRecent();
  const index = list.findIndex((e) => e.id === entry.id && (e.token || null) === (entry.token || null));
  const merged = { date: new Date().toISOString(), ...(index >= 0 ? list[index] : {}), ...entry };
  if (index >= 0) list.splice(index, 1);
  list.unshift(merged);
  save(list);
}

/** Update fields of a known entry without moving it (e.g. the game once the view says it). */
export function update(id, token, fields) {
  const list = loadRecent();
  const entry = list.find((e) => e.id === id && (e.token || null) === (token || null));
  if (!entry) return false;
  Object.assign(entry, fields);
  save(list);
  return true;
}

export function forget(id, token) {
  save(loadRecent().filter((e) => !(e.id === id && (e.token || null) === (token || null))));
}

export function forgetAll() {
  save([]);
}

/** The page's own link to a table (hash route), with the seat token if any. */
export function tableHref(id, token) {
  return `#/table/${encodeURIComponent(id)}` + (token ? `?token=${encodeURIComponent(token)}` : '');
}
