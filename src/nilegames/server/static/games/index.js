// Game id → renderer module. A module exports render(view, root, act) and may export
// title, eventText(event, viewer), actionText(id, view, serverText), statusHint(view), rules().

import * as nile from './nile.js';
import * as pharaohs from './pharaohs.js';
import * as artifacts from './artifacts.js';
import * as banks from './banks.js';
import * as generic from './generic.js';

const GAMES = { nile, pharaohs, artifacts, banks };

export function gameModule(id) {
  return GAMES[id] || generic;
}

export function gameTitle(id, fallback) {
  return (GAMES[id] && GAMES[id].title) || fallback || id;
}
