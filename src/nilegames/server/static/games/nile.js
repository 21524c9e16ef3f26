// The NILE board: render(view, root, act) draws a view (docs/web-api.md) into root.
// Only legal actions are clickable; each clickable element is a <button data-action="<id>">.

import { h, replace } from '../dom.js';
import { t, tn, seatName, joinList, register } from '../i18n.js';
import { CROPS, KIND_NAMES, FIRST_SPECULATION, LOCUST, COLOURS, cardSvg, kindOf } from './nile-cards.js';
import {
  cardName, shortCardName, cropName, initials, phaseName, doneKey, actionText,
  DONE, MARKET, OFFERING, DISCARD_HAND, DISCARD_STOCK, PLANT, SPECULATE,
} from './nile-words.js';

export { eventText, actionText, statusHint, rules } from './nile-words.js';

register({
  en: {
    'nile.why.paying': 'First pick the cards that pay for your {trade} ({n} left).',
    'nile.why.noTrade': 'No more trades this turn: you have started planting or speculating.',
    'nile.why.twoCards': 'A trade costs two cards from your hand or stock: you have {n}.',
    'nile.why.flooded': '{crop} is flooded this turn: it cannot be planted.',
    'nile.why.plantLater': 'Plant {crop} after the trades: start a planting with the crops you can plant.',
    'nile.why.noPlant': '{crop} cannot be planted now: a new field needs two cards of one crop (or one card each of two crops), another player’s field only falls to more cards than it holds, and this turn’s plantings must go on with the crop begun.',
    'nile.why.planting': 'You are planting: speculations come after the planting.',
    'nile.why.finishPlanting': 'The cards laid so far do not make a planting you may keep yet: add a card.',
    'nile.why.twoSpeculations': 'At most two speculations a turn.',
    'nile.why.speculation': 'No speculation on a card that shows a crop flooded this turn ({crop}).',
    'nile.why.locust': 'The Plague of Locusts is never played from the hand; it can only be discarded to pay for a trade.',
  },
  fr: {
    'nile.why.paying': "Choisissez d'abord les cartes qui paient votre {trade} (encore {n}).",
    'nile.why.noTrade': 'Plus de négoce ce tour-ci : vous avez commencé à planter ou à spéculer.',
    'nile.why.twoCards': 'Un négoce coûte deux cartes de votre main ou de votre stock : vous en avez {n}.',
    'nile.why.flooded': '{crop} est en crue ce tour-ci : impossible de la planter.',
    'nile.why.plantLater': 'Plantez {crop} après les négoces : commencez une plantation avec les cultures possibles.',
    'nile.why.noPlant': "Impossible de planter {crop} maintenant : un nouveau champ demande deux cartes d'une culture (ou une carte de deux cultures), le champ d'un autre joueur ne se prend qu'avec plus de cartes qu'il n'en a, et la plantation du tour continue avec la culture commencée.",
    'nile.why.planting': 'Vous plantez : les spéculations viennent après la plantation.',
    'nile.why.finishPlanting': "Les cartes posées ne forment pas encore une plantation valable : ajoutez une carte.",
    'nile.why.twoSpeculations': 'Deux spéculations au plus par tour.',
    'nile.why.speculation': 'Pas de spéculation sur une carte qui montre une culture en crue ce tour-ci ({crop}).',
    'nile.why.locust': "L'Invasion de sauterelles ne se joue jamais de la main ; on peut seulement la défausser pour payer un négoce.",
  },
});

/** Why a control or a card of the hand cannot be used now (the table's own reasons come first). */
export function whyNot(el, view) {
  const obs = view.observation || {};
  const control = el.dataset.control;
  const cardsOwned = sum(obs.hand) + sum(((obs.stocks || [])[view.seat]) || {});
  if (obs.trade) return t('nile.why.paying', { trade: t(`nile.control.${obs.trade.kind}`), n: obs.trade.cards_left });
  if (control === 'finishPlanting') return t('nile.why.finishPlanting');
  if (control === 'market' || control === 'offering') {
    if (obs.phase !== 'trade') return t('nile.why.noTrade');
    return t('nile.why.twoCards', { n: cardsOwned });
  }
  const name = el.dataset.card;
  if (!name) return null;
  const kind = kindOf(name);
  if (kind === LOCUST) return t('nile.why.locust');
  if (kind >= FIRST_SPECULATION) {
    if (obs.phase === 'plant') return t('nile.why.planting');
    const pair = name.slice('Speculation '.length).split('/');
    const flooded = pair.find((crop) => (obs.blocked || []).includes(crop));
    if (flooded) return t('nile.why.speculation', { crop: cropName(flooded) });
    if (obs.speculations && obs.speculations.cards && obs.speculations.cards.length >= 2) return t('nile.why.twoSpeculations');
    return null;
  }
  const crop = name;
  if ((obs.blocked || []).includes(crop)) return t('nile.why.flooded', { crop: cropName(crop) });
  return t('nile.why.noPlant', { crop: cropName(crop) });
}
export const title = 'NILE';

/** The legal action ids that act on a card of the hand (by kind). */
function handActions(kind) {
  const ids = [DISCARD_HAND + kind];
  if (kind < FIRST_SPECULATION) ids.push(PLANT + kind);
  else if (kind < LOCUST) ids.push(SPECULATE + kind - FIRST_SPECULATION);
  return ids;
}

function verb(action) {
  if (action >= DISCARD_HAND && action < PLANT) return t('nile.verb.discard');
  if (action >= PLANT && action < SPECULATE) return t('nile.verb.plant');
  return t('nile.verb.speculate');
}

const sum = (counts) => Object.values(counts || {}).reduce((a, b) => a + b, 0);

/** A crop chip: initials and name on the crop's colour, with an optional count. */
export function cropChip(crop, count, { full = false } = {}) {
  const colour = COLOURS[crop] || { fill: '#ccc', ink: '#000' };
  return h('span', {
    class: ['chip', count === 0 && 'chip-zero'],
    'data-crop': crop,
    style: `--c:${colour.fill};--ink:${colour.ink}`,
    title: cropName(crop),
  },
  h('span', { class: 'chip-tag' }, full ? cropName(crop) : t(`initial.${crop}`)),
  count === undefined ? null : h('span', { class: 'chip-count' }, String(count)));
}

export function render(view, root, act) {
  const obs = view.observation || {};
  const viewer = view.seat ?? obs.seat ?? null;
  const legal = new Map(act ? (view.legal_actions || []).map((a) => [a.action, a.text]) : []);
  const names = initials();
  const label = (id) => actionText(id, view, legal.get(id));
  const players = obs.players || (obs.hand_sizes || []).length;

  /** A card: a button when exactly one legal action acts on it, else inert (or one button per action). */
  function card(name, { count = 1, actions = [], extra = '', ariaLabel } = {}) {
    const ids = actions.filter((id) => legal.has(id));
    const caption = h('span', { class: 'card-name' }, shortCardName(name));
    const badge = count > 1 ? h('span', { class: 'card-count', 'aria-hidden': 'true' }, `×${count}`) : null;
    const base = ariaLabel || (count > 1 ? `${cardName(name)} ×${count}` : cardName(name));
    const common = { 'data-card': name, 'data-kind': kindOf(name) };
    if (ids.length === 1) {
      const [id] = ids;
      return h('button', {
        type: 'button', class: ['card', 'clickable', extra], 'data-action': id, ...common,
        'aria-label': `${label(id)} (${base})`, title: label(id), onclick: () => act(id),
      }, cardSvg(name, names), badge, caption, h('span', { class: 'card-verb' }, verb(id)));
    }
    const face = h('div', { class: ['card', 'inert', extra], ...common, role: 'img', 'aria-label': base },
      cardSvg(name, names), badge, caption);
    if (!ids.length) return face;
    face.classList.remove('inert');
    return h('div', { class: 'card-multi', role: 'group', 'aria-label': base }, face,
      ids.map((id) => h('button', { type: 'button', class: 'mini', 'data-action': id, onclick: () => act(id) }, label(id))));
  }

  function panel(testid, heading, ...children) {
    return h('section', { class: ['panel', `panel-${testid}`], 'data-testid': testid, 'aria-label': heading },
      h('h2', {}, heading), ...children);
  }

  // ---- the end of the game ----
  function result() {
    const res = obs.result;
    if (!res) return null;
    const winners = res.winners || [];
    const cols = [];
    for (let seat = 0; seat < players; seat += 1) {
      const piles = (res.piles || [])[seat] || [];
      // the stock sorted the same way gives each pile its crop (ties: the engine's crop order)
      const stock = (obs.stocks || [])[seat] || {};
      const byCount = CROPS.map((crop) => [crop, stock[crop] ?? 0]).sort((a, b) => a[1] - b[1]);
      const matches = byCount.length === piles.length && byCount.every(([, n], i) => n === piles[i]);
      const max = Math.max(1, ...piles);
      cols.push(h('div', {
        class: ['result-seat', winners.includes(seat) && 'winner', seat === viewer && 'you'],
        'data-seat': seat, 'data-winner': winners.includes(seat) ? 'true' : 'false',
      },
      h('div', { class: 'result-name' }, seatName(seat, viewer),
        winners.includes(seat) ? h('span', { class: 'crown' }, ` ★ ${t('result.winner')}`) : null),
      h('div', { class: 'piles', role: 'img', 'aria-label': `${seatName(seat, viewer)}: ${piles.join(', ')}` },
        piles.map((n, i) => {
          const crop = matches ? byCount[i][0] : null;
          const colour = crop ? COLOURS[crop] : { fill: '#9aa', ink: '#000' };
          return h('div', { class: 'pile-col' },
            h('span', { class: 'pile-n' }, String(n)),
            h('div', { class: 'pile-bar', style: `height:${8 + (n / max) * 72}px;--c:${colour.fill}` }),
            h('span', { class: 'pile-crop' }, crop ? t(`initial.${crop}`) : ''));
        })),
      null));
    }
    const names2 = winners.map((w) => seatName(w, viewer));
    return h('section', { class: 'panel result', 'data-testid': 'result' },
      h('h2', {}, t('result.title')),
      h('p', { class: 'winners' }, winners.includes(viewer) && winners.length === 1
        ? t('status.youWin')
        : t(winners.length > 1 ? 'status.overWinners' : 'status.overWinner', { who: joinList(names2) })),
      h('p', { class: 'muted' }, t('nile.result.piles')),
      h('div', { class: 'result-cols' }, cols));
  }

  // ---- flood, deck, discard ----
  function flood() {
    const prev = root.dataset.flood;
    const current = obs.flood || '';
    const fresh = prev !== undefined && prev !== current;
    root.dataset.flood = current;
    const floodCard = obs.flood
      ? card(obs.flood, { extra: ['big', fresh && 'fresh'].filter(Boolean).join(' '), ariaLabel: t('nile.flood.current', { card: cardName(obs.flood) }) })
      : h('div', { class: 'card big empty', role: 'img', 'aria-label': t('nile.flood.none') }, h('span', {}, t('nile.flood.none')));
    const pile = Object.entries(obs.flood_pile || {});
    const removed = obs.removed || {};
    const removedParts = [
      ...Object.entries(removed.crops || {}).map(([crop, n]) => `${cropName(crop)} ×${n}`),
      removed.speculations_unseen ? t('nile.removedUnseen', { n: removed.speculations_unseen }) : null,
    ].filter(Boolean);
    const deck = obs.deck || {};
    return panel('flood', t('nile.flood'),
      h('div', { class: 'flood-row' },
        floodCard,
        h('div', { class: 'flood-info' },
          h('p', { class: 'turn-phase' }, t('nile.turnPhase', { turn: obs.turn ?? 0, phase: phaseName(obs.phase) })),
          h('p', { class: 'blocked', 'data-testid': 'blocked' },
            (obs.blocked || []).length
              ? [t('nile.blocked', { crops: '' }), ...obs.blocked.map((c) => cropChip(c, undefined, { full: true }))]
              : t('nile.blocked.none')),
          h('p', { 'data-testid': 'deck' }, t('nile.deck', { size: deck.size ?? '?', number: deck.number ?? '?', of: deck.of ?? '?' })),
          h('p', { 'data-testid': 'discard' }, t('nile.discard', { n: sum(obs.discard) })),
          h('p', {}, t(obs.locust === 'set aside' ? 'nile.locust.aside' : 'nile.locust.deck')),
          removedParts.length ? h('p', {}, t('nile.removed', { cards: removedParts.join(', ') })) : null)),
      pile.length
        ? h('div', { class: 'flood-pile', 'aria-label': t('nile.floodPile') },
          h('h3', {}, `${t('nile.floodPile')} (${sum(obs.flood_pile)})`),
          h('div', { class: 'mini-cards' }, pile.map(([name, n]) =>
            h('span', { class: 'mini-card', title: cardName(name), role: 'img', 'aria-label': `${cardName(name)} ×${n}` },
              cardSvg(name, names), h('span', { class: 'mini-count' }, `×${n}`)))))
        : null);
  }

  // ---- the five fields ----
  function fields() {
    const blocked = new Set(obs.blocked || []);
    return panel('fields', t('nile.fields'),
      h('div', { class: 'fields-row' }, CROPS.map((crop) => {
        const field = (obs.fields || []).find((f) => f.crop === crop);
        const flooded = blocked.has(crop) ? h('span', { class: 'flooded' }, `≈ ${t('nile.flooded')}`) : null;
        if (!field) {
          return h('div', { class: 'field empty', 'data-crop': crop, role: 'img', 'aria-label': t('nile.field.noneLabel', { crop: cropName(crop) }) },
            h('span', { class: 'field-empty-tag', style: `--c:${COLOURS[crop].fill}` }, t(`initial.${crop}`)),
            h('span', { class: 'field-caption' }, cropName(crop)),
            h('span', { class: 'field-owner muted' }, t('nile.field.none')), flooded);
        }
        const owner = seatName(field.owner, viewer);
        return h('div', {
          class: ['field', field.owner === viewer && 'mine'], 'data-crop': crop, 'data-owner': field.owner, 'data-size': field.size,
          role: 'img', 'aria-label': t('nile.field.label', { crop: cropName(crop), size: field.size, owner }),
        },
        h('div', { class: 'field-card' }, cardSvg(crop, names), h('span', { class: 'field-size' }, String(field.size))),
        h('span', { class: 'field-caption' }, cropName(crop)),
        h('span', { class: 'field-owner' }, owner), flooded);
      })));
  }

  // ---- trade, planting, speculation in progress ----
  function inPlay() {
    const parts = [];
    if (obs.trade) {
      const kind = t(obs.trade.kind === 'market' ? 'nile.trade.market' : 'nile.trade.offering');
      parts.push(h('p', { class: 'trade', 'data-testid': 'trade' }, tn('nile.trade', obs.trade.cards_left, { kind })));
    }
    const planting = Object.entries(obs.planting || {});
    if (planting.length) {
      parts.push(h('div', { class: 'planting', 'data-testid': 'planting' },
        h('h3', {}, t('nile.planting'), obs.active_seat === null || obs.active_seat === undefined ? '' : ` — ${seatName(obs.active_seat, viewer)}`),
        h('div', { class: 'cards-row' }, planting.map(([crop, n]) => card(crop, { count: n })))));
    }
    if (obs.speculations) {
      parts.push(h('div', { class: 'speculations', 'data-testid': 'speculations' },
        h('h3', {}, t('nile.speculations', { who: seatName(obs.speculations.seat, viewer) })),
        h('div', { class: 'cards-row' }, obs.speculations.cards.map((name) => card(name)))));
    }
    if (!parts.length) return null;
    return h('section', { class: 'panel in-play', 'data-testid': 'play' }, parts);
  }

  // ---- your hand ----
  function hand() {
    if (viewer === null) return panel('hand', t('nile.hand'), h('p', { class: 'muted' }, t('nile.hand.spectator')));
    const entries = Object.entries(obs.hand || {}).sort((a, b) => kindOf(a[0]) - kindOf(b[0]));
    return panel('hand', `${t('nile.hand')} (${sum(obs.hand)})`,
      entries.length
        ? h('div', { class: 'cards-row hand-row' }, entries.map(([name, n]) =>
          card(name, { count: n, actions: handActions(kindOf(name)), ariaLabel: t('nile.inHand', { card: cardName(name), n }) })))
        : h('p', { class: 'muted' }, t('nile.hand.empty')));
  }

  // ---- your stock ----
  function stock() {
    if (viewer === null) return null;
    const mine = (obs.stocks || [])[viewer] || {};
    return panel('stock', `${t('nile.stock')} (${sum(mine)})`,
      h('div', { class: 'stock-row' }, CROPS.map((crop, c) => {
        const n = mine[crop] ?? 0;
        const id = DISCARD_STOCK + c;
        const inner = [cropChip(crop, n, { full: true })];
        const aria = t('nile.inStock', { crop: cropName(crop), n });
        if (legal.has(id)) {
          return h('button', {
            type: 'button', class: 'pile clickable', 'data-action': id, 'data-crop': crop,
            'aria-label': `${label(id)} (${aria})`, title: label(id), onclick: () => act(id),
          }, inner, h('span', { class: 'card-verb' }, verb(id)));
        }
        return h('div', { class: 'pile inert', 'data-crop': crop, role: 'img', 'aria-label': aria }, inner);
      })));
  }

  // ---- Market, Offering, End turn / Done ----
  function controls() {
    if (viewer === null || obs.result || !act) return null;
    const button = (id, key, help) => {
      const text = t(`nile.control.${key}`);
      if (legal.has(id)) {
        return h('button', { type: 'button', class: ['control', id === DONE && 'primary'], 'data-action': id, 'data-control': key, title: help || text, onclick: () => act(id) }, text);
      }
      return h('button', { type: 'button', class: 'control', 'data-control': key, disabled: true, title: help || text }, text);
    };
    return h('div', { class: 'controls', 'data-testid': 'controls' },
      button(MARKET, 'market', t('nile.control.help.market')),
      button(OFFERING, 'offering', t('nile.control.help.offering')),
      button(DONE, doneKey(obs)));
  }

  // ---- every seat ----
  function seats() {
    const tableSeats = (view.table && view.table.seats) || [];
    const active = obs.result ? null : (view.to_move ?? obs.active_seat ?? null);
    const list = [];
    for (let seat = 0; seat < players; seat += 1) {
      const info = tableSeats.find((x) => x.seat === seat) || tableSeats[seat] || null;
      const kind = info ? (info.kind === 'bot' ? t('seat.bot', { level: t(`bot.${info.bot}`) }) : t('seat.human')) : null;
      const stockOf = (obs.stocks || [])[seat] ?? null; // null: face down to this viewer
      const stockSize = (obs.stock_sizes || [])[seat] ?? sum(stockOf || {});
      const owned = (obs.fields || []).filter((f) => f.owner === seat);
      list.push(h('div', {
        class: ['seat', seat === active && 'active', seat === viewer && 'you'], 'data-seat': seat,
        'data-active': seat === active ? 'true' : 'false',
      },
      h('div', { class: 'seat-head' },
        h('strong', {}, seatName(seat, viewer)),
        kind ? h('span', { class: 'seat-kind' }, kind) : null,
        info && info.kind === 'human'
          ? h('span', { class: ['dot', info.connected ? 'on' : 'off'], title: t(info.connected ? 'seat.online' : 'seat.offline'), 'aria-label': t(info.connected ? 'seat.online' : 'seat.offline') })
          : null,
        seat === active ? h('span', { class: 'to-move' }, `▶ ${t('nile.toMove')}`) : null),
      h('div', { class: 'seat-hand', 'data-testid': 'hand-size' },
        h('span', { class: 'back-icon', 'aria-hidden': 'true' }, cardSvg('back')),
        tn('nile.handSize', (obs.hand_sizes || [])[seat] ?? 0)),
      stockOf
        ? h('div', { class: 'seat-stock', 'aria-label': `${t('nile.stockOf')} ${stockSize}` },
          h('span', { class: 'seat-label' }, `${t('nile.stockOf')} (${stockSize})`),
          CROPS.map((crop) => cropChip(crop, stockOf[crop] ?? 0)))
        : h('div', { class: 'seat-stock hidden-stock', 'data-testid': 'stock-hidden', title: t('nile.stock.hidden.help') },
          h('span', { class: 'seat-label' }, tn('nile.stock.hidden', stockSize))),
      owned.length
        ? h('div', { class: 'seat-fields' }, h('span', { class: 'seat-label' }, t('nile.fieldsOf')),
          owned.map((f) => cropChip(f.crop, f.size)))
        : null));
    }
    return h('section', { class: 'panel', 'data-testid': 'seats', 'aria-label': t('nile.seats') },
      h('h2', {}, t('nile.seats')), list);
  }

  replace(root,
    h('div', { class: 'nile' },
      result(),
      h('div', { class: 'nile-grid' },
        h('div', { class: 'nile-main' }, flood(), fields(), inPlay(), hand(), controls(), stock()),
        h('div', { class: 'nile-side' }, seats()))));
}
