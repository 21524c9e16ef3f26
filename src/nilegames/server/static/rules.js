// A game's rules in the app (GET /api/games/<id>/guide): a "Rules" link at every table
// opening them in a dialog (or on their own page, #/rules/<id>), and the guide's tooltips
// put on every card, tile and board part the board draws.

import { h, s, replace } from './dom.js';
import { t, getLang, register } from './i18n.js';
import { getGuide } from './api.js';
import { gameTitle } from './games/index.js';

register({
  en: { 'rules.link': 'Rules', 'rules.title': 'Rules of {game}', 'rules.close': 'Close', 'rules.loading': 'Loading the rules…', 'rules.failed': 'The rules could not be loaded.' },
  fr: { 'rules.link': 'Règles', 'rules.title': 'Règles de {game}', 'rules.close': 'Fermer', 'rules.loading': 'Chargement des règles…', 'rules.failed': "Les règles n'ont pas pu être chargées." },
});

const cache = new Map(); // "game:lang" -> Promise<guide>

/** The guide of a game in the page's language (fetched once per language). */
export function guideFor(game) {
  const key = `${game}:${getLang()}`;
  if (!cache.has(key)) {
    const asked = getGuide(game, getLang());
    asked.catch(() => cache.delete(key)); // a failure is tried again next time
    cache.set(key, asked);
  }
  return cache.get(key);
}

/** The guide's HTML: built by the server from markdown with raw HTML escaped. */
function guideBody(guide) {
  const body = h('div', { class: 'guide-body' });
  body.innerHTML = guide.html;
  return body;
}

/** A "Rules" link: a dialog over the table (the link itself opens the rules page). */
export function rulesLink(game) {
  const dialog = h('dialog', { class: 'rules-dialog', 'data-testid': 'rules-dialog', 'aria-labelledby': 'rules-title' });
  const open = async (event) => {
    event.preventDefault();
    const title = t('rules.title', { game: gameTitle(game, game) });
    const close = h('button', { type: 'button', class: 'primary', 'data-testid': 'rules-close', onclick: () => dialog.close() }, t('rules.close'));
    replace(dialog, h('div', { class: 'rules-head' }, h('h2', { id: 'rules-title' }, title), close),
      h('p', { class: 'muted' }, t('rules.loading')));
    if (!dialog.open) dialog.showModal();
    try {
      const guide = await guideFor(game);
      replace(dialog, h('div', { class: 'rules-head' }, h('h2', { id: 'rules-title' }, title), close), guideBody(guide));
    } catch {
      replace(dialog, h('div', { class: 'rules-head' }, h('h2', { id: 'rules-title' }, title), close),
        h('p', { class: 'error' }, t('rules.failed')));
    }
    close.focus();
  };
  const link = h('a', { href: `#/rules/${encodeURIComponent(game)}`, class: 'rules-link', 'data-testid': 'rules-link', onclick: open }, t('rules.link'));
  return h('span', { class: 'rules-wrap' }, link, dialog);
}

/** #/rules/<game>: the rules on a page of their own. */
export function mountRules(root, { game }) {
  let destroyed = false;
  async function render() {
    replace(root, h('p', { class: 'muted' }, t('rules.loading')));
    try {
      const guide = await guideFor(game);
      if (!destroyed) replace(root, h('div', { class: 'panel rules-page', 'data-testid': 'rules-page' }, guideBody(guide)));
    } catch {
      if (!destroyed) replace(root, h('p', { class: 'error', role: 'alert' }, t('rules.failed')));
    }
    document.title = `${t('rules.title', { game: gameTitle(game, game) })} · nilegames`;
  }
  render();
  return { refresh: render, destroy() { destroyed = true; } };
}

// What the board's elements are, in the guide's tooltip names: their data attributes,
// then a few classes of drawings that carry no data.
const ATTRS = ['card', 'type', 'kind', 'crop', 'condition', 'region', 'testid'];
const CLASSES = [['ph-cell green', 'green'], ['ph-cell red', 'red'], ['ph-cell goal', 'goal_column'], ['ph-u', 'u_zones'], ['ph-river', 'river']];

function fold(name) {
  return String(name).trim().split(/\s+/).join(' ').toLowerCase();
}

/** Give every element of root the guide says something about a tooltip (title). */
export function applyTooltips(root, tooltips) {
  if (!tooltips) return;
  const folded = new Map(Object.entries(tooltips).map(([k, v]) => [fold(k), v]));
  const tipOf = (el) => {
    for (const attr of ATTRS) {
      const value = el.dataset && el.dataset[attr];
      if (value !== undefined && folded.has(fold(value))) return folded.get(fold(value));
    }
    const cls = el.getAttribute('class') || '';
    for (const [names, key] of CLASSES) {
      if (names.split(' ').every((c) => cls.split(/\s+/).includes(c)) && folded.has(fold(key))) return folded.get(fold(key));
    }
    return null;
  };
  const selector = `${ATTRS.map((a) => `[data-${a}]`).join(',')},.ph-cell,.ph-u,.ph-river`;
  for (const el of root.querySelectorAll(selector)) {
    const tip = tipOf(el);
    if (!tip) continue;
    if (el instanceof SVGElement) {
      const own = Array.from(el.children).find((c) => c.tagName === 'title');
      if (!own) el.prepend(s('title', {}, tip));
      else if (!own.textContent.includes(tip)) own.textContent = `${own.textContent} — ${tip}`;
      continue;
    }
    if (el.dataset.tip === tip) continue;
    const before = el.dataset.tip ? el.title.replace(`\n${el.dataset.tip}`, '').replace(el.dataset.tip, '') : el.title;
    el.title = before ? `${before}\n${tip}` : tip;
    el.dataset.tip = tip;
  }
}
