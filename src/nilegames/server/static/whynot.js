// Every control that cannot be used now says why: a disabled button or an inert card gets
// its reason as a tooltip and, through aria-describedby, for screen readers. Disabled
// buttons become aria-disabled so that the keyboard still reaches them and hears why.

import { h } from './dom.js';
import { t, seatName, register } from './i18n.js';

register({
  en: {
    'why.spectator': 'You are watching: only the players move.',
    'why.turn': 'It is {who}’s turn, not yours.',
    'why.bot': 'A bot plays your seat now.',
    'why.over': 'The game is over.',
    'why.busy': 'Your last move is being sent.',
    'why.generic': 'Not among your possible moves at this point of the turn.',
  },
  fr: {
    'why.spectator': 'Vous regardez : seuls les joueurs jouent.',
    'why.turn': 'C’est à {who} de jouer, pas à vous.',
    'why.bot': 'Un robot joue votre place désormais.',
    'why.over': 'La partie est terminée.',
    'why.busy': 'Votre dernier coup est en cours d’envoi.',
    'why.generic': 'Ce n’est pas un de vos coups possibles à ce moment du tour.',
  },
});

let counter = 0;

/** The reason nothing can be played, whatever the control: whose turn it is, and so on. */
export function tableReason(view, pending) {
  if (!view) return null;
  if (view.seat === null || view.seat === undefined) return t('why.spectator');
  if (view.table && view.table.status === 'finished') return t('why.over');
  const mine = ((view.table && view.table.seats) || []).find((x) => x.seat === view.seat);
  if (mine && mine.kind === 'bot') return t('why.bot');
  if (pending) return t('why.busy');
  if (view.to_move !== view.seat) return t('why.turn', { who: seatName(view.to_move, view.seat) });
  return null;
}

/**
 * Explain every disabled control and inert card of the board: the game's reason
 * (module.whyNot(el, view)) when it has one, else the table's, else a general one.
 */
export function explainDisabled(board, view, module, pending) {
  const general = tableReason(view, pending);
  const items = board.querySelectorAll('button:disabled, button[aria-disabled="true"], [data-why]');
  for (const el of items) {
    if (el.closest('[data-testid="result"]')) continue;
    // the game's reason, else what the control's own tooltip already says, else a general one
    const reason = general || (module.whyNot && module.whyNot(el, view)) || el.dataset.why || el.title || t('why.generic');
    if (el.dataset.whyShown === reason) continue; // a board kept from the last render
    if (el.dataset.whyNote) {
      const old = document.getElementById(el.dataset.whyNote);
      if (old) old.remove();
      const ids = (el.getAttribute('aria-describedby') || '').split(' ').filter((x) => x && x !== el.dataset.whyNote);
      if (ids.length) el.setAttribute('aria-describedby', ids.join(' '));
      else el.removeAttribute('aria-describedby');
      if (el.dataset.whyTitle !== undefined) el.title = el.dataset.whyTitle;
    } else {
      el.dataset.whyTitle = el.title || '';
    }
    if (el.disabled) {
      el.disabled = false; // reachable by the keyboard, and it can say why
      el.setAttribute('aria-disabled', 'true');
      el.addEventListener('click', (event) => { event.preventDefault(); event.stopImmediatePropagation(); }, true);
    }
    counter += 1;
    const id = `why-${counter}`;
    const note = h('span', { id, class: 'sr-only', 'data-testid': 'why' }, reason);
    el.after(note);
    const before = el.getAttribute('aria-describedby');
    el.setAttribute('aria-describedby', before ? `${before} ${id}` : id);
    el.title = el.title && !el.title.includes(reason) ? `${el.title}\n${reason}` : reason;
    el.dataset.whyShown = reason;
    el.dataset.whyNote = id;
  }
}

/** Inert cards of the player's own hand carry data-why so the layer above explains them. */
export function markInert(board, view, selector) {
  if (!view || view.seat === null || view.seat === undefined) return;
  for (const el of board.querySelectorAll(selector)) el.dataset.why = '';
}
