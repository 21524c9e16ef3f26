// NILE ARTIFACTS in English and French: artifact types, regions, cards, stops, monument
// conditions, the log in words, action words, hints and the rules in short. The server's
// texts are English; French is built here from the events' structured fields
// (artifacts/observe.py event_view) and from the cards the observation shows.

import { register, t, getLang, seatName, joinList } from '../i18n.js';

// The action space (artifacts/actions.py): 11 stops, 54 cards, 4 types.
export const NUM_STOPS = 11;
export const NUM_CARDS = 54;
export const SAIL = 0;
export const TAKE = SAIL + NUM_STOPS;
export const OFFER = TAKE + NUM_CARDS;
export const DECLARE = OFFER + NUM_CARDS;
export const BUY = DECLARE + 4;
export const TURN_AROUND = BUY + 1;
export const DONE = TURN_AROUND + 1;
export const PRICE = 3;
export const TYPES = ['scarab', 'ankh', 'vase', 'mask'];
export const WILD = '?';
export const REGIONS = ['blue', 'green', 'red'];
/** Favour paid by level (0-3) when a monument is completed, and at the end when it is not. */
export const COMPLETED_FAVOUR = [0, 2, 5, 10];
export const UNFINISHED_FAVOUR = [0, 2, 5, 0];

// French names of the monuments, by id (artifacts/monuments.py order).
const FR_MONUMENTS = [
  "Temple d'Amon", 'Obélisque de Rê', 'Sanctuaire de Bastet', 'Maison de Thot', "Tombeau d'Osiris",
  "Temple d'Hathor", 'Grand Sphinx', 'Pyramide de Khéops', 'Abou Simbel', 'Colosses de Memnon',
  'Karnak', 'Temple de Louxor', "Temple d'Isis", 'Temple de Sobek', "Temple d'Anubis",
  'Temple de Ptah', "Temple d'Hatchepsout", 'Vallée des Rois',
];

register({
  en: {
    'ar.type.scarab': 'scarab', 'ar.type.ankh': 'ankh', 'ar.type.vase': 'vase', 'ar.type.mask': 'mask', 'ar.type.?': 'wild',
    'ar.types.scarab': 'scarabs', 'ar.types.ankh': 'ankhs', 'ar.types.vase': 'vases', 'ar.types.mask': 'masks',
    'ar.letter.scarab': 'S', 'ar.letter.ankh': 'A', 'ar.letter.vase': 'V', 'ar.letter.mask': 'M',
    'ar.region.blue': 'blue', 'ar.region.green': 'green', 'ar.region.red': 'red',
    'ar.regionF.blue': 'blue', 'ar.regionF.green': 'green', 'ar.regionF.red': 'red',
    'ar.regionsF.blue': 'blue', 'ar.regionsF.green': 'green', 'ar.regionsF.red': 'red',
    'ar.card': '{region} {type}',
    'ar.card.double': '{card} ×2',
    'ar.port': 'Port',
    'ar.port.left': 'left', 'ar.port.right': 'right',
    'ar.stop.left': 'the left port', 'ar.stop.right': 'the right port',
    'ar.stop.space': 'space {n} ({region})',
    'ar.stop.short': 'space {n}',
    'ar.phase.setup': 'set-up', 'ar.phase.preparation': 'preparation', 'ar.phase.navigation': 'navigation',
    'ar.phase.purchase': 'purchase', 'ar.phase.offerings': 'offerings', 'ar.phase.game over': 'game over',
    'ar.river': 'The river',
    'ar.riverLabel': 'The river: the left port, spaces 1 to 9 (blue, green, red regions), the right port; boats and the cards laid under each space',
    'ar.meta': 'Round {round} · {phase}',
    'ar.meta.last': 'Round {round} (the last) · {phase}',
    'ar.piles': 'Deck {deck} · discard {discard} · monuments in the pile {pile} · coins in the reserve {reserve}',
    'ar.legend': 'Legend',
    'ar.legend.coin': 'a coin for the boat that stops there',
    'ar.legend.double': 'worth two artifacts',
    'ar.legend.wild': 'wild: counts as the type its owner names',
    'ar.legend.target': 'click: where you may sail, what you may take',
    'ar.boat': 'Boat of {who}: {stop}, sailing {facing}',
    'ar.boat.mine': 'Your boat: {stop}, sailing {facing}',
    'ar.boat.done': 'done sailing this step',
    'ar.facing.right': 'right', 'ar.facing.left': 'left',
    'ar.coinHere': 'a coin for stopping here',
    'ar.cardsHere.one': '{n} card', 'ar.cardsHere.other': '{n} cards',
    'ar.alike': '{n} alike cards: {card}',
    'ar.monuments': 'Monuments',
    'ar.monuments.pile.one': '{n} more in the pile', 'ar.monuments.pile.other': '{n} more in the pile',
    'ar.monuments.none': 'No monument is face up.',
    'ar.level': 'Level {n}',
    'ar.level.base': 'Not started',
    'ar.reward': 'Favour at this level: +{n} when the monument is completed, +{m} if it is still unfinished at the end',
    'ar.rise': 'Your offering so far climbs this level',
    'ar.follower': '{who}: level {n}',
    'ar.cond.type': '{n} {type}',
    'ar.cond.pair': '{n} {a} or {b}',
    'ar.cond.same': '{n} of one type',
    'ar.cond.diff': '{n} different types',
    'ar.cond.region': '{n} {region} cards',
    'ar.cond.regions': '{list}',
    'ar.cond.one': '1 {region}',
    'ar.cond.plus': '1 {a} + 1 {b} + 1 more of either',
    'ar.move': 'Your move',
    'ar.move.other': 'Now',
    'ar.controls.buy': 'Buy a card ({price} coins)',
    'ar.controls.buy.poor': 'Buying a card costs {price} coins',
    'ar.controls.buy.empty': 'No card left to buy',
    'ar.controls.turn': 'Turn around ({price} coins)',
    'ar.controls.turn.done': 'You already turned around this turn',
    'ar.controls.turn.port': 'A boat in port cannot turn around',
    'ar.controls.turn.poor': 'Turning around costs {price} coins',
    'ar.controls.done': 'Done offering',
    'ar.declare': 'The wild card counts as:',
    'ar.offering': 'Offering: {who}',
    'ar.offering.mine': 'Your offering',
    'ar.offering.empty': 'No card offered yet.',
    'ar.offering.as': 'as {type}',
    'ar.offering.unnamed': 'type to name',
    'ar.offering.used.one': 'Set aside this step: {n} card', 'ar.offering.used.other': 'Set aside this step: {n} cards',
    'ar.seats': 'Players',
    'ar.toMove': 'to play',
    'ar.first': 'first player',
    'ar.coins.one': '{n} coin', 'ar.coins.other': '{n} coins',
    'ar.favour': '{n} favour',
    'ar.favour.label': 'Favour',
    'ar.coins.label': 'Coins',
    'ar.tableau': 'Cards in front',
    'ar.tableau.none': 'no card',
    'ar.tableau.count.one': '{n} card', 'ar.tableau.count.other': '{n} cards',
    'ar.boatAt': 'Boat: {stop}, {facing}',
    'ar.boatAt.done': 'Boat: {stop} (done)',
    'ar.hint.sail': 'Sail: click a highlighted stop (you may buy a card or turn around first).',
    'ar.hint.take': 'Take one of the highlighted cards under your boat.',
    'ar.hint.offer': 'Offer cards: click them in front of you, then “Done offering”.',
    'ar.hint.declare': 'Name the type your wild card counts as.',
    'ar.result.favour': '{n} favour',
    'ar.result.kept.one': '{n} card kept', 'ar.result.kept.other': '{n} cards kept',
    'ar.result.reason.monuments': 'The last round after the last monument was revealed is over.',
    'ar.result.reason.round limit': 'The round limit was reached.',
    'ar.act.sail': 'sail to {stop}',
    'ar.act.take': 'take {card}',
    'ar.act.offer': 'offer {card}',
    'ar.act.declare': 'the wild card counts as {type}',
    'ar.act.buy': 'buy the top card ({price} coins)',
    'ar.act.turn': 'turn around ({price} coins)',
    'ar.act.done': 'done offering',
  },
  fr: {
    'ar.type.scarab': 'scarabée', 'ar.type.ankh': 'ankh', 'ar.type.vase': 'vase', 'ar.type.mask': 'masque', 'ar.type.?': 'joker',
    'ar.types.scarab': 'scarabées', 'ar.types.ankh': 'ankhs', 'ar.types.vase': 'vases', 'ar.types.mask': 'masques',
    'ar.letter.scarab': 'S', 'ar.letter.ankh': 'A', 'ar.letter.vase': 'V', 'ar.letter.mask': 'M',
    'ar.region.blue': 'bleu', 'ar.region.green': 'vert', 'ar.region.red': 'rouge',
    'ar.regionF.blue': 'bleue', 'ar.regionF.green': 'verte', 'ar.regionF.red': 'rouge',
    'ar.regionsF.blue': 'bleues', 'ar.regionsF.green': 'vertes', 'ar.regionsF.red': 'rouges',
    'ar.card': '{type} {region}',
    'ar.card.double': '{card} ×2',
    'ar.port': 'Port',
    'ar.port.left': 'gauche', 'ar.port.right': 'droite',
    'ar.stop.left': 'le port de gauche', 'ar.stop.right': 'le port de droite',
    'ar.stop.space': 'la case {n} ({regionF})',
    'ar.stop.short': 'case {n}',
    'ar.phase.setup': 'mise en place', 'ar.phase.preparation': 'préparation', 'ar.phase.navigation': 'navigation',
    'ar.phase.purchase': 'achat', 'ar.phase.offerings': 'offrandes', 'ar.phase.game over': 'partie terminée',
    'ar.river': 'Le fleuve',
    'ar.riverLabel': 'Le fleuve : le port de gauche, les cases 1 à 9 (régions bleue, verte, rouge), le port de droite ; les bateaux et les cartes posées sous chaque case',
    'ar.meta': 'Manche {round} · {phase}',
    'ar.meta.last': 'Manche {round} (la dernière) · {phase}',
    'ar.piles': 'Pioche {deck} · défausse {discard} · monuments dans la pile {pile} · pièces en réserve {reserve}',
    'ar.legend': 'Légende',
    'ar.legend.coin': 'une pièce pour le bateau qui s’y arrête',
    'ar.legend.double': 'vaut deux artefacts',
    'ar.legend.wild': 'joker : compte comme le type que son propriétaire annonce',
    'ar.legend.target': 'à cliquer : où naviguer, quoi prendre',
    'ar.boat': 'Bateau ({who}) : {stop}, vers la {facing}',
    'ar.boat.mine': 'Votre bateau : {stop}, vers la {facing}',
    'ar.boat.done': 'a fini de naviguer pour cette étape',
    'ar.facing.right': 'droite', 'ar.facing.left': 'gauche',
    'ar.coinHere': 'une pièce pour qui s’arrête ici',
    'ar.cardsHere.one': '{n} carte', 'ar.cardsHere.other': '{n} cartes',
    'ar.alike': '{n} cartes identiques : {card}',
    'ar.monuments': 'Monuments',
    'ar.monuments.pile.one': 'encore {n} dans la pile', 'ar.monuments.pile.other': 'encore {n} dans la pile',
    'ar.monuments.none': 'Aucun monument face visible.',
    'ar.level': 'Niveau {n}',
    'ar.level.base': 'Pas commencé',
    'ar.reward': 'Faveur à ce niveau : +{n} quand le monument est achevé, +{m} s’il est encore inachevé à la fin',
    'ar.rise': 'Votre offrande actuelle monte ce niveau',
    'ar.follower': '{who} : niveau {n}',
    'ar.cond.type': '{n} {type}',
    'ar.cond.pair': '{n} {a} ou {b}',
    'ar.cond.same': '{n} d’un même type',
    'ar.cond.diff': '{n} types différents',
    'ar.cond.region': '{n} cartes {region}',
    'ar.cond.regions': '{list}',
    'ar.cond.one': '1 {region}',
    'ar.cond.plus': '1 {a} + 1 {b} + 1 autre de l’une des deux',
    'ar.move': 'À vous',
    'ar.move.other': 'En ce moment',
    'ar.controls.buy': 'Acheter une carte ({price} pièces)',
    'ar.controls.buy.poor': 'Acheter une carte coûte {price} pièces',
    'ar.controls.buy.empty': 'Plus aucune carte à acheter',
    'ar.controls.turn': 'Faire demi-tour ({price} pièces)',
    'ar.controls.turn.done': 'Vous avez déjà fait demi-tour ce tour-ci',
    'ar.controls.turn.port': 'Un bateau au port ne peut pas faire demi-tour',
    'ar.controls.turn.poor': 'Faire demi-tour coûte {price} pièces',
    'ar.controls.done': 'Terminer l’offrande',
    'ar.declare': 'Le joker compte comme :',
    'ar.offering': 'Offrande : {who}',
    'ar.offering.mine': 'Votre offrande',
    'ar.offering.empty': 'Aucune carte offerte pour l’instant.',
    'ar.offering.as': 'comme {type}',
    'ar.offering.unnamed': 'type à annoncer',
    'ar.offering.used.one': 'Mise de côté à cette étape : {n} carte', 'ar.offering.used.other': 'Mises de côté à cette étape : {n} cartes',
    'ar.seats': 'Joueurs',
    'ar.toMove': 'joue',
    'ar.first': 'premier joueur',
    'ar.coins.one': '{n} pièce', 'ar.coins.other': '{n} pièces',
    'ar.favour': '{n} faveur',
    'ar.favour.label': 'Faveur',
    'ar.coins.label': 'Pièces',
    'ar.tableau': 'Cartes devant soi',
    'ar.tableau.none': 'aucune carte',
    'ar.tableau.count.one': '{n} carte', 'ar.tableau.count.other': '{n} cartes',
    'ar.boatAt': 'Bateau : {stop}, vers la {facing}',
    'ar.boatAt.done': 'Bateau : {stop} (terminé)',
    'ar.hint.sail': 'Naviguez : cliquez un arrêt en surbrillance (vous pouvez d’abord acheter une carte ou faire demi-tour).',
    'ar.hint.take': 'Prenez une des cartes en surbrillance sous votre bateau.',
    'ar.hint.offer': 'Offrez des cartes : cliquez-les devant vous, puis « Terminer l’offrande ».',
    'ar.hint.declare': 'Annoncez le type que compte votre joker.',
    'ar.result.favour': '{n} faveur',
    'ar.result.kept.one': '{n} carte gardée', 'ar.result.kept.other': '{n} cartes gardées',
    'ar.result.reason.monuments': 'La dernière manche après la révélation du dernier monument est terminée.',
    'ar.result.reason.round limit': 'La limite de manches est atteinte.',
    'ar.act.sail': 'naviguer vers {stop}',
    'ar.act.take': 'prendre {card}',
    'ar.act.offer': 'offrir {card}',
    'ar.act.declare': 'le joker compte comme {type}',
    'ar.act.buy': 'acheter la carte du dessus ({price} pièces)',
    'ar.act.turn': 'faire demi-tour ({price} pièces)',
    'ar.act.done': 'terminer l’offrande',
  },
});

/** A type's name ("scarab", "?" the wild) in the page's language; plural with many. */
export function typeName(type, plural = false) {
  if (plural && type !== WILD) return t(`ar.types.${type}`);
  return t(`ar.type.${type}`);
}

export const regionName = (region) => t(`ar.region.${region}`);

/** A card in words: "blue scarab", "red vase ×2" / "scarabée bleu", "vase rouge ×2". */
export function cardName(card) {
  if (!card) return '?';
  const name = t('ar.card', { type: typeName(card.type), region: regionName(card.region) });
  return card.artifacts === 2 ? t('ar.card.double', { card: name }) : name;
}

/** A card with its article: "the blue ankh" / "l’ankh bleu", "le vase rouge ×2". */
export function theCard(card) {
  const name = cardName(card);
  if (getLang() !== 'fr') return `the ${name}`;
  return /^[aeiouyéèêàâîôû]/i.test(name) ? `l’${name}` : `le ${name}`;
}

/** A stop in words: "the left port", "space 4 (green)". */
export function stopName(stop, region) {
  if (stop === 0) return t('ar.stop.left');
  if (stop === NUM_STOPS - 1) return t('ar.stop.right');
  const reg = region || REGIONS[Math.floor((stop - 1) / 3)];
  return t('ar.stop.space', { n: stop, region: regionName(reg), regionF: t(`ar.regionF.${reg}`) });
}

export const phaseName = (phase) => t(`ar.phase.${phase}`);

/** A monument's name: French from its id, else the server's. */
export function monumentName(id, name) {
  if (getLang() === 'fr' && FR_MONUMENTS[id]) return FR_MONUMENTS[id];
  return name || `#${id}`;
}

/** A level's condition in words, from its data (family, count, types, regions). */
export function conditionText(cond) {
  const n = cond.count;
  const types = cond.types || [];
  const regions = cond.regions || [];
  switch (cond.family) {
    case 'type':
      return t('ar.cond.type', { n, type: typeName(types[0], n > 1) });
    case 'pair':
      return t('ar.cond.pair', { n, a: typeName(types[0], true), b: typeName(types[1], true) });
    case 'same':
      return t('ar.cond.same', { n });
    case 'diff':
      return t('ar.cond.diff', { n });
    case 'region':
      return t('ar.cond.region', { n, region: t(`ar.regionsF.${regions[0]}`) });
    case 'regions':
      return t('ar.cond.regions', { list: regions.map((r) => t('ar.cond.one', { region: t(`ar.regionF.${r}`) })).join(' + ') });
    case 'plus':
      return t('ar.cond.plus', { a: t(`ar.regionF.${regions[0]}`), b: t(`ar.regionF.${regions[1]}`) });
    default:
      return cond.text || cond.family;
  }
}

/** Whether an offering with these artifacts per type and cards per region meets `cond`
 * (artifacts/monuments.py meets). */
export function meets(cond, artifacts, regions) {
  const n = cond.count;
  const at = (type) => artifacts[TYPES.indexOf(type)] || 0;
  const rc = (region) => regions[REGIONS.indexOf(region)] || 0;
  switch (cond.family) {
    case 'type': return at(cond.types[0]) >= n;
    case 'pair': return cond.types.reduce((sum, type) => sum + at(type), 0) >= n;
    case 'same': return Math.max(...artifacts) >= n;
    case 'diff': return artifacts.filter((a) => a > 0).length >= n;
    case 'region': return rc(cond.regions[0]) >= n;
    case 'regions': return cond.regions.every((r) => rc(r) > 0);
    case 'plus': {
      const [a, b] = cond.regions.map(rc);
      return a > 0 && b > 0 && a + b >= n;
    }
    default: return false;
  }
}

/** Every card the observation shows, by id (the actions name cards by id). */
export function cardsById(obs) {
  const found = new Map();
  const add = (card) => { if (card && card.id !== undefined) found.set(card.id, card); };
  for (const stop of (obs && obs.river) || []) (stop.cards || []).forEach(add);
  for (const cards of (obs && obs.tableaux) || []) cards.forEach(add);
  const offering = (obs && obs.offering) || {};
  (offering.cards || []).forEach(add);
  (offering.used || []).forEach(add);
  ((obs && obs.discard) || []).forEach(add);
  return found;
}

/** Words for an action id in the page's language (English: the server's text if given). */
export function actionText(action, view, serverText) {
  if (getLang() === 'en' && serverText) return serverText;
  const obs = (view && view.observation) || {};
  const words = (text) => text.charAt(0).toUpperCase() + text.slice(1);
  if (action === BUY) return words(t('ar.act.buy', { price: PRICE }));
  if (action === TURN_AROUND) return words(t('ar.act.turn', { price: PRICE }));
  if (action === DONE) return words(t('ar.act.done'));
  if (action >= DECLARE && action < BUY) return words(t('ar.act.declare', { type: typeName(TYPES[action - DECLARE]) }));
  if (action >= SAIL && action < TAKE) return words(t('ar.act.sail', { stop: stopName(action - SAIL) }));
  const card = cardsById(obs).get(action >= OFFER ? action - OFFER : action - TAKE);
  if (!card) return serverText || `#${action}`;
  if (action >= OFFER) return words(t('ar.act.offer', { card: theCard(card) }));
  return words(t('ar.act.take', { card: theCard(card) }));
}

/** What the player to move is expected to do now (shown in the status line). */
export function statusHint(view) {
  const legal = (view.legal_actions || []).map((a) => a.action);
  if (legal.some((a) => a >= DECLARE && a < BUY)) return t('ar.hint.declare');
  if (legal.includes(DONE)) return t('ar.hint.offer');
  if (legal.some((a) => a >= TAKE && a < OFFER)) return t('ar.hint.take');
  if (legal.some((a) => a < TAKE)) return t('ar.hint.sail');
  return '';
}

// ---- the log in French (English: the server's own text) ----

const FR_COIN = { port: 'au port', space: 'sur la case', waiting: 'en attendant au port' };
const FR_REASONS = {
  monuments: 'la dernière manche après la révélation du dernier monument est terminée',
  'round limit': 'la limite de manches est atteinte',
};

function gainsText(gains, viewer) {
  return (gains || []).map((g, seat) => `${seatName(seat, viewer)} +${g}`).join(', ');
}

function frEvent(ev, viewer) {
  const you = ev.seat !== null && ev.seat !== undefined && ev.seat === viewer;
  const who = seatName(ev.seat, viewer);
  const verb = (second, third) => (you ? `Vous ${second}` : `${who} ${third}`);
  const card = () => cardName(ev.card);
  switch (ev.event) {
    case 'reveal':
      return `Nouveau monument : ${monumentName(ev.monument)} (encore ${ev.pile} dans la pile)`;
    case 'first':
      return `${verb('jouez', 'joue')} en premier`;
    case 'round': {
      const first = ev.first === viewer ? 'vous commencez' : `${seatName(ev.first, viewer)} commence`;
      return `Manche ${ev.round}${ev.final ? ' (la dernière)' : ''} : ${first}`;
    }
    case 'last_round':
      return 'Le dernier monument est dévoilé : la prochaine manche est la dernière';
    case 'reshuffle':
      return `Les ${ev.cards} cartes défaussées sont mélangées pour former une nouvelle pioche`;
    case 'deal':
      return `Un ${card()} est posé sous la case ${ev.card.space}`;
    case 'sail':
      return `${verb('naviguez', 'navigue')} vers ${stopName(ev.stop)}`;
    case 'take':
      return `${verb('prenez', 'prend')} ${theCard(ev.card)}`;
    case 'coin':
      return `${who} : +1 pièce ${FR_COIN[ev.reason] || ''}`.trim();
    case 'turn_around':
      return `${verb('payez', 'paie')} ${PRICE} pièces pour faire demi-tour`;
    case 'buy':
      return `${verb('payez', 'paie')} ${PRICE} pièces pour la carte du dessus de la pioche`;
    case 'bought':
      return `${verb('achetez', 'achète')} ${theCard(ev.card)}`;
    case 'offerings':
      return 'Tous les bateaux sont au port : place aux offrandes';
    case 'offer':
      return `${verb('offrez', 'offre')} ${theCard(ev.card)}`;
    case 'declare':
      return `${who} : le joker compte comme ${typeName(ev.type)}`;
    case 'offered': {
      const n = (ev.cards || []).length;
      const cards = `${n} carte${n > 1 ? 's' : ''}`;
      const climbs = (ev.climbs || []).map((c) => `${monumentName(c.monument)} au niveau ${c.level}`);
      return `${verb('avez', 'a')} offert ${cards} : ${climbs.length ? joinList(climbs) : 'aucun monument ne monte'}`;
    }
    case 'completed':
      return `Monument achevé : ${monumentName(ev.monument)} ; faveur ${gainsText(ev.gains, viewer)}`;
    case 'game_over':
      return `Fin de la partie : ${FR_REASONS[ev.reason] || ev.reason} ; les monuments inachevés rapportent ${gainsText(ev.gains, viewer)}`;
    default:
      return null;
  }
}

/** One log event in the page's language: English is the server's text. */
export function eventText(ev, viewer) {
  if (getLang() === 'fr') {
    const text = frEvent(ev, viewer);
    if (text) return text;
  }
  return ev.text || ev.event || '';
}

// ---- rules in short ----

const RULES = {
  en: [
    '2 to 4 players sail boats along a river of 9 spaces between two ports (three regions: blue, green, red) to collect artifact cards, then offer them to five face-up monuments. Most favour wins.',
    'Each round starts by laying 8, 9 or 12 cards (2, 3 or 4 players) under the spaces they name. Then, in turn, each boat sails any distance the way it faces to a space with cards (take one, and a coin if the space shows one) or to the port ahead (take a coin; the boat turns and is done). A boat already in port takes a coin instead. Before sailing you may buy the top card of the deck for 3 coins, as often as you can pay, and once turn around for 3 coins (never in a port).',
    'Cards show an artifact type (scarab, ankh, vase, mask) or ? (wild: you name its type when you offer it); three red cards are worth two artifacts. Cards kept in front of you stay for later rounds.',
    'When every boat is in port, each player in turn offers any of their cards (and may still buy cards). Every face-up monument whose next level the whole offering meets rises one level for that player; the offered cards are discarded.',
    'A monument someone completes (level 3) pays everyone 10, 5 or 2 favour for levels 3, 2 or 1, and a new one is revealed. Revealing the last monument of the pile makes the next round the last; then unfinished monuments pay 5 for level 2 and 2 for level 1. Ties: most cards in front of you.',
  ],
  fr: [
    'De 2 à 4 joueurs font naviguer leurs bateaux sur un fleuve de 9 cases entre deux ports (trois régions : bleue, verte, rouge) pour ramasser des cartes d’artefacts, puis les offrir à cinq monuments visibles. La plus grande faveur l’emporte.',
    'Chaque manche commence par poser 8, 9 ou 12 cartes (à 2, 3 ou 4 joueurs) sous les cases qu’elles indiquent. Puis, chacun son tour, chaque bateau avance d’autant de cases qu’il veut dans son sens jusqu’à une case qui a des cartes (il en prend une, et une pièce si la case en montre une) ou jusqu’au port devant lui (il prend une pièce, fait demi-tour et a fini). Un bateau déjà au port prend une pièce à la place. Avant de naviguer, on peut acheter la carte du dessus de la pioche pour 3 pièces, autant de fois qu’on peut payer, et une fois faire demi-tour pour 3 pièces (jamais au port).',
    'Les cartes montrent un type d’artefact (scarabée, ankh, vase, masque) ou un ? (joker : on annonce son type en l’offrant) ; trois cartes rouges valent deux artefacts. Les cartes gardées devant soi restent pour les manches suivantes.',
    'Quand tous les bateaux sont au port, chacun son tour offre les cartes qu’il veut (et peut encore en acheter). Chaque monument visible dont l’offrande entière remplit le niveau suivant monte d’un niveau pour ce joueur ; les cartes offertes sont défaussées.',
    'Un monument achevé par quelqu’un (niveau 3) rapporte à chacun 10, 5 ou 2 de faveur pour les niveaux 3, 2 ou 1, et un nouveau est dévoilé. Dévoiler le dernier monument de la pile rend la manche suivante la dernière ; les monuments inachevés rapportent alors 5 au niveau 2 et 2 au niveau 1. Égalité : le plus de cartes devant soi.',
  ],
};

/** The rules summary as paragraphs in the page's language. */
export function rules() {
  return RULES[getLang()] || RULES.en;
}
