// The fallback renderer for games without their own: the observation as a readable list.
// The legal actions (buttons) and the log are drawn by table.js for every game.

import { h, replace } from '../dom.js';
import { t, seatName, joinList } from '../i18n.js';

export const title = null;

function value(v, depth = 0) {
  if (v === null || v === undefined) return h('span', { class: 'muted' }, '–');
  if (Array.isArray(v)) {
    if (!v.length) return h('span', { class: 'muted' }, '[]');
    if (v.every((x) => x === null || typeof x !== 'object')) return h('span', {}, v.join(', '));
    return h('ol', { start: 0 }, v.map((x) => h('li', {}, value(x, depth + 1))));
  }
  if (typeof v === 'object') {
    const entries = Object.entries(v);
    if (!entries.length) return h('span', { class: 'muted' }, '{}');
    return h('dl', { class: 'kv' }, entries.flatMap(([k, x]) => [h('dt', {}, k), h('dd', {}, value(x, depth + 1))]));
  }
  return h('span', {}, String(v));
}

export function render(view, root) {
  const obs = view.observation || {};
  const viewer = view.seat ?? null;
  const { log, result, ...rest } = obs;
  let resultEl = null;
  if (result) {
    const winners = result.winners || [];
    resultEl = h('section', { class: 'panel result', 'data-testid': 'result' },
      h('h2', {}, t('result.title')),
      winners.length ? h('p', { class: 'winners' }, t(winners.length > 1 ? 'status.overWinners' : 'status.overWinner', { who: joinList(winners.map((w) => seatName(w, viewer))) })) : null,
      value(result));
  }
  replace(root,
    resultEl,
    h('section', { class: 'panel', 'data-testid': 'observation' }, h('h2', {}, t('generic.observation')), value(rest)),
    view.text ? h('details', { class: 'panel' }, h('summary', {}, t('generic.text')), h('pre', { class: 'text-view' }, view.text)) : null);
}
