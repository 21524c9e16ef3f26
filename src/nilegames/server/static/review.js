// The review of a finished game (the Review button of the result dialog and the replay):
// for a chosen seat, the server's hard bot goes through that seat's moves, judging each
// from what the seat could see then; the page polls the job, shows its progress, then
// each move's estimate before and after, the bot's move, and the three costliest moves.
// What a flagged move led to comes in the server's words, in each language it speaks
// (move.words[lang], English in move.why); a review without them shows the English.

import { h, replace } from './dom.js';
import { t, seatName, register, getLang } from './i18n.js';
import { startReview } from './api.js';
import { gameModule } from './games/index.js';
import { percent } from './hint.js';

register({
  en: {
    'review.button': 'Review',
    'review.title': 'Review of the game',
    'review.seat': 'Moves of',
    'review.intro': 'The hard bot goes through each move of this seat, seeing only what the seat saw at the time, and estimates its chances before and after the move.',
    'review.starting': 'Starting the review…',
    'review.progress': 'Reviewing move {done} of {total}…',
    'review.counting': 'Finding the moves to review…',
    'review.failed': 'The review failed: {error}',
    'review.flagged': 'The costliest moves',
    'review.none': 'No move cost more than 2 % of a game: well played.',
    'review.flag': '{when}: {played} took {chance} from {before} to {after}; the hard bot would have played {best}.',
    'review.turn': 'Turn {n}',
    'review.beforeFirst': 'Before turn 1',
    'review.step': 'Step {n}',
    'review.quote': '“{text}”',
    'review.see': 'See the position',
    'review.chance2': 'your chance of winning',
    'review.chanceN': 'your expected result',
    'review.why': 'By your next turn',
    'review.why.of': '{who}, by your next turn',
    'review.chance2.of': '{who}’s chance of winning',
    'review.chanceN.of': '{who}’s expected result',
    'review.fear': 'The answer it feared:',
    'review.reply': '{who}: {move}',
    'review.all': 'Every move ({n})',
    'review.col.move': 'Turn',
    'review.col.played': 'Played',
    'review.col.chance': 'Chance of winning',
    'review.col.result': 'Expected result',
    'review.col.best': 'Hard bot’s move',
    'review.same': 'the same',
    'review.budget': '{n} searches a move, seed {seed}.',
    'review.close': 'Close',
    'review.cost': 'cost {p}',
  },
  fr: {
    'review.button': 'Analyse',
    'review.title': 'Analyse de la partie',
    'review.seat': 'Coups de',
    'review.intro': 'Le robot fort reprend chaque coup de cette place, en ne voyant que ce qu’elle voyait alors, et estime ses chances avant et après le coup.',
    'review.starting': 'L’analyse commence…',
    'review.progress': 'Analyse du coup {done} sur {total}…',
    'review.counting': 'Recherche des coups à analyser…',
    'review.failed': 'L’analyse a échoué : {error}',
    'review.flagged': 'Les coups les plus coûteux',
    'review.none': 'Aucun coup n’a coûté plus de 2 % d’une partie : bien joué.',
    'review.flag': '{when} : {played} a fait passer {chance} de {before} à {after} ; le robot fort aurait joué {best}.',
    'review.turn': 'Tour {n}',
    'review.beforeFirst': 'Avant le tour 1',
    'review.step': 'Étape {n}',
    'review.quote': '«\u00a0{text}\u00a0»',
    'review.see': 'Voir la position',
    'review.chance2': 'votre chance de gagner',
    'review.chanceN': 'votre résultat espéré',
    'review.why': 'Avant votre tour suivant :',
    'review.why.of': '{who}, avant votre tour suivant :',
    'review.chance2.of': 'la chance de gagner de {who}',
    'review.chanceN.of': 'le résultat espéré de {who}',
    'review.fear': 'La réponse redoutée :',
    'review.reply': '{who} : {move}',
    'review.all': 'Tous les coups ({n})',
    'review.col.move': 'Tour',
    'review.col.played': 'Joué',
    'review.col.chance': 'Chance de gagner',
    'review.col.result': 'Résultat espéré',
    'review.col.best': 'Coup du robot fort',
    'review.same': 'le même',
    'review.budget': '{n} explorations par coup, graine {seed}.',
    'review.close': 'Fermer',
    'review.cost': 'coûte {p}',
  },
});

const POLL_MS = 400;

/** A move's words in the page's language (the server's English words as the fallback). */
function moveWords(game, action, fallback, seat) {
  const mod = gameModule(game);
  if (!mod.actionText || action === null || action === undefined) return fallback;
  try {
    return mod.actionText(action, { observation: {}, seat, legal_actions: [] }, fallback) || fallback;
  } catch {
    return fallback;
  }
}

/**
 * The Review button and its dialog for a finished table. info: {id, game, players, seat}
 * (seat: the viewer's, reviewed first; null: seat 0). before(): called when it opens (to
 * close the result dialog beneath).
 */
export function reviewButton(info, before) {
  return h('button', {
    type: 'button', class: 'review-button', 'data-testid': 'review-open',
    onclick: () => { if (before) before(); openReview(info); },
  }, t('review.button'));
}

let current = null; // the open review: {el, timer, closed}

export function openReview({ id, game, players, seat }) {
  if (current) current.close();
  const el = h('dialog', { class: 'review-dialog', 'data-testid': 'review-dialog', 'aria-labelledby': 'review-title' });
  document.body.append(el);
  const state = { seat: seat === null || seat === undefined ? 0 : seat, job: null, error: null, timer: null, closed: false, ticket: 0 };
  const body = h('div', { class: 'review-body', 'data-testid': 'review-body', 'aria-live': 'polite' });

  const close = () => {
    state.closed = true;
    clearTimeout(state.timer);
    if (el.open) el.close();
    el.remove();
    if (current && current.el === el) current = null;
  };
  el.addEventListener('close', close);

  const seats = [...Array(players).keys()];
  const select = h('select', {
    'data-testid': 'review-seat', 'aria-label': t('review.seat'),
    onchange: (e) => { state.seat = Number(e.target.value); run(); },
  }, seats.map((s) => h('option', { value: s, selected: s === state.seat }, seatName(s, seat))));

  replace(el,
    h('div', { class: 'review-head' },
      h('h2', { id: 'review-title' }, t('review.title')),
      h('button', { type: 'button', class: 'small', 'data-testid': 'review-close', onclick: close }, t('review.close'))),
    h('p', { class: 'muted review-intro' }, t('review.intro')),
    h('label', { class: 'review-seat' }, `${t('review.seat')} `, select),
    body);

  function render() {
    if (state.closed) return;
    const job = state.job;
    if (state.error) {
      replace(body, h('p', { class: 'error', 'data-testid': 'review-error' }, state.error));
      return;
    }
    if (!job || job.status === 'running') {
      const total = job && job.total;
      const done = job ? job.done : 0;
      const label = !job ? t('review.starting') : total === null ? t('review.counting') : t('review.progress', { done: Math.min(done + 1, total), total });
      replace(body,
        h('div', { class: 'review-progress', 'data-testid': 'review-progress' },
          h('progress', { max: total || 1, value: total ? done : null, 'aria-label': label, 'data-done': done, 'data-total': total ?? '' }),
          h('p', { class: 'muted' }, label)));
      return;
    }
    if (job.status === 'failed') {
      replace(body, h('p', { class: 'error', 'data-testid': 'review-error' }, t('review.failed', { error: job.error || '' })));
      return;
    }
    replace(body, results(job.review));
  }

  function results(review) {
    const two = review.players === 2;
    const lang = getLang();
    // the server's words in the page's language, if it sent them (a review made before it
    // did has only English)
    const own = (m) => (lang !== 'en' && m.words && m.words[lang]) || {};
    // a move in the server's words in the page's language, which it said from the position
    // (in banks: a seed or a ripe plant, its cost); else the page's words for the action id,
    // which can tell less; else the server's English
    const words = (m, key) => own(m)[key] || moveWords(game, m[`${key}_action`], m[key], review.seat);
    const byIndex = new Map(review.moves.map((m) => [m.index, m]));
    const flagged = review.flagged.map((i) => byIndex.get(i)).filter(Boolean);
    // turn 0: the set-up or opening moves, before the first turn the game counts
    const when = (m) => (m.turn === null || m.turn === undefined ? t('review.step', { n: m.index + 1 })
      : m.turn === 0 ? t('review.beforeFirst') : t('review.turn', { n: m.turn }));
    const quote = (text) => t('review.quote', { text });
    // the server's English words on another language's page are marked so, for screen
    // readers and translators
    const english = lang === 'en' ? null : 'en';
    const whyOf = (m) => (own(m).why ? [own(m).why, null] : [m.why, english]);
    // the reply: its seat named as the page names seats, its move in the server's words,
    // which it said from the position itself (an action's words from the id alone can miss
    // what only the position tells, as in banks: a seed or a ripe plant)
    const replyOf = (m) => {
      if (lang === 'en' || m.reply_seat === null || m.reply_seat === undefined) return [m.reply, english];
      const move = own(m).reply_move || moveWords(game, m.reply_action, null, m.reply_seat);
      if (!move) return [m.reply, english];
      return [t('review.reply', { who: seatName(m.reply_seat, seat), move }), null];
    };
    const said = ([text, language]) => h('span', { lang: language }, text);
    const mine = review.seat === seat; // the viewer's own moves: "your"
    const who = seatName(review.seat, seat);
    const chance = mine ? t(two ? 'review.chance2' : 'review.chanceN') : t(two ? 'review.chance2.of' : 'review.chanceN.of', { who });
    // the server says what a move led to to the seat that made it ("you"): another seat's
    // review names that seat first, then speaks to it
    const why = mine ? t('review.why') : t('review.why.of', { who });
    const flagItems = flagged.map((m) => h('li', { 'data-index': m.index },
      h('p', {}, t('review.flag', {
        when: when(m),
        played: quote(words(m, 'played')),
        chance,
        before: percent(m.before),
        after: percent(m.after),
        best: quote(words(m, 'best')),
      }), ' ', h('a', {
        href: `#/replay/${encodeURIComponent(id)}?step=${m.index}&seat=${review.seat}`, 'data-testid': 'review-see',
        onclick: () => close(),
      }, t('review.see'))),
      m.why ? h('p', { class: 'review-why', 'data-testid': 'review-why' }, why, ' ', said(whyOf(m)), '.') : null,
      m.reply ? h('p', { class: 'muted review-reply', 'data-testid': 'review-reply' }, t('review.fear'), ' ', said(replyOf(m)), '.') : null));
    const flags = new Set(review.flagged);
    const rows = review.moves.map((m) => h('tr', { class: flags.has(m.index) && 'flagged', 'data-index': m.index },
      h('th', { scope: 'row' }, m.turn === null || m.turn === undefined ? `#${m.index + 1}` : String(m.turn)),
      h('td', { class: 'review-played' }, words(m, 'played')),
      h('td', { class: 'review-chance' }, h('span', { class: ['delta', m.loss >= 0.02 && 'loss'] }, `${percent(m.before)} → ${percent(m.after)}`)),
      h('td', { class: 'review-best' }, m.best === m.played ? h('span', { class: 'muted' }, t('review.same')) : words(m, 'best'))));
    return h('div', { class: 'review-results', 'data-testid': 'review-results' },
      h('h3', {}, t('review.flagged')),
      flagged.length
        ? h('ol', { class: 'review-flags', 'data-testid': 'review-flags' }, flagItems)
        : h('p', { 'data-testid': 'review-flags' }, t('review.none')),
      h('details', { class: 'review-all', open: review.moves.length <= 40 },
        h('summary', {}, t('review.all', { n: review.moves.length })),
        h('div', { class: 'review-scroll' },
          h('table', { class: 'review-table', 'data-testid': 'review-table' },
            h('thead', {}, h('tr', {},
              h('th', { scope: 'col' }, t('review.col.move')),
              h('th', { scope: 'col' }, t('review.col.played')),
              h('th', { scope: 'col' }, t(two ? 'review.col.chance' : 'review.col.result')),
              h('th', { scope: 'col' }, t('review.col.best')))),
            h('tbody', {}, rows)))),
      h('p', { class: 'muted review-budget' }, t('review.budget', { n: review.iterations, seed: review.seed })));
  }

  async function run() {
    const ticket = ++state.ticket;
    clearTimeout(state.timer);
    state.job = null;
    state.error = null;
    render();
    try {
      let job = await startReview(id, state.seat);
      while (!state.closed && ticket === state.ticket) {
        state.job = job;
        render();
        if (job.status !== 'running') return;
        await new Promise((resolve) => { state.timer = setTimeout(resolve, POLL_MS); });
        if (state.closed || ticket !== state.ticket) return;
        // POST again rather than GET: with several server processes the next request may
        // reach another one, which then makes (or has) the same review
        job = await startReview(id, state.seat);
      }
    } catch (error) {
      if (ticket !== state.ticket) return;
      state.error = t('review.failed', { error: error.message || String(error) });
      render();
    }
  }

  current = { el, close };
  el.showModal();
  run();
  return current;
}
