// A list of links to share: a label, the full address (selectable), a Copy button.

import { h } from './dom.js';
import { t } from './i18n.js';

export function absolute(link) {
  try {
    return new URL(link, location.origin).href;
  } catch {
    return link;
  }
}

async function copy(text, button, input) {
  let ok = false;
  try {
    await navigator.clipboard.writeText(text);
    ok = true;
  } catch {
    // no clipboard API (plain http on another host): select the text for Ctrl+C
    input.focus();
    input.select();
    try { ok = document.execCommand('copy'); } catch { ok = false; }
  }
  if (ok) {
    button.textContent = t('lobby.copied');
    setTimeout(() => { button.textContent = t('lobby.copy'); }, 1500);
  }
}

/** links: [{label, href, key?}] → a list with a Copy button per link. */
export function linkList(links) {
  return h('ul', { class: 'links' }, links.map(({ label, href, key }) => {
    const url = absolute(href);
    const input = h('input', { type: 'text', readonly: true, value: url, 'aria-label': label, onfocus: (e) => e.target.select() });
    const button = h('button', { type: 'button', class: 'small', 'data-copy': key ?? label }, t('lobby.copy'));
    button.addEventListener('click', () => copy(url, button, input));
    return h('li', { 'data-link': key ?? '' },
      h('span', { class: 'link-label' }, label),
      h('span', { class: 'link-row' }, input, button, h('a', { class: 'button small', href: url, target: '_blank', rel: 'noopener', 'aria-label': `${t('lobby.recent.open')}: ${label}`, title: t('lobby.recent.open') }, '↗')));
  }));
}
