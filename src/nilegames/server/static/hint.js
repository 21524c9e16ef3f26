// Hints at the table: the Hint button (and the key h) asks the server for the move the hard
// bot would play, with the seat's expected result; the hints used appear in every seat's
// log. The server decides whether a hint may be asked (view.hint) and says why not.

import { h, s } from './dom.js';
import { t, has, seatName, register, getLang } from './i18n.js';

register({
  en: {
    'hint.button': 'Hint',
    'hint.thinking': 'Thinking…',
    'hint.ok': 'The hard bot suggests a move for this position.',
    'hint.over': 'The game is over.',
    'hint.bot': 'A bot plays your seat now.',
    'hint.off': 'Hints are off at this table: two or more people play (the table’s creator can allow them).',
    'hint.turn': 'A hint is for your own turn.',
    'hint.spectator': 'You are watching: only the players ask for hints.',
    'hint.title': 'Hint',
    'hint.move': 'The hard bot would play: {move}',
    'hint.chance2': 'Your chance of winning with it: {p}',
    'hint.chanceN': 'Your expected result with it: {p} (100 % = first place for sure)',
    'hint.others': 'Other moves it looked at, less searched (so less sure):',
    'hint.play': 'Play it',
    'hint.close': 'Hide',
    'hint.search': 'From {n} searches of what you can see (not the others’ hidden cards).',
    'hint.used': '{who} asked for a hint.',
    'hint.usedYou': 'You asked for a hint.',
    'lobby.hints': 'Hints',
    'lobby.hints.auto': 'Only against bots',
    'lobby.hints.on': 'Allowed',
    'lobby.hints.off': 'Off',
    'lobby.hints.help': 'The Hint button shows the move the hard bot would play; everyone sees in the log when it was used.',
  },
  fr: {
    'hint.button': 'Conseil',
    'hint.thinking': 'Réflexion…',
    'hint.ok': 'Le robot fort propose un coup pour cette position.',
    'hint.over': 'La partie est terminée.',
    'hint.bot': 'Un robot joue votre place désormais.',
    'hint.off': 'Pas de conseils à cette table : plusieurs personnes jouent (la personne qui a créé la table peut les autoriser).',
    'hint.turn': 'Un conseil se demande pendant votre tour.',
    'hint.spectator': 'Vous regardez : seuls les joueurs demandent des conseils.',
    'hint.title': 'Conseil',
    'hint.move': 'Le robot fort jouerait : {move}',
    'hint.chance2': 'Votre chance de gagner avec ce coup : {p}',
    'hint.chanceN': 'Votre résultat espéré avec ce coup : {p} (100 % = première place assurée)',
    'hint.others': 'Autres coups étudiés, moins explorés (donc moins sûrs) :',
    'hint.play': 'Le jouer',
    'hint.close': 'Masquer',
    'hint.search': 'Sur {n} explorations de ce que vous voyez (pas des cartes cachées des autres).',
    'hint.used': '{who} a demandé un conseil.',
    'hint.usedYou': 'Vous avez demandé un conseil.',
    'lobby.hints': 'Conseils',
    'lobby.hints.auto': 'Seulement contre des robots',
    'lobby.hints.on': 'Autorisés',
    'lobby.hints.off': 'Désactivés',
    'lobby.hints.help': 'Le bouton Conseil montre le coup que jouerait le robot fort ; chacun voit dans l’historique quand il a servi.',
  },
});

/** A share 0..1 as a whole percentage in the page's language. */
export function percent(value) {
  const n = Math.round(value * 100);
  return getLang() === 'fr' ? `${n}\u00a0%` : `${n}%`; // the French space never breaks
}

/** A small light bulb (an emoji may be missing from the reader's fonts). */
export function bulb() {
  return s('svg', { class: 'icon bulb', viewBox: '0 0 16 16', width: 16, height: 16, 'aria-hidden': 'true', focusable: 'false' },
    s('path', { d: 'M8 1.5a4.5 4.5 0 0 0-2.6 8.2c.4.3.6.7.6 1.1V12h4v-1.2c0-.4.2-.8.6-1.1A4.5 4.5 0 0 0 8 1.5z', fill: '#f2c12e', stroke: '#8a6a00', 'stroke-width': 1 }),
    s('rect', { x: 6, y: 12.6, width: 4, height: 1.6, rx: .6, fill: '#8a6a00' }));
}

/** Why the Hint button cannot be used now, in the page's words ('ok': it can). */
export function hintReason(view, pending) {
  if (!view || view.seat === null || view.seat === undefined) return t('hint.spectator');
  const status = view.hint || { code: 'turn', reason: '' };
  if (status.code === 'ok' && pending) return t('hint.thinking');
  return has(`hint.${status.code}`) ? t(`hint.${status.code}`) : status.reason;
}

/** The Hint button (and its reason, for screen readers): aria-disabled when it cannot be used. */
export function hintButton(view, pending, ask, refused) {
  const possible = !!(view && view.hint && view.hint.possible) && !pending;
  const why = hintReason(view, pending);
  const button = h('button', {
    type: 'button', class: ['hint-button', pending && 'thinking'], 'data-testid': 'hint', 'data-control': 'hint',
    'aria-keyshortcuts': 'h', 'aria-disabled': possible ? 'false' : 'true', 'aria-describedby': 'hint-why',
    'data-code': view && view.hint ? view.hint.code : 'spectator', title: `${why} (h)`,
    onclick: () => { if (possible) ask(); else if (refused && !pending) refused(why); },
  }, pending ? h('span', { class: 'spinner', 'aria-hidden': 'true' }) : bulb(),
  pending ? t('hint.thinking') : t('hint.button'));
  // its reason beside it, not in it: the button's name stays "Hint"
  return [button, h('span', { class: 'sr-only', id: 'hint-why', 'data-testid': 'hint-why' }, why)];
}

/**
 * The hint shown under the bar: the move in the page's words, the estimate, the other moves
 * searched, a button to play it. words(action, fallback) gives a move in the page's language.
 */
export function hintPanel(answer, players, words, { play, close }) {
  const chance = t(players === 2 ? 'hint.chance2' : 'hint.chanceN', { p: percent(answer.estimate) });
  const others = (answer.options || []).slice(1);
  return h('section', { class: 'panel hint-panel', 'data-testid': 'hint-panel', 'aria-labelledby': 'hint-title', 'data-action': null },
    h('div', { class: 'hint-head' },
      h('h2', { id: 'hint-title' }, bulb(), ' ', t('hint.title')),
      h('button', { type: 'button', class: 'small link-like', 'data-testid': 'hint-close', onclick: close }, t('hint.close'))),
    h('p', { class: 'hint-move', 'data-testid': 'hint-move', 'data-hint-action': answer.action },
      t('hint.move', { move: '' }), h('strong', {}, words(answer.action, answer.move))),
    h('p', { class: 'hint-chance', 'data-testid': 'hint-chance' }, chance),
    h('div', { class: 'hint-meter', 'aria-hidden': 'true' }, h('span', { class: 'hint-meter-fill', style: `width: ${Math.round(answer.estimate * 100)}%` })),
    others.length
      ? h('p', { class: 'hint-others muted' }, t('hint.others'), ' ',
        others.map((o, i) => [i ? ' · ' : '', words(o.action, o.move), ` (${percent(o.estimate)})`]))
      : null,
    h('p', { class: 'hint-row' },
      play ? h('button', { type: 'button', class: 'primary small', 'data-testid': 'hint-play', onclick: play }, t('hint.play')) : null,
      h('small', { class: 'muted' }, t('hint.search', { n: answer.iterations }))));
}

/** Why no hint, said when the greyed button is pressed (a phone has no tooltip). */
export function hintRefusal(why, close) {
  return h('p', { class: 'hint-refusal', 'data-testid': 'hint-refusal', role: 'status' }, bulb(), ' ', why, ' ',
    h('button', { type: 'button', class: 'small link-like', onclick: close }, t('hint.close')));
}

/** The log's line for a hint used, in the page's words. */
export function hintNote(use, viewer) {
  return use.seat === viewer ? t('hint.usedYou') : t('hint.used', { who: seatName(use.seat, viewer) });
}

/**
 * The hints used that belong in a log of `shown` entries out of `total` (the view sends the
 * newest ones only), as {at: index in the shown log, use}; `upto`: only those asked before it.
 */
export function hintNotes(uses, shown, total, upto = Infinity) {
  const offset = (total ?? shown) - shown;
  return (uses || [])
    .filter((u) => u.seq <= upto && u.log_at - offset >= 0 && u.log_at - offset <= shown)
    .map((u) => ({ at: u.log_at - offset, use: u }));
}
