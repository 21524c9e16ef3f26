// NILE in English and French: card names, the log in words, action words, hints and rules.
// The server's texts are English; French is built here from the structured fields.

import { register, t, tn, getLang, seatName, joinList } from '../i18n.js';
import { CROPS, KIND_NAMES, FIRST_SPECULATION, LOCUST_NAME } from './nile-cards.js';

register({
  en: {
    'crop.Papyrus': 'Papyrus', 'crop.Wheat': 'Wheat', 'crop.Lettuce': 'Lettuce', 'crop.Castor': 'Castor', 'crop.Flax': 'Flax',
    'initial.Papyrus': 'Pa', 'initial.Wheat': 'Wh', 'initial.Lettuce': 'Le', 'initial.Castor': 'Ca', 'initial.Flax': 'Fl',
    'nile.speculation': 'Speculation',
    'option.nile.variant': 'Variant',
    'option.nile.variant.standard': 'standard',
    'option.nile.variant.short': 'short (faster)',
    'option.nile.open_stocks': 'Stocks',
    'option.nile.open_stocks.false': 'face down (rulebook)', 'option.nile.open_stocks.true': 'open to all',
    'nile.spec.short': 'Spec.',
    'nile.locust': 'Plague of Locusts',
    'nile.phase.setup': 'set-up', 'nile.phase.flood': 'flood', 'nile.phase.draw': 'draw', 'nile.phase.trade': 'trade',
    'nile.phase.plant': 'planting', 'nile.phase.speculate': 'speculation', 'nile.phase.game over': 'game over',
    'nile.turnPhase': 'Turn {turn} · {phase}',
    'nile.flood': 'Flood',
    'nile.flood.none': 'No flood yet',
    'nile.flood.current': 'Current flood: {card}',
    'nile.blocked': 'Flooded this turn (cannot be played): {crops}',
    'nile.blocked.none': 'No crop is flooded.',
    'nile.floodPile': 'Flood pile',
    'nile.deck': 'Deck: {size} cards, deck {number} of {of}',
    'nile.discard': 'Discard pile: {n} cards',
    'nile.locust.deck': 'Plague of Locusts: in the deck',
    'nile.locust.aside': 'Plague of Locusts: set aside',
    'nile.removed': 'Out of the game (short variant): {cards}',
    'nile.removedUnseen': '{n} unseen speculation cards',
    'nile.fields': 'Fields',
    'nile.field.none': 'no field',
    'nile.field.label': 'Field of {crop}: {size} cards, {owner}',
    'nile.field.noneLabel': 'No field of {crop}',
    'nile.field.owner': '{who}',
    'nile.flooded': 'flooded',
    'nile.hand': 'Your hand',
    'nile.hand.empty': 'No card in your hand.',
    'nile.hand.spectator': 'Spectators do not see any hand.',
    'nile.stock': 'Your stock',
    'nile.stock.spectator': 'Stocks are shown with the players (face down unless the table plays with open stocks).',
    'nile.seats': 'Players',
    'nile.handSize.one': '{n} card in hand', 'nile.handSize.other': '{n} cards in hand',
    'nile.stock.hidden.one': 'Stock: {n} card, face down', 'nile.stock.hidden.other': 'Stock: {n} cards, face down',
    'nile.stock.hidden.help': 'Stocks are kept face down (the rulebook\u2019s rule). The log still shows every harvest.',
    'nile.stockOf': 'Stock',
    'nile.fieldsOf': 'Fields',
    'nile.toMove': 'to play',
    'nile.cards.one': '{n} card', 'nile.cards.other': '{n} cards',
    'nile.inHand': '{card}, {n} in hand',
    'nile.inStock': '{crop}: {n} in stock',
    'nile.control.market': 'Market',
    'nile.control.offering': 'Offering to Hapi',
    'nile.control.endTurn': 'End turn',
    'nile.control.finishPlanting': 'Finish planting',
    'nile.control.noSecond': 'No second card',
    'nile.control.done': 'Done',
    'nile.control.help.market': 'Pay 2 cards, draw 1',
    'nile.control.help.offering': 'Pay 2 cards, turn a new flood',
    'nile.verb.discard': 'discard',
    'nile.verb.plant': 'plant',
    'nile.verb.speculate': 'speculate',
    'nile.trade.market': 'market',
    'nile.trade.offering': 'offering to Hapi',
    'nile.trade.one': 'Trade in progress ({kind}): {n} more card to discard from your hand or stock',
    'nile.trade.other': 'Trade in progress ({kind}): {n} more cards to discard from your hand or stock',
    'nile.planting': 'Planting under way',
    'nile.speculations': 'Speculation in play by {who}',
    'nile.hint.trade': 'Trade (market or offering), plant, speculate, or end your turn.',
    'nile.hint.pick.one': 'Discard {n} more card (click a card in your hand or your stock).',
    'nile.hint.pick.other': 'Discard {n} more cards (click cards in your hand or your stock).',
    'nile.hint.plant': 'Add cards to your planting, or finish it.',
    'nile.hint.speculate': 'Lay a second speculation card, or stop here.',
    'nile.result.piles': 'Piles, smallest first',
    'nile.you': 'you',
    'nile.act.done': 'Done',
    'nile.act.endTurn': 'End turn',
    'nile.act.finishPlanting': 'Finish planting',
    'nile.act.noSecond': 'No second speculation card',
    'nile.act.market': 'Trade: market',
    'nile.act.offering': 'Trade: offering to Hapi',
    'nile.act.discardHand': 'Discard {card} from your hand',
    'nile.act.discardStock': 'Discard {crop} from your stock',
    'nile.act.plant': 'Plant {crop}',
    'nile.act.speculate': 'Speculate on {pair}',
  },
  fr: {
    'crop.Papyrus': 'Papyrus', 'crop.Wheat': 'Blé', 'crop.Lettuce': 'Laitue', 'crop.Castor': 'Ricin', 'crop.Flax': 'Lin',
    'initial.Papyrus': 'Pa', 'initial.Wheat': 'Bl', 'initial.Lettuce': 'La', 'initial.Castor': 'Ri', 'initial.Flax': 'Li',
    'nile.speculation': 'Spéculation',
    'option.nile.variant': 'Variante',
    'option.nile.variant.standard': 'standard',
    'option.nile.variant.short': 'courte (plus rapide)',
    'option.nile.open_stocks': 'Réserves',
    'option.nile.open_stocks.false': 'face cachée (livret)', 'option.nile.open_stocks.true': 'ouvertes à tous',
    'option.nile.open_stocks.help': 'le livret garde les réserves face cachée : chacun voit la sienne et la taille des autres ; « ouvertes » les montre à tous',
    'option.nile.variant.help': 'courte : la partie rapide optionnelle du livret (2 joueurs : 2 cartes de chaque culture et 5 cartes Spéculation au hasard quittent la pioche ; 3 joueurs : 1 carte de chaque culture ; refusée à 4 ou 5 joueurs)',
    'nile.spec.short': 'Spéc.',
    'nile.locust': 'Invasion de sauterelles',
    'nile.phase.setup': 'mise en place', 'nile.phase.flood': 'crue', 'nile.phase.draw': 'pioche', 'nile.phase.trade': 'échange',
    'nile.phase.plant': 'plantation', 'nile.phase.speculate': 'spéculation', 'nile.phase.game over': 'fin de partie',
    'nile.turnPhase': 'Tour {turn} · {phase}',
    'nile.flood': 'Crue',
    'nile.flood.none': 'Pas encore de crue',
    'nile.flood.current': 'Crue actuelle : {card}',
    'nile.blocked': 'Inondé ce tour (injouable) : {crops}',
    'nile.blocked.none': "Aucune culture n'est inondée.",
    'nile.floodPile': 'Pile de crue',
    'nile.deck': 'Pioche : {size} cartes, pioche {number} sur {of}',
    'nile.discard': 'Défausse : {n} cartes',
    'nile.locust.deck': 'Invasion de sauterelles : dans la pioche',
    'nile.locust.aside': 'Invasion de sauterelles : mise de côté',
    'nile.removed': 'Hors jeu (partie courte) : {cards}',
    'nile.removedUnseen': '{n} cartes Spéculation non vues',
    'nile.fields': 'Champs',
    'nile.field.none': 'pas de champ',
    'nile.field.label': 'Champ de {crop} : {size} cartes, {owner}',
    'nile.field.noneLabel': 'Pas de champ de {crop}',
    'nile.field.owner': '{who}',
    'nile.flooded': 'inondé',
    'nile.hand': 'Votre main',
    'nile.hand.empty': 'Aucune carte en main.',
    'nile.hand.spectator': 'Les spectateurs ne voient aucune main.',
    'nile.stock': 'Votre réserve',
    'nile.stock.spectator': 'Les réserves sont montrées avec les joueurs (face cachée, sauf si la table joue réserves ouvertes).',
    'nile.seats': 'Joueurs',
    'nile.handSize.one': '{n} carte en main', 'nile.handSize.other': '{n} cartes en main',
    'nile.stock.hidden.one': 'Réserve : {n} carte, face cachée', 'nile.stock.hidden.other': 'Réserve : {n} cartes, face cachée',
    'nile.stock.hidden.help': 'Les réserves restent face cachée (règle du livret). Le journal montre toujours chaque récolte.',
    'nile.stockOf': 'Réserve',
    'nile.fieldsOf': 'Champs',
    'nile.toMove': 'joue',
    'nile.cards.one': '{n} carte', 'nile.cards.other': '{n} cartes',
    'nile.inHand': '{card}, {n} en main',
    'nile.inStock': '{crop} : {n} en réserve',
    'nile.control.market': 'Marché',
    'nile.control.offering': 'Offrande à Hapi',
    'nile.control.endTurn': 'Terminer le tour',
    'nile.control.finishPlanting': 'Terminer la plantation',
    'nile.control.noSecond': 'Pas de seconde carte',
    'nile.control.done': 'Terminé',
    'nile.control.help.market': 'Payer 2 cartes, en piocher 1',
    'nile.control.help.offering': 'Payer 2 cartes, retourner une nouvelle crue',
    'nile.verb.discard': 'défausser',
    'nile.verb.plant': 'planter',
    'nile.verb.speculate': 'spéculer',
    'nile.trade.market': 'marché',
    'nile.trade.offering': 'offrande à Hapi',
    'nile.trade.one': 'Échange en cours ({kind}) : encore {n} carte à défausser de votre main ou de votre réserve',
    'nile.trade.other': 'Échange en cours ({kind}) : encore {n} cartes à défausser de votre main ou de votre réserve',
    'nile.planting': 'Plantation en cours',
    'nile.speculations': 'Spéculation en jeu de {who}',
    'nile.hint.trade': 'Échangez (marché ou offrande), plantez, spéculez, ou terminez votre tour.',
    'nile.hint.pick.one': 'Défaussez encore {n} carte (cliquez une carte de votre main ou de votre réserve).',
    'nile.hint.pick.other': 'Défaussez encore {n} cartes (cliquez des cartes de votre main ou de votre réserve).',
    'nile.hint.plant': 'Ajoutez des cartes à votre plantation, ou terminez-la.',
    'nile.hint.speculate': 'Posez une seconde carte Spéculation, ou arrêtez-vous là.',
    'nile.result.piles': 'Piles, de la plus petite à la plus grande',
    'nile.you': 'vous',
    'nile.act.done': 'Terminé',
    'nile.act.endTurn': 'Terminer le tour',
    'nile.act.finishPlanting': 'Terminer la plantation',
    'nile.act.noSecond': 'Pas de seconde carte Spéculation',
    'nile.act.market': 'Échanger : marché',
    'nile.act.offering': 'Échanger : offrande à Hapi',
    'nile.act.discardHand': 'Défausser {card} de votre main',
    'nile.act.discardStock': 'Défausser {crop} de votre réserve',
    'nile.act.plant': 'Planter {crop}',
    'nile.act.speculate': 'Spéculer sur {pair}',
  },
});

export const cropName = (crop) => (CROPS.includes(crop) ? t(`crop.${crop}`) : crop);

export function initials() {
  return Object.fromEntries(CROPS.map((crop) => [crop, t(`initial.${crop}`)]));
}

/** A card's name in the page's language, from the server's English name. */
export function cardName(name) {
  if (name === null || name === undefined) return '?';
  if (CROPS.includes(name)) return cropName(name);
  if (name === LOCUST_NAME) return t('nile.locust');
  const match = /^Speculation (\w+)\/(\w+)$/.exec(name);
  if (match) return `${t('nile.speculation')} ${cropName(match[1])}/${cropName(match[2])}`;
  return name;
}

/** A shorter name for captions under a card: speculation cards as "Spec. Wheat/Flax". */
export function shortCardName(name) {
  const match = /^Speculation (\w+)\/(\w+)$/.exec(name || '');
  if (match) return `${t('nile.spec.short')} ${cropName(match[1])}/\u200b${cropName(match[2])}`;
  return cardName(name);
}

export const phaseName = (phase) => t(`nile.phase.${phase}`);

// ---- action ids (actions.py) ----
export const DONE = 0;
export const MARKET = 1;
export const OFFERING = 2;
export const DISCARD_HAND = 3;
export const DISCARD_STOCK = 18;
export const PLANT = 23;
export const SPECULATE = 28;
export const NUM_ACTIONS = 38;

/** The label of DONE, which depends on what is being closed. */
export function doneKey(obs) {
  if (obs && obs.phase === 'plant') return 'finishPlanting';
  if (obs && obs.phase === 'speculate') return 'noSecond';
  if (obs && obs.phase === 'trade' && !obs.trade) return 'endTurn';
  return 'done';
}

/** Words for an action id in the page's language (English: the server's text if given). */
export function actionText(action, view, serverText) {
  if (getLang() === 'en' && serverText) return serverText;
  const obs = view && view.observation;
  if (action === DONE) return t(`nile.act.${doneKey(obs)}`);
  if (action === MARKET) return t('nile.act.market');
  if (action === OFFERING) return t('nile.act.offering');
  if (action >= DISCARD_HAND && action < DISCARD_STOCK) {
    return t('nile.act.discardHand', { card: cardName(KIND_NAMES[action - DISCARD_HAND]) });
  }
  if (action >= DISCARD_STOCK && action < PLANT) {
    return t('nile.act.discardStock', { crop: cropName(CROPS[action - DISCARD_STOCK]) });
  }
  if (action >= PLANT && action < SPECULATE) return t('nile.act.plant', { crop: cropName(CROPS[action - PLANT]) });
  if (action >= SPECULATE && action < NUM_ACTIONS) {
    const [a, b] = KIND_NAMES[action - SPECULATE + FIRST_SPECULATION].slice('Speculation '.length).split('/');
    return t('nile.act.speculate', { pair: `${cropName(a)}/${cropName(b)}` });
  }
  return serverText || `#${action}`;
}

/** What the player to move is expected to do now (shown in the status line). */
export function statusHint(view) {
  const obs = view.observation || {};
  if (obs.trade) return tn('nile.hint.pick', obs.trade.cards_left);
  if (obs.phase === 'plant') return t('nile.hint.plant');
  if (obs.phase === 'speculate') return t('nile.hint.speculate');
  if (obs.phase === 'trade') return t('nile.hint.trade');
  return '';
}

// ---- the log in French (English: the server's own text) ----

const FR_DRAW_REASON = {
  deal: 'à la distribution',
  market: 'au marché',
  speculation: 'grâce à une spéculation',
  turn: 'en fin de tour',
};

function frEvent(ev, viewer) {
  const you = ev.seat !== null && ev.seat !== undefined && ev.seat === viewer;
  const who = seatName(ev.seat, viewer);
  const fieldOf = (crop, owner) => (owner === viewer
    ? `votre champ de ${cropName(crop)}`
    : `le champ de ${cropName(crop)} de ${seatName(owner, viewer)}`);
  switch (ev.event) {
    case 'draw': {
      const what = ev.card ? `une carte ${cardName(ev.card)}` : 'une carte';
      const reason = FR_DRAW_REASON[ev.reason] || '';
      return you ? `Vous piochez ${what} ${reason}` : `${who} pioche ${what} ${reason}`;
    }
    case 'removed':
      return 'Une carte Spéculation quitte la partie sans être vue';
    case 'removed_crops': {
      const n = /^(\d+)/.exec(ev.text || '');
      return n ? `${n[1]} carte(s) de chaque culture quittent la partie (partie courte)` : null;
    }
    case 'locust_shuffled':
      return "L'invasion de sauterelles est mélangée à la pioche";
    case 'first_player':
      return you ? 'Vous commencez la partie' : `${who} commence la partie`;
    case 'turn':
      return `Tour ${ev.turn} : ${who}`;
    case 'locust_drawn':
      if (ev.seat === null || ev.seat === undefined) return "L'invasion de sauterelles sort comme crue";
      return you ? "Vous piochez l'invasion de sauterelles" : `${who} pioche l'invasion de sauterelles`;
    case 'locust': {
      const lost = (ev.destroyed || []).map((d) => `${fieldOf(d.crop, d.owner)} (${d.size})`);
      return lost.length ? `Les sauterelles détruisent ${joinList(lost)}` : 'Les sauterelles ne détruisent rien';
    }
    case 'flood':
      return `Crue : ${cardName(ev.card)}` + (ev.reason === 'offering' ? ' (offrande à Hapi)' : '');
    case 'payout': {
      const hits = !ev.matches ? 'ne touche aucune culture' : ev.matches === 1 ? 'touche 1 culture' : `touche ${ev.matches} cultures`;
      return you ? `Votre spéculation ${hits}` : `La spéculation de ${who} ${hits}`;
    }
    case 'speculations_discarded':
      return you ? 'Vos cartes Spéculation sont défaussées' : `Les cartes Spéculation de ${who} sont défaussées`;
    case 'harvest':
      return you ? `Vous récoltez : ${cropName(ev.crop)}` : `${who} récolte : ${cropName(ev.crop)}`;
    case 'reshuffle': {
      const n = Object.values(ev.cards || {}).reduce((a, b) => a + b, 0);
      return `La pioche est reconstituée : pioche ${ev.deck}, ${n} cartes`;
    }
    case 'pass':
      return you ? 'Vous terminez votre tour' : `${who} termine son tour`;
    case 'trade': {
      const kind = ev.trade === 'market' ? 'marché' : 'offrande à Hapi';
      return you ? `Vous échangez : ${kind}` : `${who} échange : ${kind}`;
    }
    case 'discard': {
      const from = ev.source === 'stock' ? (you ? 'de votre réserve' : 'de sa réserve') : you ? 'de votre main' : 'de sa main';
      return you ? `Vous défaussez ${cardName(ev.card)} ${from}` : `${who} défausse ${cardName(ev.card)} ${from}`;
    }
    case 'plant':
      return you ? `Vous plantez : ${cropName(ev.crop)}` : `${who} plante : ${cropName(ev.crop)}`;
    case 'planted': {
      let text = (ev.fields || []).map((f) => `${cropName(f.crop)} +${f.added} = ${f.size}`).join(', ');
      for (const o of ev.overtaken || []) {
        text += ` ; dépasse ${fieldOf(o.crop, o.owner)} (${o.size})`;
      }
      return you ? `Vous avez planté ${text}` : `${who} a planté ${text}`;
    }
    case 'speculate':
      return you ? `Vous spéculez : ${cardName(ev.card)}` : `${who} spécule : ${cardName(ev.card)}`;
    case 'game_over':
      return 'La dernière pioche est vide : fin de la partie';
    default:
      return null;
  }
}

/** One log event in the page's language: English is the server's text. */
export function eventText(ev, viewer) {
  if (getLang() === 'fr') {
    const text = frEvent(ev, viewer);
    if (text) return text.replace(/\s+$/, '');
  }
  return ev.text || ev.event || '';
}

// ---- rules in short ----

const RULES = {
  en: [
    '2 to 5 players. Each turn starts with a flood: the top card of the deck is turned; every field of the crop(s) it shows gives one card to its owner\u2019s stock, whoever\u2019s turn it is. Flooded crops cannot be played this turn.',
    'Trade as often as you can pay 2 cards from your hand or stock: the market draws you 1 card; an offering to Hapi turns a new flood (new harvest, new flooded crops).',
    'Then plant or speculate, or neither. Plant: a new field of 2 or more cards of one crop (strictly more than another player\u2019s field of that crop, which is then discarded); or one card each of two crops; or any cards onto your own fields.',
    'Speculate: lay 1 or 2 speculation cards. For every crop they share with the next player\u2019s flood you draw 3 cards.',
    'End your turn by drawing 2 cards. The Plague of Locusts destroys the largest field(s).',
    'The game lasts as many decks as there are players. Sort your stock into five piles: the largest smallest pile wins (ties: compare the next piles).',
  ],
  fr: [
    'De 2 à 5 joueurs. Chaque tour commence par une crue : on retourne la carte du dessus de la pioche ; chaque champ de la ou des cultures montrées donne une carte à la réserve de son propriétaire, quel que soit le joueur actif. Les cultures inondées ne peuvent pas être jouées ce tour.',
    'Échangez autant de fois que vous pouvez payer 2 cartes de votre main ou de votre réserve : le marché vous fait piocher 1 carte ; une offrande à Hapi retourne une nouvelle crue (nouvelle récolte, nouvelles cultures inondées).',
    'Puis plantez ou spéculez, ou ni l\u2019un ni l\u2019autre. Planter : un nouveau champ de 2 cartes ou plus d\u2019une culture (strictement plus que le champ d\u2019un autre joueur de cette culture, qui est alors défaussé) ; ou une carte de deux cultures différentes ; ou autant de cartes que vous voulez sur vos propres champs.',
    'Spéculer : posez 1 ou 2 cartes Spéculation. Pour chaque culture en commun avec la crue du joueur suivant, vous piochez 3 cartes.',
    'Terminez votre tour en piochant 2 cartes. L\u2019invasion de sauterelles détruit le ou les plus grands champs.',
    'La partie dure autant de pioches que de joueurs. Rangez votre réserve en cinq piles : la plus grande « plus petite pile » gagne (égalité : on compare les piles suivantes).',
  ],
};

/** The rules summary as paragraphs in the page's language. */
export function rules() {
  return RULES[getLang()] || RULES.en;
}
