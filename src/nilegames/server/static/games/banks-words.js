// AN DEN UFERN DES NILS in English and French: the action ids (actions.py), names of
// crops, rows, fields and market rows, the log in words, action words, hints and the
// rules in short. The server's texts are English; French is built here from the events'
// structured fields (observe.py event_view) and from the action ids.

import { register, t, tn, getLang, seatName } from '../i18n.js';

/** The action ranges of actions.py (tests/test_banks_render.py checks them). */
export const A = {
  SETUP_DESERT: 0,
  BOAT: 28,
  PLACE_WATER: 33,
  PLANT: 49,
  GROW: 189,
  HARVEST: 217,
  BUY_SEED: 329,
  BUY_JOKER: 354,
  USE_JOKER: 355,
  HEAL: 356,
  END_ACTIONS: 376,
  REMOVE_WATER: 377,
  ROT_ROW: 385,
  ROT_PLANT: 389,
  BID: 394,
  DESERT_ROW: 410,
  NUM_ACTIONS: 418,
  NUM_FIELDS: 28,
  NUM_CROPS: 5,
  NUM_ROWS: 8,
  NUM_MARKET_ROWS: 4,
  MAX_ROW_SPACES: 5,
  MAX_SEATS: 5,
};

export const CROPS = ['flax', 'wheat', 'grapes', 'onion', 'aubergine'];
export const ROW_LENGTHS = [2, 3, 4, 5];
export const MARKET_SIZES = [5, 4, 4, 3];
export const TRACK_SPACES = 30;

/** The board's fixed data when a view has none (observe.py layout()). */
export function defaultLayout() {
  const rows = [];
  let field = 0;
  for (let row = 0; row < 8; row += 1) {
    const length = ROW_LENGTHS[row % 4];
    const fields = [];
    for (let p = 0; p < length; p += 1) {
      const toDesert = length - 1 - p;
      fields.push({ field, palms: Math.min(4, toDesert + 1 + (length <= 3 ? 1 : 0)) });
      field += 1;
    }
    rows.push({ row, bank: row < 4 ? 'north' : 'south', fields });
  }
  return { rows, market_sizes: MARKET_SIZES.slice(), crops: CROPS.slice() };
}

let layout = defaultLayout();
let where = new Map(); // field → {row, position, palms, bank, length}

function index(lay) {
  const map = new Map();
  for (const row of lay.rows) {
    row.fields.forEach((f, position) => map.set(f.field, {
      row: row.row, position, palms: f.palms, bank: row.bank, length: row.fields.length,
    }));
  }
  return map;
}
where = index(layout);

/** The renderer tells the words which board it draws. */
export function rememberLayout(lay) {
  if (lay && lay !== layout) {
    layout = lay;
    where = index(lay);
  }
}

export function fieldInfo(field) {
  return where.get(field) || { row: 0, position: 0, palms: 1, bank: 'north', length: 2 };
}

register({
  en: {
    'bk.crop.flax': 'flax', 'bk.crop.wheat': 'wheat', 'bk.crop.grapes': 'grapes',
    'bk.crop.onion': 'onion', 'bk.crop.aubergine': 'aubergine',
    'bk.Crop.flax': 'Flax', 'bk.Crop.wheat': 'Wheat', 'bk.Crop.grapes': 'Grapes',
    'bk.Crop.onion': 'Onion', 'bk.Crop.aubergine': 'Aubergine',
    'bk.initial.flax': 'F', 'bk.initial.wheat': 'W', 'bk.initial.grapes': 'G',
    'bk.initial.onion': 'O', 'bk.initial.aubergine': 'A',
    'bk.aCrop.flax': 'a flax', 'bk.aCrop.wheat': 'a wheat', 'bk.aCrop.grapes': 'grapes',
    'bk.aCrop.onion': 'an onion', 'bk.aCrop.aubergine': 'an aubergine',
    'bk.wave.none': 'no wave', 'bk.wave.single': 'single wave', 'bk.wave.double': 'double wave',
    'bk.face': '{inner} → {outer}',
    'bk.bank.north': 'North bank', 'bk.bank.south': 'South bank',
    'bk.row': '{bank} {n}-row',
    'bk.rowBank.north': 'north', 'bk.rowBank.south': 'south',
    'bk.field': '{row} field {n} ({palms})',
    'bk.palms.one': '{n} palm', 'bk.palms.other': '{n} palms',
    'bk.market.row': 'market row {n} ({palms}, {size} spaces)',
    'bk.market.rowShort': 'row {n}',
    'bk.condition.ripe': 'ripe', 'bk.condition.spoiled': 'spoiled', 'bk.condition.rotten': 'rotten',
    'bk.ripe': 'ripe', 'bk.seed': 'seed',
    'bk.circle.flood': 'flood', 'bk.circle.ebb 1': 'ebb 1', 'bk.circle.ebb 2': 'ebb 2',
    'bk.phase.setup': 'set-up', 'bk.phase.opening': 'opening', 'bk.phase.flood': 'flood',
    'bk.phase.ebb': 'ebb', 'bk.phase.rot': 'rot', 'bk.phase.actions': 'actions',
    'bk.phase.auction': 'auction', 'bk.phase.game over': 'game over',
    // the drawing
    'bk.board': 'The Nile and its banks',
    'bk.boardLabel': 'The Nile in the middle; above it the north bank, below it the south bank, each with four rows of fields from the river out to the desert',
    'bk.meta': 'Round {round} · {phase} · first player: {first}',
    'bk.quiet': '{n} round(s) without a harvest, a point or a lost plant (the game is blocked at {limit})',
    'bk.nile': 'Nile',
    'bk.desert': 'desert',
    'bk.covered': 'covered',
    'bk.coveredRow': '{row}: covered (fewer than five players)',
    'bk.fieldEmpty': '{field}: empty',
    'bk.fieldWater': '{field}: water card, {face}',
    'bk.fieldDesert': '{field}: desert card',
    'bk.plantOn': '{who}: {crop} ({state})',
    'bk.market': 'Market',
    'bk.marketLabel': 'The market: four rows, for plants from fields with at least 1, 2, 3 or 4 palms',
    'bk.marketPayout': 'A full row pays 6 (one player), 4 + 2 (two), 3 + 2 + 1 (three or more); a rotten plant −1.',
    'bk.marketPlant': '{market}, space {n}: {who}, {crop} ({condition})',
    'bk.marketSpace': '{market}, space {n}: free',
    'bk.boat': 'The boat',
    'bk.boatEmpty': 'The boat is empty.',
    'bk.boatChip': 'In the boat: {who}, {crop} ×{n}',
    'bk.track': 'Score track',
    'bk.trackLabel': 'The score track, 0 to 29, with the obelisk and the players\u2019 pawns',
    'bk.obelisk': 'Obelisk',
    'bk.obeliskAt': 'The obelisk on {n}: a score that reaches it ends the game',
    'bk.pawn': '{who}: {n} points',
    'bk.circle': 'Flood circle',
    'bk.circleAt': 'The flood circle on {circle}',
    'bk.desertPile': 'Desert pile',
    'bk.desertPileN': 'Desert pile: {n} cards',
    'bk.discard': 'water cards discarded: {n}',
    'bk.seats': 'Players',
    'bk.score': 'Score',
    'bk.toMove': 'to play',
    'bk.lost': 'lost {n}',
    'bk.lostTitle': 'Plants lost from the boat (the fewer, the better in a tie)',
    'bk.stacks': 'Stacks',
    'bk.stack': 'Stack {n}: {count} cards, top {face}',
    'bk.stackEmpty': 'Stack {n}: empty',
    'bk.stackHidden': 'Stack {n}: {count} cards',
    'bk.jokers': 'Jokers',
    'bk.jokersN': '{who}: {n} joker(s)',
    'bk.supply': 'Supply',
    'bk.hand': 'Your jokers and supply',
    'bk.supplyChip': '{who}: {crop} ×{n} in the supply',
    'bk.you': 'you',
    'bk.turn': '{who}: {points}',
    'bk.points.one': '{n} action point', 'bk.points.other': '{n} action points',
    'bk.extraTurn': 'the hippopotamus\u2019s extra actions',
    'bk.endActions': 'End actions',
    'bk.cancel': 'Cancel',
    'bk.selected.sow': 'Sow on {field}: pick a plant of your supply.',
    'bk.selected.openRipe': 'On {field}: pick a ripe plant from your supply.',
    'bk.selected.openSeed': 'On {field}: pick a seed from your supply.',
    'bk.selected.harvest': 'Harvest the {crop} of {field}: pick a market row.',
    'bk.rot': 'Rot ({palms})',
    'bk.rotRow': 'The rot strikes {market}: pick the plants it spoils.',
    'bk.auction': 'Auction',
    'bk.auction.hippo': 'Auction for 3 extra action points: plants taken in hand in secret (your plants in the boat count too).',
    'bk.auction.first player': 'Auction for the first player: plants taken in hand in secret (they go to the boat).',
    'bk.auction.placed': 'Bids placed: {who}',
    'bk.auction.yours': 'Your bid: {n}',
    'bk.bid': 'Bid {n}',
    'bk.legend.seed': 'seed',
    'bk.legend.ripe': 'ripe plant',
    'bk.legend.spoiled': 'spoiled',
    'bk.legend.rotten': 'rotten',
    'bk.result.reason.obelisk': 'A score reached the obelisk.',
    'bk.result.reason.blocked': 'The game was blocked: six rounds without a harvest, a point or a lost plant.',
    'bk.result.reason.round limit': 'The round limit was reached.',
    'bk.result.reason.deadlock': 'No market row could ever fill again: the scores were final.',
    'bk.result.lost': 'plants lost: {n}',
    // hints
    'bk.hint.desert': 'Put a desert card on a field at the desert\u2019s edge (outlined).',
    'bk.hint.boat': 'Put one of your plants into the boat: click it in your supply (under “Your jokers and supply”).',
    'bk.hint.openWater': 'Lay a water card from one of your stacks: click a card on the outlined field.',
    'bk.hint.ripe': 'Lay a ripe plant: pick a field, then the plant.',
    'bk.hint.seed': 'Lay a seed: pick a field, then the plant.',
    'bk.hint.flood': 'Flood: lay the top card of a stack onto a row (the outlined cards).',
    'bk.hint.ebb': 'Ebb: take the outermost water card off a row.',
    'bk.hint.rotRow': 'Rot: choose the market row it strikes.',
    'bk.hint.rotPlant': 'Rot: choose a plant it spoils.',
    'bk.hint.actions': '{points}: sow on a field, grow a seed, harvest a ripe plant, buy from the boat, or end.',
    'bk.hint.bid': 'Bid: choose how many plants you take in hand.',
    // actions
    'bk.act.desert': 'desert card on {field}',
    'bk.act.boat': 'put {crop} into the boat',
    'bk.act.water': 'water from stack {stack} ({face}) onto {row}',
    'bk.act.waterField': 'water from stack {stack} ({face}) onto the {field}',
    'bk.act.waterAny': 'water from stack {stack} onto {row}',
    'bk.act.layRipe': 'lay a ripe {crop} on {field}',
    'bk.act.laySeed': 'lay a seed of {crop} on {field}',
    'bk.act.sow': 'sow {crop} on {field} ({cost} pt)',
    'bk.act.grow': 'grow {field} ({cost} pt)',
    'bk.act.harvest': 'harvest {field} to {market} ({cost} pt)',
    'bk.act.plantAny': 'a plant of {crop} on {field}',
    'bk.act.growAny': 'grow {field}',
    'bk.act.harvestAny': 'harvest {field} to {market}',
    'bk.act.buyOwn': 'buy your {crop} seed from the boat (1 point)',
    'bk.act.buyOther': 'buy {who}\u2019s {crop} seed from the boat (2 points)',
    'bk.act.buyJoker': 'buy a joker (1 point)',
    'bk.act.useJoker': 'spend a joker (+1 action point)',
    'bk.act.heal': 'heal space {n} of {market} (a joker)',
    'bk.act.end': 'end actions',
    'bk.act.ebb': 'ebb: remove water from {row}',
    'bk.act.rotRow': 'rot in {market}',
    'bk.act.rotPlant': 'rot space {n}: {who}\u2019s {condition} {crop}',
    'bk.act.bid': 'bid {n} plants',
    'bk.act.desertRow': 'the desert spreads in the {row}',
    'option.banks.seed_trade': 'Seed trade',
    'option.banks.joker_heal': 'Joker heals',
    'option.banks.hippo_auction': 'Hippopotamus auction',
    'option.banks.bid_start': 'Bid for first player',
    'option.banks.seed_trade.false': 'no', 'option.banks.seed_trade.true': 'yes',
    'option.banks.joker_heal.false': 'no', 'option.banks.joker_heal.true': 'yes',
    'option.banks.hippo_auction.false': 'no', 'option.banks.hippo_auction.true': 'yes',
    'option.banks.bid_start.false': 'no', 'option.banks.bid_start.true': 'yes',
  },
  fr: {
    'bk.crop.flax': 'lin', 'bk.crop.wheat': 'blé', 'bk.crop.grapes': 'raisin',
    'bk.crop.onion': 'oignon', 'bk.crop.aubergine': 'aubergine',
    'bk.Crop.flax': 'Lin', 'bk.Crop.wheat': 'Blé', 'bk.Crop.grapes': 'Raisin',
    'bk.Crop.onion': 'Oignon', 'bk.Crop.aubergine': 'Aubergine',
    'bk.initial.flax': 'L', 'bk.initial.wheat': 'B', 'bk.initial.grapes': 'R',
    'bk.initial.onion': 'O', 'bk.initial.aubergine': 'A',
    'bk.aCrop.flax': 'un lin', 'bk.aCrop.wheat': 'un blé', 'bk.aCrop.grapes': 'un raisin',
    'bk.aCrop.onion': 'un oignon', 'bk.aCrop.aubergine': 'une aubergine',
    'bk.ofCrop.flax': 'de lin', 'bk.ofCrop.wheat': 'de blé', 'bk.ofCrop.grapes': 'de raisin',
    'bk.ofCrop.onion': 'd\u2019oignon', 'bk.ofCrop.aubergine': 'd\u2019aubergine',
    'bk.wave.none': 'sans vague', 'bk.wave.single': 'vague simple', 'bk.wave.double': 'vague double',
    'bk.face': '{inner} → {outer}',
    'bk.bank.north': 'Rive nord', 'bk.bank.south': 'Rive sud',
    'bk.row': 'rangée de {n} {bank}',
    'bk.rowBank.north': 'nord', 'bk.rowBank.south': 'sud',
    'bk.field': 'champ {n} de la {row} ({palms})',
    'bk.palms.one': '{n} palmier', 'bk.palms.other': '{n} palmiers',
    'bk.market.row': 'rangée {n} du marché ({palms}, {size} cases)',
    'bk.market.rowShort': 'rangée {n}',
    'bk.condition.ripe': 'mûr', 'bk.condition.spoiled': 'gâté', 'bk.condition.rotten': 'pourri',
    'bk.ripe': 'mûr', 'bk.seed': 'semence',
    'bk.circle.flood': 'crue', 'bk.circle.ebb 1': 'reflux 1', 'bk.circle.ebb 2': 'reflux 2',
    'bk.phase.setup': 'mise en place', 'bk.phase.opening': 'début de partie', 'bk.phase.flood': 'crue',
    'bk.phase.ebb': 'reflux', 'bk.phase.rot': 'pourriture', 'bk.phase.actions': 'actions',
    'bk.phase.auction': 'enchère', 'bk.phase.game over': 'partie terminée',
    'bk.board': 'Le Nil et ses rives',
    'bk.boardLabel': 'Le Nil au milieu ; au-dessus la rive nord, en dessous la rive sud, chacune avec quatre rangées de champs du fleuve jusqu\u2019au désert',
    'bk.meta': 'Manche {round} · {phase} · premier joueur : {first}',
    'bk.quiet': '{n} manche(s) sans récolte, sans point ni plante perdue (partie bloquée à {limit})',
    'bk.nile': 'Nil',
    'bk.desert': 'désert',
    'bk.covered': 'couverte',
    'bk.coveredRow': '{row} : couverte (moins de cinq joueurs)',
    'bk.fieldEmpty': '{field} : libre',
    'bk.fieldWater': '{field} : carte eau, {face}',
    'bk.fieldDesert': '{field} : carte désert',
    'bk.plantOn': '{who} : {crop} ({state})',
    'bk.market': 'Marché',
    'bk.marketLabel': 'Le marché : quatre rangées, pour les plantes de champs d\u2019au moins 1, 2, 3 ou 4 palmiers',
    'bk.marketPayout': 'Une rangée pleine rapporte 6 (un joueur), 4 + 2 (deux), 3 + 2 + 1 (trois ou plus) ; une plante pourrie −1.',
    'bk.marketPlant': '{market}, case {n} : {who}, {crop} ({condition})',
    'bk.marketSpace': '{market}, case {n} : libre',
    'bk.boat': 'Le bateau',
    'bk.boatEmpty': 'Le bateau est vide.',
    'bk.boatChip': 'Dans le bateau : {who}, {crop} ×{n}',
    'bk.track': 'Piste de score',
    'bk.trackLabel': 'La piste de score, de 0 à 29, avec l\u2019obélisque et les pions des joueurs',
    'bk.obelisk': 'Obélisque',
    'bk.obeliskAt': 'L\u2019obélisque sur {n} : un score qui l\u2019atteint termine la partie',
    'bk.pawn': '{who} : {n} points',
    'bk.circle': 'Cercle des crues',
    'bk.circleAt': 'Le cercle des crues sur {circle}',
    'bk.desertPile': 'Pioche désert',
    'bk.desertPileN': 'Pioche désert : {n} cartes',
    'bk.discard': 'cartes eau défaussées : {n}',
    'bk.seats': 'Joueurs',
    'bk.score': 'Score',
    'bk.toMove': 'joue',
    'bk.lost': 'perdues {n}',
    'bk.lostTitle': 'Plantes perdues depuis le bateau (moins il y en a, mieux c\u2019est en cas d\u2019égalité)',
    'bk.stacks': 'Piles',
    'bk.stack': 'Pile {n} : {count} cartes, dessus {face}',
    'bk.stackEmpty': 'Pile {n} : vide',
    'bk.stackHidden': 'Pile {n} : {count} cartes',
    'bk.jokers': 'Jokers',
    'bk.jokersN': '{who} : {n} joker(s)',
    'bk.supply': 'Réserve',
    'bk.hand': 'Vos jokers et votre réserve',
    'bk.supplyChip': '{who} : {crop} ×{n} en réserve',
    'bk.you': 'vous',
    'bk.turn': '{who} : {points}',
    'bk.points.one': '{n} point d\u2019action', 'bk.points.other': '{n} points d\u2019action',
    'bk.extraTurn': 'les actions en plus de l\u2019hippopotame',
    'bk.endActions': 'Terminer les actions',
    'bk.cancel': 'Annuler',
    'bk.selected.sow': 'Semer sur le {field} : choisissez une plante de votre réserve.',
    'bk.selected.openRipe': 'Sur le {field} : choisissez une plante mûre de votre réserve.',
    'bk.selected.openSeed': 'Sur le {field} : choisissez une semence de votre réserve.',
    'bk.selected.harvest': 'Récolter le {crop} du {field} : choisissez une rangée du marché.',
    'bk.rot': 'Pourriture ({palms})',
    'bk.rotRow': 'La pourriture frappe la {market} : choisissez les plantes qu\u2019elle gâte.',
    'bk.auction': 'Enchère',
    'bk.auction.hippo': 'Enchère pour 3 points d\u2019action en plus : des plantes prises en main en secret (vos plantes dans le bateau comptent aussi).',
    'bk.auction.first player': 'Enchère pour le premier joueur : des plantes prises en main en secret (elles vont dans le bateau).',
    'bk.auction.placed': 'Mises faites : {who}',
    'bk.auction.yours': 'Votre mise : {n}',
    'bk.bid': 'Miser {n}',
    'bk.legend.seed': 'semence',
    'bk.legend.ripe': 'plante mûre',
    'bk.legend.spoiled': 'gâtée',
    'bk.legend.rotten': 'pourrie',
    'bk.result.reason.obelisk': 'Un score a atteint l\u2019obélisque.',
    'bk.result.reason.blocked': 'La partie était bloquée : six manches sans récolte, sans point ni plante perdue.',
    'bk.result.reason.round limit': 'La limite de manches a été atteinte.',
    'bk.result.reason.deadlock': 'Plus aucune rangée du marché ne pouvait se remplir : les scores étaient définitifs.',
    'bk.result.lost': 'plantes perdues : {n}',
    'bk.hint.desert': 'Posez une carte désert sur un champ au bord du désert (entouré).',
    'bk.hint.boat': 'Mettez une de vos plantes dans le bateau : cliquez-la dans votre réserve (sous « Vos jokers et votre réserve »).',
    'bk.hint.openWater': 'Posez une carte eau d\u2019une de vos piles : cliquez une carte sur le champ entouré.',
    'bk.hint.ripe': 'Posez une plante mûre : choisissez un champ, puis la plante.',
    'bk.hint.seed': 'Posez une semence : choisissez un champ, puis la plante.',
    'bk.hint.flood': 'Crue : posez la carte du dessus d\u2019une pile sur une rangée (cartes entourées).',
    'bk.hint.ebb': 'Reflux : retirez la carte eau la plus éloignée du fleuve d\u2019une rangée.',
    'bk.hint.rotRow': 'Pourriture : choisissez la rangée du marché qu\u2019elle frappe.',
    'bk.hint.rotPlant': 'Pourriture : choisissez une plante qu\u2019elle gâte.',
    'bk.hint.actions': '{points} : semez sur un champ, faites pousser une semence, récoltez une plante mûre, achetez dans le bateau, ou terminez.',
    'bk.hint.bid': 'Enchère : choisissez combien de plantes vous prenez en main.',
    'bk.act.desert': 'carte désert sur le {field}',
    'bk.act.boat': 'mettre {crop} dans le bateau',
    'bk.act.water': 'eau de la pile {stack} ({face}) sur la {row}',
    'bk.act.waterField': 'eau de la pile {stack} ({face}) sur le {field}',
    'bk.act.waterAny': 'eau de la pile {stack} sur la {row}',
    'bk.act.layRipe': 'poser une plante mûre {of} sur le {field}',
    'bk.act.laySeed': 'poser une semence {of} sur le {field}',
    'bk.act.sow': 'semer {crop} sur le {field} ({cost} pt)',
    'bk.act.grow': 'faire pousser le {field} ({cost} pt)',
    'bk.act.harvest': 'récolter le {field} vers la {market} ({cost} pt)',
    'bk.act.plantAny': 'une plante {of} sur le {field}',
    'bk.act.growAny': 'faire pousser le {field}',
    'bk.act.harvestAny': 'récolter le {field} vers la {market}',
    'bk.act.buyOwn': 'racheter votre semence {of} dans le bateau (1 point)',
    'bk.act.buyOther': 'acheter la semence {of} de {who} dans le bateau (2 points)',
    'bk.act.buyJoker': 'acheter un joker (1 point)',
    'bk.act.useJoker': 'jouer un joker (+1 point d\u2019action)',
    'bk.act.heal': 'soigner la case {n} de la {market} (un joker)',
    'bk.act.end': 'terminer les actions',
    'bk.act.ebb': 'reflux : retirer l\u2019eau de la {row}',
    'bk.act.rotRow': 'pourriture dans la {market}',
    'bk.act.rotPlant': 'pourriture case {n} : {crop} {condition} de {who}',
    'bk.act.bid': 'miser {n} plantes',
    'bk.act.desertRow': 'le désert avance dans la {row}',
    'option.banks.seed_trade': 'Commerce de semences',
    'option.banks.seed_trade.help': 'variante : acheter la semence d\u2019un autre joueur dans le bateau pour 2 points d\u2019action',
    'option.banks.joker_heal': 'Jokers soigneurs',
    'option.banks.joker_heal.help': 'variante : défausser un joker pour soigner une de vos plantes gâtées au marché',
    'option.banks.hippo_auction': 'Enchère de l\u2019hippopotame',
    'option.banks.hippo_auction.help': 'variante : un hippopotame met aux enchères 3 points d\u2019action en plus, contre des plantes misées en secret',
    'option.banks.bid_start': 'Enchère du premier joueur',
    'option.banks.bid_start.help': 'variante : des plantes misées en secret désignent le premier joueur (et vont dans le bateau)',
    'option.banks.seed_trade.false': 'non', 'option.banks.seed_trade.true': 'oui',
    'option.banks.joker_heal.false': 'non', 'option.banks.joker_heal.true': 'oui',
    'option.banks.hippo_auction.false': 'non', 'option.banks.hippo_auction.true': 'oui',
    'option.banks.bid_start.false': 'non', 'option.banks.bid_start.true': 'oui',
  },
});

// ---- names ----

export const cropName = (crop) => t(`bk.crop.${crop}`);
export const cropInitial = (crop) => t(`bk.initial.${crop}`);
export const palmsText = (n) => tn('bk.palms', n);
const ofCrop = (crop) => (getLang() === 'fr' ? t(`bk.ofCrop.${crop}`) : cropName(crop));

export function faceName(face) {
  if (!face) return '?';
  return t('bk.face', { inner: t(`bk.wave.${face.inner}`), outer: t(`bk.wave.${face.outer}`) });
}

export function rowName(row) {
  const bank = row < 4 ? 'north' : 'south';
  return t('bk.row', { bank: t(`bk.rowBank.${bank}`), n: ROW_LENGTHS[row % 4] });
}

export function fieldName(field) {
  const info = fieldInfo(field);
  return t('bk.field', { row: rowName(info.row), n: info.position + 1, palms: palmsText(info.palms) });
}

export function marketName(m) {
  return t('bk.market.row', { n: m + 1, palms: palmsText(m + 1), size: MARKET_SIZES[m] });
}

export function circleName(circle) {
  return t(`bk.circle.${circle}`);
}

export function phaseName(phase) {
  return t(`bk.phase.${phase}`);
}

/** What the seat to move is about to do, from its legal actions: one of 'desert',
 * 'boat', 'openWater', 'ripe', 'seed', 'flood', 'ebb', 'rotRow', 'rotPlant', 'actions',
 * 'bid', or null. */
export function stepOf(view) {
  const obs = (view && view.observation) || {};
  const legal = ((view && view.legal_actions) || []).map((a) => a.action);
  if (!legal.length) return null;
  const a = legal[0];
  if (a >= A.BID) return 'bid';
  if (a >= A.ROT_PLANT) return 'rotPlant';
  if (a >= A.ROT_ROW) return 'rotRow';
  if (a >= A.REMOVE_WATER && a < A.ROT_ROW) return 'ebb';
  if (obs.phase === 'actions') return 'actions';
  if (a < A.BOAT) return 'desert';
  if (a < A.PLACE_WATER) return 'boat';
  if (a < A.PLANT) return obs.phase === 'opening' ? 'openWater' : 'flood';
  if (a < A.GROW) return openingRipe(obs) ? 'ripe' : 'seed';
  return 'actions';
}

/** In the opening, a seat lays a ripe plant first, then a seed (the view says which;
 * a view without it: counted from the seat's plants on the fields). */
function openingRipe(obs) {
  if (obs.opening) return obs.opening === 'ripe';
  const seat = obs.active_seat;
  let mine = 0;
  for (const f of obs.fields || []) mine += f.plants.filter((p) => p.seat === seat).length;
  return mine % 2 === 0;
}

function fieldCost(obs, field, seat) {
  const f = (obs.fields || [])[field];
  return f && f.plants.some((p) => p.seat !== seat) ? 2 : 1;
}

/** The field a water card laid on ``row`` floods: the row's first field from the river
 * without water (observe.py water_target), or null when the view does not tell. */
function waterField(obs, row) {
  const fields = obs.fields || [];
  const cells = ((layout.rows || [])[row] || {}).fields || [];
  for (const cell of cells) {
    const f = fields[cell.field];
    if (!f) return null;
    if (f.ground !== 'water') return cell.field;
  }
  return null;
}

/** Words for an action id in the page's language (English: the server's text if given).
 * A view without an observation (a review's move, said from its id alone) gets words
 * that claim nothing the id cannot tell: no cost, no card face, no seed-or-ripe. */
export function actionText(action, view, serverText) {
  if (getLang() === 'en' && serverText) return serverText;
  const obs = (view && view.observation) || {};
  const known = obs.phase !== undefined && obs.phase !== null;
  const seat = obs.active_seat ?? (view ? view.seat : undefined);
  if (action >= A.DESERT_ROW) return t('bk.act.desertRow', { row: rowName(action - A.DESERT_ROW) });
  if (action >= A.BID) return t('bk.act.bid', { n: action - A.BID });
  if (action >= A.ROT_PLANT) {
    const i = action - A.ROT_PLANT;
    const rot = obs.rot || {};
    const p = ((obs.market || [])[rot.row] || [])[i];
    if (!p) return serverText || `#${action}`;
    return t('bk.act.rotPlant', { n: i + 1, who: seatName(p.seat, view.seat), crop: cropName(p.crop), condition: t(`bk.condition.${p.condition}`) });
  }
  if (action >= A.ROT_ROW) return t('bk.act.rotRow', { market: marketName(action - A.ROT_ROW) });
  if (action >= A.REMOVE_WATER) return t('bk.act.ebb', { row: rowName(action - A.REMOVE_WATER) });
  if (action === A.END_ACTIONS) return t('bk.act.end');
  if (action >= A.HEAL) {
    const m = Math.floor((action - A.HEAL) / A.MAX_ROW_SPACES);
    return t('bk.act.heal', { n: ((action - A.HEAL) % A.MAX_ROW_SPACES) + 1, market: marketName(m) });
  }
  if (action === A.USE_JOKER) return t('bk.act.useJoker');
  if (action === A.BUY_JOKER) return t('bk.act.buyJoker');
  if (action >= A.BUY_SEED) {
    const owner = Math.floor((action - A.BUY_SEED) / A.NUM_CROPS);
    const crop = CROPS[(action - A.BUY_SEED) % A.NUM_CROPS];
    if (owner === seat) return t('bk.act.buyOwn', { crop: cropName(crop), of: ofCrop(crop) });
    return t('bk.act.buyOther', { crop: cropName(crop), of: ofCrop(crop), who: seatName(owner, view.seat) });
  }
  if (action >= A.HARVEST) {
    const field = Math.floor((action - A.HARVEST) / A.NUM_MARKET_ROWS);
    const m = (action - A.HARVEST) % A.NUM_MARKET_ROWS;
    if (!known) return t('bk.act.harvestAny', { field: fieldName(field), market: marketName(m) });
    return t('bk.act.harvest', { field: fieldName(field), market: marketName(m), cost: fieldCost(obs, field, seat) });
  }
  if (action >= A.GROW) {
    if (!known) return t('bk.act.growAny', { field: fieldName(action - A.GROW) });
    return t('bk.act.grow', { field: fieldName(action - A.GROW), cost: fieldCost(obs, action - A.GROW, seat) });
  }
  if (action >= A.PLANT) {
    const field = Math.floor((action - A.PLANT) / A.NUM_CROPS);
    const crop = CROPS[(action - A.PLANT) % A.NUM_CROPS];
    if (!known) return t('bk.act.plantAny', { crop: cropName(crop), of: ofCrop(crop), field: fieldName(field) });
    if (obs.phase === 'opening') {
      return t(openingRipe(obs) ? 'bk.act.layRipe' : 'bk.act.laySeed', { crop: cropName(crop), of: ofCrop(crop), field: fieldName(field) });
    }
    return t('bk.act.sow', { crop: cropName(crop), field: fieldName(field), cost: fieldCost(obs, field, seat) });
  }
  if (action >= A.PLACE_WATER) {
    const stack = Math.floor((action - A.PLACE_WATER) / A.NUM_ROWS);
    const row = (action - A.PLACE_WATER) % A.NUM_ROWS;
    const top = (((obs.stacks || [])[seat] || [])[stack] || {}).top;
    if (!top) return t('bk.act.waterAny', { stack: stack + 1, row: rowName(row) });
    const field = waterField(obs, row);
    if (field === null) return t('bk.act.water', { stack: stack + 1, face: faceName(top), row: rowName(row) });
    return t('bk.act.waterField', { stack: stack + 1, face: faceName(top), field: fieldName(field) });
  }
  if (action >= A.BOAT) {
    const crop = CROPS[action - A.BOAT];
    return t('bk.act.boat', { crop: t(`bk.aCrop.${crop}`) });
  }
  return t('bk.act.desert', { field: fieldName(action - A.SETUP_DESERT) });
}

/** What the player to move is expected to do now (shown in the status line). */
export function statusHint(view) {
  const step = stepOf(view);
  const obs = view.observation || {};
  if (!step) return '';
  if (step === 'actions') return t('bk.hint.actions', { points: tn('bk.points', (obs.turn || {}).points ?? 0) });
  return t(`bk.hint.${step}`);
}

// ---- the log in French (English: the server's own text) ----

const FR_EVENTS = {
  rot: (palms) => `pourriture (${tn('bk.palms', palms)})`,
  desert: () => 'désert',
  hippo: () => 'hippopotame',
};

/** Why the game ended (observe.py GAME_OVER_REASONS), lower case after "Fin de la partie : ". */
const FR_GAME_OVER = {
  obelisk: 'un score a atteint l\u2019obélisque',
  blocked: 'la partie était bloquée, six manches sans récolte, sans point ni plante perdue',
  'round limit': 'la limite de manches est atteinte',
  deadlock: 'plus aucune rangée du marché ne pouvait se remplir, les scores étaient définitifs',
};

function frEvent(ev, viewer) {
  const you = ev.seat !== null && ev.seat !== undefined && ev.seat === viewer;
  const who = seatName(ev.seat, viewer);
  const verb = (second, third) => (you ? `Vous ${second}` : `${who} ${third}`);
  const crop = ev.crop ? cropName(ev.crop) : '';
  switch (ev.event) {
    case 'first':
      return `${verb('commencez', 'commence')} la partie`;
    case 'top':
      return `${who} : la pile ${ev.stack + 1} montre ${faceName(ev.face)}`;
    case 'desert':
      return `Une carte désert couvre le ${fieldName(ev.field)}`;
    case 'to_boat':
      return `${verb('mettez', 'met')} ${t(`bk.aCrop.${ev.crop}`)} dans le bateau`;
    case 'water':
      return `${verb('inondez', 'inonde')} le ${fieldName(ev.field)}`;
    case 'no_water':
      return `${who} : aucune carte eau ne convient`;
    case 'washed': {
      const whose = you ? 'votre' : `le ${crop} de ${who}`;
      const what = you ? `${whose} ${crop}` : whose;
      return `${ev.reason === 'flood' ? 'La crue' : 'Le désert'} envoie ${what} dans le bateau`;
    }
    case 'plant':
      return ev.ripe
        ? `${verb('posez', 'pose')} une plante mûre ${ofCrop(ev.crop)} sur le ${fieldName(ev.field)}`
        : `${verb('semez', 'sème')} une semence ${ofCrop(ev.crop)} sur le ${fieldName(ev.field)}`;
    case 'round':
      return `Manche ${ev.round} : ${seatName(ev.first, viewer)} en premier, le cercle sur ${circleName(ev.circle)}`;
    case 'flood_ends':
    case 'ebb_ends':
      return `${ev.event === 'flood_ends' ? 'La crue' : 'Le reflux'} s\u2019arrête (${ev.count} carte${ev.count > 1 ? 's' : ''} cette manche)`;
    case 'ebb':
      return `${verb('retirez', 'retire')} l\u2019eau du ${fieldName(ev.field)}`;
    case 'water_back':
    case 'desert_back': {
      const kind = (FR_EVENTS[ev.event_kind] || (() => ev.event_kind))(ev.palms);
      const card = ev.event === 'water_back' ? 'La carte eau' : 'La carte désert inondée';
      return `${card} montre : ${kind}${ev.arrow ? ' + flèche' : ''}`;
    }
    case 'arrow':
      return `La flèche fait passer le cercle de ${circleName(ev.before)} à ${circleName(ev.after)}`;
    case 'no_desert':
      return `Le désert ne s\u2019étend pas dans la ${rowName(ev.row)} (${ev.why === 'pile' ? 'la pioche est vide' : 'pas de place'})`;
    case 'rot_row':
      return `${verb('envoyez', 'envoie')} la pourriture dans la ${marketName(ev.market_row)}`;
    case 'rot':
      return `${you ? 'Votre plante' : `La plante de ${who}`} dans la ${marketName(ev.market_row)} est maintenant ${t(`bk.condition.${ev.condition}`)}${ev.condition === 'ripe' ? '' : 'e'}`;
    case 'actions':
      return 'Actions';
    case 'turn':
      return `${who} : 3 points d\u2019action`;
    case 'joker':
      return `${verb('jouez', 'joue')} un joker pour un point d\u2019action`;
    case 'buy_joker':
      return `${verb('achetez', 'achète')} un joker`;
    case 'heal':
      return `${verb('soignez', 'soigne')} une plante gâtée de la ${marketName(ev.market_row)} avec un joker`;
    case 'buy_seed':
      return `${verb('rachetez', 'rachète')} une semence ${ofCrop(ev.crop)} dans le bateau`;
    case 'buy_other_seed':
      return `${verb('achetez', 'achète')} la semence ${ofCrop(ev.crop)} de ${seatName(ev.owner, viewer)} dans le bateau`;
    case 'harvest':
      return `${verb('récoltez', 'récolte')} ${t(`bk.aCrop.${ev.crop}`)} vers la ${marketName(ev.market_row)}`;
    case 'grow':
      return `${verb('faites', 'fait')} pousser ${t(`bk.aCrop.${ev.crop}`)} sur le ${fieldName(ev.field)}`;
    case 'end_actions':
      return `${verb('terminez', 'termine')} les actions`;
    case 'first_passes':
      return `${verb('devenez', 'devient')} premier joueur`;
    case 'lost':
      return `${verb('perdez', 'perd')} ${ev.count} plante(s) restée(s) dans le bateau`;
    case 'obelisk':
      return `L\u2019obélisque recule de ${ev.colours} case(s), sur ${ev.obelisk}`;
    case 'row_scored': {
      const gains = (ev.gains || []).map((g, s) => (g ? `${seatName(s, viewer)} ${g > 0 ? '+' : ''}${g}` : null)).filter(Boolean);
      return `La ${marketName(ev.market_row)} est pleine : ${gains.join(', ')}`;
    }
    case 'sold':
      return `${ev.count} plantes vendues vont dans le bateau ; scores ${(ev.scores || []).join(', ')}`;
    case 'auction':
      return `Enchère pour ${ev.for === 'hippo' ? '3 points d\u2019action en plus' : 'la place de premier joueur'} : des plantes prises en main en secret`;
    case 'bid':
      return `${verb('misez', 'mise')}${ev.bid === null || ev.bid === undefined ? ' en secret' : ` ${ev.bid} plantes`}`;
    case 'bids': {
      const bids = (ev.bids || []).map((b, s) => (b >= 0 ? `${seatName(s, viewer)} ${b}` : null)).filter(Boolean).join(', ');
      const winner = ev.winner === null || ev.winner === undefined
        ? 'égalité : personne ne gagne'
        : ev.winner === viewer ? 'vous gagnez' : `${seatName(ev.winner, viewer)} gagne`;
      return `Mises : ${bids} ; ${winner}`;
    }
    case 'bid_to_boat':
      return `${verb('mettez', 'met')} ${ev.count} plante(s) misée(s) dans le bateau`;
    case 'extra_turn':
      return `${who} : 3 points d\u2019action en plus (sans joker)`;
    case 'game_over':
      // an end this page does not know stays in the server's English (null)
      return FR_GAME_OVER[ev.reason] ? `Fin de la partie : ${FR_GAME_OVER[ev.reason]}` : null;
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
    'The Nile runs between two banks; each bank has four rows of fields (2, 3, 4 and 5 fields) running from the river out to the desert. The fields near the river and in the short rows have the most palms (1 to 4). With fewer than five players, strips cover some short rows.',
    'Each round starts with the tide, played by the first player. In a flood (the flood circle on "flood") they lay up to two water cards, the top cards of their two stacks, along rows like dominoes: a card\u2019s inner end must show the waves of what it adjoins (the Nile shows a single wave), and a card whose outer end has no wave closes the row. Water washes the plants of a field into the boat; a flooded desert card becomes the first player\u2019s joker. When no card fits, the ebb comes.',
    'In an ebb the first player takes up to two water cards off the rows, the outermost of a row each time. A card\u2019s back may spread the desert in its row, bring rot (the first player picks a market row the rot reaches, by its palms, and up to two plants there: ripe plants spoil, spoiled ones rot), or move the flood circle with an arrow.',
    'Then every player in turn has 3 action points: sow a seed from the supply on a free field (1 point; 2 where another player\u2019s plant stands), grow one\u2019s seed into a ripe plant, harvest a ripe plant to a market row that needs at most its field\u2019s palms (the row\u2019s last two plants must be other crops), buy one\u2019s plant back from the boat (1 point), buy a joker from the desert pile (1 point, once a turn). A joker spent gives one more action point. A plant that was sown or grown this turn does nothing else this turn.',
    'At the end of the round the first player passes on. Plants left in the boat are lost, and the obelisk moves back one space for every colour lost. Every full market row pays its majorities (6; 4 and 2; 3, 2 and 1; a rotten plant costs its owner 1), and its plants go into the boat.',
    'The game ends when a score reaches the obelisk; the highest score wins, ties going to the player who lost fewer plants. A game that can no longer move (six rounds in a row without a harvest, a point or a lost plant) ends as it stands.',
  ],
  fr: [
    'Le Nil coule entre deux rives ; chaque rive a quatre rangées de champs (2, 3, 4 et 5 champs) qui vont du fleuve jusqu\u2019au désert. Les champs proches du fleuve et ceux des rangées courtes ont le plus de palmiers (de 1 à 4). À moins de cinq joueurs, des bandes couvrent quelques rangées courtes.',
    'Chaque manche commence par la marée, jouée par le premier joueur. En crue (le cercle des crues sur « crue »), il pose jusqu\u2019à deux cartes eau, celles du dessus de ses deux piles, le long des rangées comme des dominos : le bout intérieur d\u2019une carte doit montrer les vagues de ce qu\u2019elle touche (le Nil montre une vague simple), et une carte dont le bout extérieur n\u2019a pas de vague ferme la rangée. L\u2019eau envoie les plantes du champ dans le bateau ; une carte désert inondée devient un joker du premier joueur. Quand aucune carte ne convient, le reflux arrive.',
    'En reflux, le premier joueur retire jusqu\u2019à deux cartes eau des rangées, chaque fois la plus éloignée du fleuve. Le dos d\u2019une carte peut étendre le désert dans sa rangée, apporter la pourriture (le premier joueur choisit une rangée du marché qu\u2019elle atteint selon ses palmiers, et jusqu\u2019à deux plantes : une plante mûre se gâte, une plante gâtée pourrit), ou faire tourner le cercle des crues avec une flèche.',
    'Puis chaque joueur à son tour a 3 points d\u2019action : semer une semence de sa réserve sur un champ libre (1 point ; 2 là où se trouve la plante d\u2019un autre joueur), faire pousser sa semence, récolter une plante mûre vers une rangée du marché qui demande au plus les palmiers de son champ (les deux dernières plantes de la rangée doivent être d\u2019autres cultures), racheter sa plante dans le bateau (1 point), acheter un joker à la pioche désert (1 point, une fois par tour). Un joker joué donne un point d\u2019action de plus. Une plante semée ou mûrie ce tour ne fait rien d\u2019autre ce tour.',
    'À la fin de la manche, le premier joueur passe la main. Les plantes restées dans le bateau sont perdues, et l\u2019obélisque recule d\u2019une case par couleur perdue. Chaque rangée pleine du marché paie ses majorités (6 ; 4 et 2 ; 3, 2 et 1 ; une plante pourrie coûte 1 à son propriétaire), et ses plantes vont dans le bateau.',
    'La partie s\u2019arrête quand un score atteint l\u2019obélisque ; le plus haut score gagne, et en cas d\u2019égalité celui qui a perdu le moins de plantes. Une partie qui ne peut plus avancer (six manches de suite sans récolte, sans point ni plante perdue) s\u2019arrête en l\u2019état.',
  ],
};

/** The rules summary as paragraphs in the page's language. */
export function rules() {
  return RULES[getLang()] || RULES.en;
}
