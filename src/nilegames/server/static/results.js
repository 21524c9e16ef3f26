// The end of a game in a dialog: each seat's points by category as the rulebook counts
// them, the tie-break in words and the winner. Never the engine's internal ±1 returns.

import { h, replace } from './dom.js';
import { t, seatName, joinList, register } from './i18n.js';

register({
  en: {
    'res.title': 'Result',
    'res.close': 'Close',
    'res.player': 'Player',
    'res.you': 'you',
    'res.winner': 'Winner',
    'res.youWin': 'You win!',
    'res.wins': '{who} wins.',
    'res.share': '{who} share the win.',
    'res.tie': '{who} are equal up to {what} ({value}); next the rules compare {next}: {list}.',
    'res.allTied': '{who} are equal in everything the rules compare: the win is shared.',
    'res.unfinished': 'This game was not finished: there is no result.',
    'res.nile.how': 'Each player’s five crop piles, from the smallest (1st) to the largest (5th). The smallest pile decides; if equal, the next smallest, and so on.',
    'res.nile.pile1': '1st',
    'res.nile.pile2': '2nd',
    'res.nile.pile3': '3rd',
    'res.nile.pile4': '4th',
    'res.nile.pile5': '5th',
    'res.nile.clear': '{who} has the largest smallest pile ({value}).',
    'res.nile.what1': 'the smallest pile',
    'res.nile.what2': 'the second smallest pile',
    'res.nile.what3': 'the third smallest pile',
    'res.nile.what4': 'the fourth pile',
    'res.nile.what5': 'the largest pile',
    'res.ph.how': 'The points of the game (tiles laid, and racks that could not be laid), minus the tiles left at the end. The highest total wins; equal totals share.',
    'res.ph.board': 'Points during play',
    'res.ph.left': 'Tiles left',
    'res.ph.total': 'Total',
    'res.ph.what': 'the total',
    'res.ph.clear': '{who} has the highest total ({value}).',
    'res.ar.how': 'Favour wins; with equal favour, more cards kept in front of you.',
    'res.ar.favour': 'Favour',
    'res.ar.cards': 'Cards kept',
    'res.ar.what': 'favour',
    'res.ar.clear': '{who} has the most favour ({value}).',
    'res.ar.next': 'the cards kept',
    'res.bk.how': 'The score track wins; with equal scores, fewer plants lost.',
    'res.bk.score': 'Score',
    'res.bk.lost': 'Plants lost',
    'res.bk.what': 'the score',
    'res.bk.clear': '{who} is furthest on the score track ({value}).',
    'res.bk.next': 'the plants lost (fewer is better)',
  },
  fr: {
    'res.title': 'Résultat',
    'res.close': 'Fermer',
    'res.player': 'Joueur',
    'res.you': 'vous',
    'res.winner': 'Vainqueur',
    'res.youWin': 'Vous gagnez !',
    'res.wins': '{who} gagne.',
    'res.share': '{who} partagent la victoire.',
    'res.tie': '{who} sont à égalité sur {what} ({value}) ; la règle compare ensuite {next} : {list}.',
    'res.allTied': '{who} sont égaux sur tout ce que la règle compare : la victoire est partagée.',
    'res.unfinished': "Cette partie n'a pas été terminée : il n'y a pas de résultat.",
    'res.nile.how': 'Les cinq piles de récolte de chacun, de la plus petite (1re) à la plus grande (5e). La plus petite décide ; à égalité, la suivante, et ainsi de suite.',
    'res.nile.pile1': '1re',
    'res.nile.pile2': '2e',
    'res.nile.pile3': '3e',
    'res.nile.pile4': '4e',
    'res.nile.pile5': '5e',
    'res.nile.clear': '{who} a la plus grande « plus petite pile » ({value}).',
    'res.nile.what1': 'la plus petite pile',
    'res.nile.what2': 'la deuxième plus petite pile',
    'res.nile.what3': 'la troisième plus petite pile',
    'res.nile.what4': 'la quatrième pile',
    'res.nile.what5': 'la plus grande pile',
    'res.ph.how': 'Les points de la partie (tuiles posées, et mains qui ne pouvaient pas être posées), moins les tuiles restées en main à la fin. Le plus haut total gagne ; à égalité, on partage.',
    'res.ph.board': 'Points en cours de partie',
    'res.ph.left': 'Tuiles restantes',
    'res.ph.total': 'Total',
    'res.ph.what': 'le total',
    'res.ph.clear': '{who} a le plus haut total ({value}).',
    'res.ar.how': 'La faveur décide ; à faveur égale, le plus de cartes gardées devant soi.',
    'res.ar.favour': 'Faveur',
    'res.ar.cards': 'Cartes gardées',
    'res.ar.what': 'la faveur',
    'res.ar.clear': '{who} a le plus de faveur ({value}).',
    'res.ar.next': 'les cartes gardées',
    'res.bk.how': 'La piste de score décide ; à score égal, le moins de plantes perdues.',
    'res.bk.score': 'Score',
    'res.bk.lost': 'Plantes perdues',
    'res.bk.what': 'le score',
    'res.bk.clear': '{who} est le plus avancé sur la piste de score ({value}).',
    'res.bk.next': 'les plantes perdues (le moins possible)',
  },
});

/**
 * Per game: the columns of the table and the keys the rules compare, in order (higher wins).
 * cols: [{label, values: per seat}]; keys: per seat, [number...]; words: [{what, next}] per key.
 */
const SPECS = {
  nile(obs) {
    const piles = (obs.result.piles || []).map((p) => [...p].sort((a, b) => a - b));
    const cols = [1, 2, 3, 4, 5].map((i) => ({ label: t(`res.nile.pile${i}`), values: piles.map((p) => p[i - 1]) }));
    return {
      how: t('res.nile.how'), clear: 'res.nile.clear', cols, keys: piles,
      words: [1, 2, 3, 4, 5].map((i) => ({ what: t(`res.nile.what${i}`), next: t(`res.nile.what${i}`) })),
    };
  },
  pharaohs(obs) {
    const scores = obs.result.scores || [];
    const over = (obs.log || []).slice().reverse().find((ev) => ev.event === 'game_over');
    const penalties = (over && over.penalties) || scores.map(() => 0);
    return {
      how: t('res.ph.how'), clear: 'res.ph.clear',
      cols: [
        { label: t('res.ph.board'), values: scores.map((s, i) => s + (penalties[i] || 0)) },
        { label: t('res.ph.left'), values: penalties.map((p) => (p ? `−${p}` : '0')) },
        { label: t('res.ph.total'), values: scores, strong: true },
      ],
      keys: scores.map((s) => [s]),
      words: [{ what: t('res.ph.what') }],
    };
  },
  artifacts(obs) {
    const favour = obs.result.favour || [];
    const cards = obs.result.cards_kept || [];
    return {
      how: t('res.ar.how'), clear: 'res.ar.clear',
      cols: [{ label: t('res.ar.favour'), values: favour, strong: true }, { label: t('res.ar.cards'), values: cards }],
      keys: favour.map((f, i) => [f, cards[i]]),
      words: [{ what: t('res.ar.what') }, { what: t('res.ar.next'), next: t('res.ar.next') }],
    };
  },
  banks(obs) {
    const scores = obs.result.scores || [];
    const lost = obs.result.lost || [];
    return {
      how: t('res.bk.how'), clear: 'res.bk.clear',
      cols: [{ label: t('res.bk.score'), values: scores, strong: true }, { label: t('res.bk.lost'), values: lost }],
      keys: scores.map((s, i) => [s, -(lost[i] || 0)]),
      words: [{ what: t('res.bk.what') }, { what: t('res.bk.next'), next: t('res.bk.next') }],
    };
  },
};

const compare = (a, b) => {
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) - (b[i] ?? 0);
  }
  return 0;
};

/** How the rules picked the winner, in words: who led on the first key, and which later key broke a tie. */
export function tieBreakText(spec, viewer, shown) {
  const value = (s, i) => Math.abs(spec.keys[s][i]);
  let tied = spec.keys.map((_, s) => s);
  let decisive = null; // [index, the seats still equal before it]
  for (let i = 0; i < (spec.keys[0] || []).length && tied.length > 1; i += 1) {
    const best = Math.max(...tied.map((s) => spec.keys[s][i]));
    const next = tied.filter((s) => spec.keys[s][i] === best);
    if (i === 0 && next.length === 1) {
      return t(spec.clear, { who: seatName(next[0], null), value: value(next[0], 0) });
    }
    if (next.length < tied.length) decisive = [i, tied];
    tied = next;
  }
  if (tied.length > 1) return t('res.allTied', { who: joinList(tied.map((s) => seatName(s, null))) });
  // the last comparison that still split the leaders is the one that made the winner
  const [i, before] = decisive;
  const list = before.map((s) => `${seatName(s, null)} ${shown(s, i)}`).join(', ');
  return t('res.tie', {
    who: joinList(before.map((s) => seatName(s, null))), what: spec.words[i - 1].what,
    value: value(before[0], i - 1), next: spec.words[i].next || spec.words[i].what, list,
  });
}

/** The result's content (a table and sentences) for a finished observation, or null. */
export function resultContent(game, obs, viewer) {
  if (!obs || !obs.result || !SPECS[game]) return null;
  const spec = SPECS[game](obs);
  const winners = obs.result.winners || [];
  const players = spec.keys.length;
  const seats = [...Array(players).keys()].sort((a, b) => compare(spec.keys[b], spec.keys[a]));
  const shown = (s, i) => String(Math.abs(spec.keys[s][i]));
  const verdict = winners.length === 1 && winners[0] === viewer
    ? t('res.youWin')
    : t(winners.length > 1 ? 'res.share' : 'res.wins', { who: joinList(winners.map((w) => seatName(w, null))) });
  const head = h('thead', {}, h('tr', {},
    h('th', { scope: 'col' }, t('res.player')),
    spec.cols.map((c) => h('th', { scope: 'col' }, c.label))));
  const rows = seats.map((s) => h('tr', { class: [winners.includes(s) && 'winner', s === viewer && 'you'], 'data-seat': s },
    h('th', { scope: 'row' }, seatName(s, null), s === viewer ? ` (${t('res.you')})` : '', winners.includes(s) ? h('span', { class: 'crown', title: t('res.winner') }, ' ★', h('span', { class: 'sr-only' }, t('res.winner'))) : null),
    spec.cols.map((c) => h('td', { class: c.strong ? 'strong' : null }, String(c.values[s] ?? '')))));
  return h('div', { class: 'result-body' },
    h('p', { class: 'result-verdict', 'data-testid': 'result-winner' }, verdict),
    h('p', { class: 'result-tiebreak', 'data-testid': 'result-tiebreak' }, tieBreakText(spec, viewer, shown)),
    h('div', { class: 'result-scroll' },
      h('table', { class: 'result-table', 'data-testid': 'result-table' }, head, h('tbody', {}, rows))),
    h('p', { class: 'muted result-how' }, spec.how));
}

/**
 * A modal <dialog> with the result; extra: nodes under it (links). Returns {el, show(), close()}.
 */
export function resultDialog() {
  const el = h('dialog', { class: 'result-dialog', 'data-testid': 'result-dialog', 'aria-labelledby': 'result-title' });
  return {
    el,
    fill(game, obs, viewer, extra) {
      const close = h('button', { type: 'button', class: 'primary', 'data-testid': 'result-close', onclick: () => el.close() }, t('res.close'));
      replace(el,
        h('h2', { id: 'result-title' }, t('res.title')),
        resultContent(game, obs, viewer),
        h('div', { class: 'result-actions' }, extra || null, close));
    },
    /** modal: the page behind waits (the table); else it stays usable (a replay's controls). */
    show(modal = true) {
      if (el.open || !el.isConnected) return;
      el.classList.toggle('docked', !modal);
      if (modal) el.showModal();
      else el.show();
    },
    close() {
      if (el.open) el.close();
    },
  };
}
