// The hash router: #/ (lobby), #/table/<id>?token=... (a table), #/replay/<id> (a replay).

import { h, replace } from './dom.js';
import { t, getLang, setLang, onLangChange } from './i18n.js';
import { mountLobby } from './lobby.js';
import { mountTable } from './table.js';
import { mountReplay } from './replay.js';
import { mountRules } from './rules.js';

const app = document.getElementById('app');
const header = document.getElementById('top');
let page = null;

function parse() {
  const raw = location.hash.replace(/^#/, '') || '/';
  const [path, query = ''] = raw.split('?');
  return { path: path.replace(/\/+$/, '') || '/', params: new URLSearchParams(query) };
}

function route() {
  if (page) page.destroy();
  page = null;
  const { path, params } = parse();
  let match;
  window.scrollTo(0, 0);
  if ((match = /^\/table\/([^/]+)$/.exec(path))) {
    page = mountTable(app, { id: decodeURIComponent(match[1]), token: params.get('token') || null });
  } else if ((match = /^\/replay\/([^/]+)$/.exec(path))) {
    page = mountReplay(app, { id: decodeURIComponent(match[1]), step: params.get('step'), seat: params.get('seat') });
  } else if ((match = /^\/rules\/([^/]+)$/.exec(path))) {
    page = mountRules(app, { game: decodeURIComponent(match[1]) });
  } else {
    page = mountLobby(app);
  }
}

function renderHeader() {
  const next = getLang() === 'en' ? 'fr' : 'en';
  replace(header,
    h('a', { class: 'brand', href: '#/' },
      h('img', { src: new URL('./logo.svg', import.meta.url).href, alt: '', width: 28, height: 28 }),
      h('span', {}, t('app.title'))),
    h('nav', {},
      h('a', { href: '#/' }, t('nav.lobby')),
      h('button', {
        type: 'button', class: 'lang', 'data-testid': 'lang', lang: next, 'aria-label': t('lang.switch.label'),
        onclick: () => setLang(next),
      }, t('lang.switch'))));
}

onLangChange(() => {
  renderHeader();
  if (page && page.refresh) page.refresh();
  else route();
});

window.addEventListener('hashchange', route);
renderHeader();
route();
