// NIL – Le Jeu des Pharaons in English and French: tile names, exits, the log in words,
// action words, hints and the rules in short. The server's texts are English; French is
// built here from the events' structured fields (observe.py event_view).

import { register, t, tn, getLang, seatName } from '../i18n.js';
import { EXITS, KINDS, UNIVERSAL, END_TURN, pairKind, exitIndex } from './pharaohs-tiles.js';

const GOAL_COLUMN = 21;

register({
  en: {
    'ph.kind.straight': 'Straight', 'ph.kind.diagonal': 'Diagonal', 'ph.kind.center90': 'Side bend',
    'ph.kind.corner90': 'Corner bend', 'ph.kind.left45': 'Left 45', 'ph.kind.right45': 'Right 45',
    'ph.kind.left135': 'Left 135', 'ph.kind.right135': 'Right 135', 'ph.kind.universal': 'Universal',
    'ph.exit.N': 'N', 'ph.exit.NE': 'NE', 'ph.exit.E': 'E', 'ph.exit.SE': 'SE',
    'ph.exit.S': 'S', 'ph.exit.SW': 'SW', 'ph.exit.W': 'W', 'ph.exit.NW': 'NW',
    'ph.cell': '{row}{column}',
    'ph.goalCell': 'goal {row}',
    'ph.river': 'The river',
    'ph.meta': 'Turn {turn} · {bag} tiles in the bag · {laid} on the board',
    'ph.start': 'Start',
    'ph.goal': 'Goal',
    'ph.zoom': 'Enlarge the board',
    'ph.unzoom': 'Fit the board to the screen',
    'ph.boardLabel': 'The board: the river from the start (west, row K) towards the blue goal column (east)',
    'ph.cellValue': '{cell}: {value}',
    'ph.uZone': 'U zone: its penalty is paid once per turn',
    'ph.zonePaid': 'already paid this turn',
    'ph.openEnd': 'Next tile: {cell}, entering by {entry}',
    'ph.openEnd.crossing': 'Next tile: {cell}, entering by {entry} — a crossing: only a universal tile',
    'ph.openEnd.none': 'The river has reached the goal.',
    'ph.tileOn': '{kind} on {cell}, laid by {who}',
    'ph.crossingOn': 'Crossing on {cell} (universal tile), laid by {who}',
    'ph.move': 'Your move',
    'ph.move.other': 'Next tile',
    'ph.loupe': 'Where the next tile goes, enlarged',
    'ph.rack': 'Your rack',
    'ph.rack.spectator': 'Spectators do not see the racks.',
    'ph.rack.empty': 'Your rack is empty.',
    'ph.rack.of': 'Rack of {who}',
    'ph.rack.pick': 'Pick {kind} ({n} in your rack)',
    'ph.rack.cannot': '{kind} ({n} in your rack): cannot go on here',
    'ph.rack.tile': '{kind} ({n} in the rack)',
    'ph.hint.pick': 'Pick a tile of your rack, then where the river leaves it.',
    'ph.hint.targets.one': '{kind}: click the highlighted exit to lay it.',
    'ph.hint.targets.other': '{kind}: click one of the {n} highlighted exits to lay it.',
    'ph.hint.more': 'Lay another tile (pick it, then where the river leaves it) or end your turn.',
    'ph.hint.none': 'No tile of your rack can go on: end your turn.',
    'ph.endTurn': 'End turn',
    'ph.endTurn.disabled': 'Lay at least one tile first',
    'ph.points': '{points} points',
    'ph.target': '{kind}, {entry} → {exit}: {points}',
    'ph.target.cell': 'tile {tile}, cell {cell}',
    'ph.target.paid': 'tile {tile}, zone already paid',
    'ph.seats': 'Players',
    'ph.score': 'Score',
    'ph.rackSize.one': '{n} tile in the rack', 'ph.rackSize.other': '{n} tiles in the rack',
    'ph.toMove': 'to play',
    'ph.thisTurn': 'This turn ({who}): {laid}, {points}',
    'ph.laid.one': '{n} tile', 'ph.laid.other': '{n} tiles',
    'ph.bonusHint': 'all five tiles in one turn: +20',
    'ph.bag.one': '{n} tile in the bag', 'ph.bag.other': '{n} tiles in the bag',
    'ph.startDraws': 'Who starts',
    'ph.startDraws.total': 'total {total}',
    'ph.legend': 'Legend',
    'ph.legend.green': 'green: points added',
    'ph.legend.red': 'red: points taken',
    'ph.legend.u': 'U zone: paid once per turn',
    'ph.legend.goal': 'blue goal: up to 500',
    'ph.result.reason.goal': 'The river reached the goal.',
    'ph.result.reason.tiles': 'The bag and a rack are empty.',
    'ph.result.reason.blocked': 'No tile was laid for two rounds.',
    'ph.result.left': 'Left in the rack: {tiles}',
    'ph.result.leftNone': 'Rack empty',
    'ph.result.penalty': '(−{n} counted)',
    'ph.act.lay': '{kind} on {cell}, {entry} to {exit}',
    'ph.act.as': '{kind} as {as}',
    'ph.act.crossing': '{kind} crossing',
  },
  fr: {
    'ph.kind.straight': 'Ligne droite', 'ph.kind.diagonal': 'Diagonale', 'ph.kind.center90': 'Coude',
    'ph.kind.corner90': 'Coude de coin', 'ph.kind.left45': 'Gauche 45°', 'ph.kind.right45': 'Droite 45°',
    'ph.kind.left135': 'Gauche 135°', 'ph.kind.right135': 'Droite 135°', 'ph.kind.universal': 'Universelle',
    'ph.exit.N': 'N', 'ph.exit.NE': 'NE', 'ph.exit.E': 'E', 'ph.exit.SE': 'SE',
    'ph.exit.S': 'S', 'ph.exit.SW': 'SO', 'ph.exit.W': 'O', 'ph.exit.NW': 'NO',
    'ph.cell': '{row}{column}',
    'ph.goalCell': 'arrivée {row}',
    'ph.river': 'Le fleuve',
    'ph.meta': 'Tour {turn} · {bag} tuiles dans le sac · {laid} sur le plateau',
    'ph.start': 'Départ',
    'ph.goal': 'Arrivée',
    'ph.zoom': 'Agrandir le plateau',
    'ph.unzoom': "Ajuster le plateau à l'écran",
    'ph.boardLabel': "Le plateau : le fleuve part de l'ouest (rangée K) vers la colonne bleue d'arrivée (est)",
    'ph.cellValue': '{cell} : {value}',
    'ph.uZone': 'Zone en U : sa pénalité se paie une fois par tour',
    'ph.zonePaid': 'déjà payée ce tour',
    'ph.openEnd': 'Prochaine tuile : {cell}, entrée par {entry}',
    'ph.openEnd.crossing': 'Prochaine tuile : {cell}, entrée par {entry} — un croisement : seulement une tuile universelle',
    'ph.openEnd.none': "Le fleuve a atteint l'arrivée.",
    'ph.tileOn': '{kind} sur {cell}, posée par {who}',
    'ph.crossingOn': 'Croisement sur {cell} (tuile universelle), posé par {who}',
    'ph.move': 'À vous',
    'ph.move.other': 'Prochaine tuile',
    'ph.loupe': 'La case de la prochaine tuile, agrandie',
    'ph.rack': 'Votre chevalet',
    'ph.rack.spectator': 'Les spectateurs ne voient pas les chevalets.',
    'ph.rack.empty': 'Votre chevalet est vide.',
    'ph.rack.of': 'Chevalet de {who}',
    'ph.rack.pick': 'Choisir {kind} ({n} sur votre chevalet)',
    'ph.rack.cannot': '{kind} ({n} sur votre chevalet) : ne peut pas continuer ici',
    'ph.rack.tile': '{kind} ({n} sur le chevalet)',
    'ph.hint.pick': 'Choisissez une tuile de votre chevalet, puis par où le fleuve en sort.',
    'ph.hint.targets.one': '{kind} : cliquez la sortie en surbrillance pour la poser.',
    'ph.hint.targets.other': '{kind} : cliquez une des {n} sorties en surbrillance pour la poser.',
    'ph.hint.more': 'Posez une autre tuile (choisissez-la, puis sa sortie) ou terminez votre tour.',
    'ph.hint.none': 'Aucune tuile de votre chevalet ne peut continuer : terminez votre tour.',
    'ph.endTurn': 'Terminer le tour',
    'ph.endTurn.disabled': "Posez d'abord au moins une tuile",
    'ph.points': '{points} points',
    'ph.target': '{kind}, {entry} → {exit} : {points}',
    'ph.target.cell': 'tuile {tile}, case {cell}',
    'ph.target.paid': 'tuile {tile}, zone déjà payée',
    'ph.seats': 'Joueurs',
    'ph.score': 'Score',
    'ph.rackSize.one': '{n} tuile sur le chevalet', 'ph.rackSize.other': '{n} tuiles sur le chevalet',
    'ph.toMove': 'joue',
    'ph.thisTurn': 'Ce tour ({who}) : {laid}, {points}',
    'ph.laid.one': '{n} tuile', 'ph.laid.other': '{n} tuiles',
    'ph.bonusHint': 'les cinq tuiles en un tour : +20',
    'ph.bag.one': '{n} tuile dans le sac', 'ph.bag.other': '{n} tuiles dans le sac',
    'ph.startDraws': 'Qui commence',
    'ph.startDraws.total': 'total {total}',
    'ph.legend': 'Légende',
    'ph.legend.green': 'vert : points gagnés',
    'ph.legend.red': 'rouge : points perdus',
    'ph.legend.u': 'zone en U : payée une fois par tour',
    'ph.legend.goal': "arrivée bleue : jusqu'à 500",
    'ph.result.reason.goal': "Le fleuve a atteint l'arrivée.",
    'ph.result.reason.tiles': 'Le sac et un chevalet sont vides.',
    'ph.result.reason.blocked': "Aucune tuile n'a été posée pendant deux tours.",
    'ph.result.left': 'Reste sur le chevalet : {tiles}',
    'ph.result.leftNone': 'Chevalet vide',
    'ph.result.penalty': '(−{n} comptés)',
    'ph.act.lay': '{kind} sur {cell}, {entry} vers {exit}',
    'ph.act.as': '{kind} comme {as}',
    'ph.act.crossing': '{kind} en croisement',
  },
});

/** A kind's name from its key ("straight") or index (0). */
export function kindName(kind) {
  const key = typeof kind === 'number' ? KINDS[kind] : kind;
  return key ? t(`ph.kind.${key}`) : '?';
}

/** An exit's name from its index or its engine name ("SW" → "SO" in French). */
export function exitName(exit) {
  const key = typeof exit === 'number' ? EXITS[exit] : exit;
  return t(`ph.exit.${key}`);
}

/** A cell as the board's labels read it: row letter A–U, column 1–21, or the goal column. */
export function cellName(row, column) {
  const letter = String.fromCharCode(65 + row);
  if (column === GOAL_COLUMN) return t('ph.goalCell', { row: letter });
  return t('ph.cell', { row: letter, column: column + 1 });
}

// The board's values (observation.layout), kept from the last view drawn: the log's words
// need them (a red cell that scored 0 was a zone already paid).
let cellValues = new Map();

export function rememberLayout(layout) {
  if (!layout || !layout.cells || cellValues.size) return; // the map never changes
  cellValues = new Map(layout.cells.map(([r, c, v]) => [`${r},${c}`, v]));
}

export const cellValue = (row, column) => cellValues.get(`${row},${column}`) || 0;

export const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');

/** "2 Straight, 1 Universal" from {straight: 2, universal: 1}, in the kinds' order. */
export function tileList(counts) {
  const parts = KINDS.filter((k) => (counts || {})[k]).map((k) => `${counts[k]} ${kindName(k)}`);
  return parts.join(', ');
}

/** The kind name of a tile action, with what a universal stands for (or "crossing"). */
function layName(kind, entry, exit, crossing) {
  const name = kindName(kind);
  if (kind !== UNIVERSAL || entry < 0) return name;
  if (crossing) return t('ph.act.crossing', { kind: name });
  return t('ph.act.as', { kind: name, as: kindName(pairKind(entry, exit)) });
}

/** Words for an action id in the page's language (English: the server's text if given). */
export function actionText(action, view, serverText) {
  if (getLang() === 'en' && serverText) return serverText;
  if (action === END_TURN) return t('ph.endTurn');
  const obs = (view && view.observation) || {};
  const end = obs.open_end;
  const kind = Math.floor(action / 8);
  const exit = action % 8;
  if (!end || kind >= KINDS.length) return serverText || `#${action}`;
  const entry = exitIndex(end.entry);
  return t('ph.act.lay', {
    kind: layName(kind, entry, exit, end.crossing),
    cell: cellName(end.row, end.column),
    entry: exitName(entry),
    exit: exitName(exit),
  });
}

/** What the player to move is expected to do now (shown in the status line). */
export function statusHint(view) {
  const obs = view.observation || {};
  const legal = (view.legal_actions || []).map((a) => a.action);
  const tiles = legal.filter((a) => a !== END_TURN);
  if (!tiles.length && legal.includes(END_TURN)) return t('ph.hint.none');
  if ((obs.this_turn || {}).laid > 0) return t('ph.hint.more');
  return t('ph.hint.pick');
}

// ---- the log in French (English: the server's own text) ----

const FR_REASONS = {
  goal: "le fleuve a atteint l'arrivée",
  tiles: 'le sac et un chevalet sont vides',
  blocked: "aucune tuile n'a été posée pendant deux tours",
};

function frEvent(ev, viewer) {
  const you = ev.seat !== null && ev.seat !== undefined && ev.seat === viewer;
  const who = seatName(ev.seat, viewer);
  const verb = (second, third) => (you ? `Vous ${second}` : `${who} ${third}`);
  switch (ev.event) {
    case 'order_draw':
      return `${verb('piochez', 'pioche')} une tuile ${kindName(ev.tile)} pour désigner le premier joueur`;
    case 'order_return':
      return `Totaux ${(ev.totals || []).join(', ')} ; les tuiles retournent dans le sac`;
    case 'order_tie':
      return 'Égalité pour le plus haut total : tirage au sort';
    case 'first_player':
      return `${verb('commencez', 'commence')} la partie`;
    case 'draw':
      return ev.tile ? `${verb('piochez', 'pioche')} une tuile ${kindName(ev.tile)}` : `${verb('piochez', 'pioche')} une tuile`;
    case 'turn':
      return `Tour ${ev.turn} : ${who}`;
    case 'lay': {
      const entry = exitIndex(ev.entry);
      const exit = exitIndex(ev.exit);
      const name = ev.replaced ? kindName(ev.tile) : layName(KINDS.indexOf(ev.tile), entry, exit, false);
      let text = `${verb('posez', 'pose')} une tuile ${name} sur ${cellName(ev.row, ev.column)}`;
      if (ev.replaced) text += `, en croisant le fleuve (la tuile ${kindName(ev.replaced)} retourne dans le sac)`;
      text += ` : ${signed(ev.tile_points)}`;
      if (ev.cell_points) text += `, case ${signed(ev.cell_points)}`;
      else if (cellValue(ev.row, ev.column) < 0) text += ', zone déjà payée ce tour';
      return text;
    }
    case 'bonus':
      return `${who} : les cinq tuiles en un tour, +${ev.points}`;
    case 'end_turn':
      return `${verb('terminez', 'termine')} le tour : ${tn('ph.laid', ev.laid ?? 0)}, ${signed(ev.points ?? 0)}`;
    case 'no_tile': {
      const shown = tileList(ev.rack) || 'rien';
      return `${verb('ne pouvez', 'ne peut')} poser aucune tuile et ${you ? 'montrez' : 'montre'} ${shown} : −${ev.penalty}, cinq nouvelles tuiles`;
    }
    case 'game_over':
      return `Fin de la partie : ${FR_REASONS[ev.reason] || ev.reason} ; les tuiles restantes comptent en moins`;
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
    '2 to 4 players build one shared river, tile by tile, from the start on the west side of row K towards the blue goal column on the east side. Each tile goes on the cell the river\u2019s open end points into; you choose which tile of your rack, and by which side or corner the river leaves it (turning the tile).',
    'On your turn lay at least one tile, then as many more as you like, and end your turn: you draw back up to 5 tiles. Laying all 5 tiles of a full rack in one turn earns a bonus of 20.',
    'A tile scores its printed value (5 to 10, universal 35) plus its cell: green cells add 60 to 250, red cells take 40 to 160 away. A U-shaped red zone is paid once per turn however many of its cells you cover.',
    'The river may not leave the board, go onto a tile already laid or through a corner point it already uses, or run into a dead end: only the exits that leave a way to the goal are offered. It may cross itself only with a universal tile, which stands for any tile when laid on a free cell.',
    'If no tile of your rack fits when your turn starts, you show your rack, lose its value and draw five new tiles.',
    'Once the river reaches the blue goal column it stays there, running north or south from blue cell to blue cell (each pays 50 to 500, the 500 facing the start) until it ends at a blue cell\u2019s east side; the game ends with that turn. It also ends when the bag and a rack are empty, or after two rounds without a tile. Tiles left in a rack count against their owner; the highest score wins.',
  ],
  fr: [
    'De 2 à 4 joueurs construisent un seul fleuve commun, tuile après tuile, du départ à l\u2019ouest de la rangée K vers la colonne bleue d\u2019arrivée à l\u2019est. Chaque tuile se pose sur la case vers laquelle pointe l\u2019extrémité du fleuve ; vous choisissez quelle tuile de votre chevalet, et par quel côté ou quel coin le fleuve en sort (en tournant la tuile).',
    'À votre tour, posez au moins une tuile, puis autant d\u2019autres que vous voulez, et terminez votre tour : vous complétez votre chevalet à 5 tuiles. Poser les 5 tuiles d\u2019un chevalet plein en un tour rapporte un bonus de 20.',
    'Une tuile rapporte sa valeur imprimée (5 à 10, l\u2019universelle 35) plus celle de sa case : les cases vertes ajoutent 60 à 250, les rouges retirent 40 à 160. Une zone rouge en U ne se paie qu\u2019une fois par tour, quel que soit le nombre de ses cases couvertes.',
    'Le fleuve ne peut ni sortir du plateau, ni passer sur une tuile déjà posée ou par un coin qu\u2019il utilise déjà, ni finir dans une impasse : seules les sorties qui laissent un chemin vers l\u2019arrivée sont proposées. Il ne peut se croiser qu\u2019avec une tuile universelle, qui remplace n\u2019importe quelle tuile sur une case libre.',
    'Si aucune tuile de votre chevalet ne convient au début de votre tour, vous le montrez, perdez sa valeur et piochez cinq nouvelles tuiles.',
    'Une fois dans la colonne bleue d\u2019arrivée, le fleuve y reste, en allant vers le nord ou le sud de case bleue en case bleue (chacune rapporte de 50 à 500, le 500 face au départ) jusqu\u2019à finir sur le bord est d\u2019une case bleue ; la partie s\u2019arrête à la fin de ce tour. Elle s\u2019arrête aussi quand le sac et un chevalet sont vides, ou après deux tours sans tuile posée. Les tuiles restant sur un chevalet comptent en moins ; le plus haut score gagne.',
  ],
};

/** The rules summary as paragraphs in the page's language. */
export function rules() {
  return RULES[getLang()] || RULES.en;
}

