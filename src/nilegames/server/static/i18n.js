// English and French: UI strings, the chosen language (kept in localStorage) and helpers.
// Game modules add their own words with register().

const KEY = 'nilegames.lang';
export const LANGS = ['en', 'fr'];

const STRINGS = {
  en: {
    'app.title': 'nilegames',
    'lang.switch': 'Français',
    'lang.switch.label': 'Passer en français',
    'nav.lobby': 'Lobby',

    'lobby.quick.title': 'Play now',
    'lobby.quick.text': 'NILE for 3: you against two medium bots.',
    'lobby.quick.button': 'Play against bots',
    'lobby.new.title': 'New table',
    'lobby.game': 'Game',
    'lobby.players': 'Players',
    'lobby.options': 'Options',
    'lobby.seats': 'Seats',
    'lobby.seat': 'Seat {n}',
    'lobby.human': 'Human',
    'lobby.bot': 'Bot',
    'lobby.level': 'Level',
    'lobby.me': 'This is me',
    'lobby.start': 'Start the game',
    'lobby.starting': 'Starting…',
    'lobby.loading': 'Loading the games…',
    'lobby.noHuman': 'Every seat is a bot: you will watch as a spectator.',
    'lobby.created': 'Table {id} is ready',
    'lobby.links': 'Send each player their invitation link; anyone may watch with the spectator link.',
    'lobby.link.seat': 'Seat {n} (human)',
    'lobby.link.you': 'Seat {n} (you)',
    'lobby.link.spectator': 'Spectators',
    'lobby.copy': 'Copy',
    'lobby.copied': 'Copied',
    'lobby.openSeat': 'Open my seat',
    'lobby.watch': 'Watch',
    'lobby.recent.title': 'Your recent games',
    'lobby.recent.none': 'No game yet.',
    'lobby.recent.open': 'Open',
    'lobby.recent.remove': 'Forget',
    'lobby.recent.removeLabel': 'Forget table {id}',
    'lobby.recent.clear': 'Forget all',
    'lobby.recent.seat': 'seat {n}',
    'lobby.recent.spectator': 'spectator',
    'lobby.away': 'A player away on their turn',
    'lobby.away.never': 'is waited for',
    'lobby.away.after': 'is replaced by a bot after {n} minutes',
    'table.away': 'a bot plays after {time}',
    'lobby.open': 'Open seat',
    'lobby.open.help': 'anyone may take it from the lobby',
    'lobby.openTables.title': 'Open tables',
    'lobby.openTables.none': 'No table is waiting for a player right now.',
    'lobby.openTables.with': 'With: {who}',
    'lobby.openTables.join': 'Join (seat {n})',
    'lobby.openTables.players': '{n} players',
    'lobby.games.title': 'The games',
    'lobby.games.players': '{min}–{max} players',
    'lobby.games.setup': 'New table',
    'lobby.blurb.nile': 'Plant crops, trade cards and gamble on floods: your smallest harvest pile decides.',
    'lobby.blurb.pharaohs': 'Build one shared river tile by tile towards the blue column; each tile scores its value and the cell it covers.',
    'lobby.blurb.artifacts': 'Sail the Nile, collect artifacts and offer them at monuments for the gods’ favour.',
    'lobby.blurb.banks': 'Sow, grow and sell five crops while the river rises and falls; full market rows pay the players with most plants.',
    'lobby.rules.title': 'Rules in short',
    'lobby.rules.none': 'No summary for this game yet.',
    'bot.random': 'random',
    'bot.greedy': 'greedy',
    'bot.easy': 'easy',
    'bot.medium': 'medium',
    'bot.hard': 'hard',

    'seat.you': 'You',
    'seat.n': 'Seat {n}',
    'seat.bot': 'bot · {level}',
    'seat.human': 'human',
    'seat.offline': 'not connected',
    'seat.online': 'connected',

    'table.title': 'Table {id}',
    'table.youAre': 'You play seat {n}',
    'table.spectator': 'You are watching (spectator)',
    'table.share': 'Links',
    'table.loading': 'Loading the table…',
    'table.actions': 'Your possible actions',
    'table.noActions': 'Nothing to do right now.',
    'table.log': 'What happened',
    'table.replay': 'Watch the replay',
    'table.backLobby': 'Back to the lobby',
    'table.leave': 'Leave the table',
    'table.leave.text': 'A bot takes your seat and plays it to the end; this link still shows the game.',
    'table.leave.button': 'Hand my seat to the bot',
    'table.leftSeat': 'A bot ({level}) plays your seat now.',
    'undo.button': 'Undo',
    'undo.ok': 'Take back: {step}',
    'undo.nothing': 'Nothing to take back yet this turn.',
    'undo.over': 'The game is over.',
    'undo.chance': 'Nothing to take back: chance has acted since your last step (a card or tile was drawn).',
    'undo.turn': 'Only your own open step can be taken back, on your turn.',
    'undo.final': '“{step}” is final: it cannot be taken back.',
    'table.log.close': 'Close the log',
    'table.log.new': '{n} new',
    'table.timer': '{who} · turn clock {time}',
    'name.label': 'Name',
    'name.save': 'Save',
    'name.ask': 'Your name at this table, for the others to see:',
    'name.as': 'as {name}',
    'name.limit': 'At most 24 characters.',
    'chat.title': 'Chat',
    'chat.show': 'Show the chat',
    'chat.none': 'No message yet.',
    'chat.message': 'Message',
    'chat.send': 'Send',
    'chat.count': '{n}/{max}',
    'chat.readOnly': 'Only the players can write here.',
    'conn.live': 'live',
    'conn.connecting': 'connecting…',
    'conn.reconnecting': 'connection lost, reconnecting…',
    'conn.closed': 'disconnected',

    'status.yourTurn': 'Your turn',
    'status.yourBot': 'Your seat is played by a bot ({level}): it is thinking…',
    'status.waiting': 'Waiting for {who}',
    'status.waitingOffline': 'Waiting for {who} (not connected)',
    'status.bot': '{who} (bot, {level}) is thinking…',
    'status.over': 'Game over',
    'status.overWinner': 'Game over: {who} won',
    'status.overWinners': 'Game over: {who} won (tie)',
    'status.youWin': 'Game over: you won!',
    'status.pending': 'Sending…',
    'status.idle': 'Waiting for the game to go on…',

    'unknown.title': 'No such table',
    'unknown.text': 'There is no table {id} on this server: the link may be mistyped or cut short, or the table belongs to another server. Your recent games are listed in the lobby.',
    'error.403': 'Your seat link is not valid for this table (wrong token).',
    'error.404': 'This table does not exist.',
    'error.409': 'The game moved on before your click reached it: the board is up to date again, please retry.',
    'error.413': 'The request was too large.',
    'error.422': 'That move is not allowed now.',
    'error.network': 'The server cannot be reached.',
    'error.generic': 'Something went wrong.',
    'error.server': 'Server: {error}',

    'result.title': 'Final scores',
    'result.winner': 'Winner',
    'result.return': 'score {value}',

    'replay.title': 'Replay of table {id}',
    'replay.step': 'Step {step} of {steps}',
    'replay.turn': 'After turn {turn} of {turns}',
    'replay.turn0': 'Before turn 1 of {turns}',
    'replay.prev.turn': 'Previous turn',
    'replay.next.turn': 'Next turn',
    'replay.prev.step': 'Previous action',
    'replay.next.step': 'Next action',
    'replay.fine': 'Every action (finer steps)',
    'replay.moves': 'Turns',
    'replay.turnOf': '{n}. {who} ({steps})',
    'replay.first': 'First',
    'replay.prev': 'Previous',
    'replay.next': 'Next',
    'replay.last': 'Last',
    'replay.seat': 'Seen by',
    'replay.spectator': 'Spectator (public view)',
    'replay.lastAction': 'Last action: {text}',
    'replay.noAction': 'Start of the game',
    'replay.loading': 'Loading the replay…',
    'replay.backTable': 'Back to the table',
    'replay.unfinished': 'This game is not finished yet: its replay opens when the game ends. Follow it live from the table.',

    'generic.observation': 'What you see',
    'generic.text': 'As text',
  },
  fr: {
    'app.title': 'nilegames',
    'lang.switch': 'English',
    'lang.switch.label': 'Switch to English',
    'nav.lobby': 'Accueil',

    'lobby.quick.title': 'Jouer tout de suite',
    'lobby.quick.text': 'NILE à 3 : vous contre deux robots de niveau moyen.',
    'lobby.quick.button': 'Jouer contre des robots',
    'lobby.new.title': 'Nouvelle table',
    'lobby.game': 'Jeu',
    'lobby.players': 'Joueurs',
    'lobby.options': 'Options',
    'lobby.seats': 'Places',
    'lobby.seat': 'Place {n}',
    'lobby.human': 'Humain',
    'lobby.bot': 'Robot',
    'lobby.level': 'Niveau',
    'lobby.me': "C'est moi",
    'lobby.start': 'Lancer la partie',
    'lobby.starting': 'Lancement…',
    'lobby.loading': 'Chargement des jeux…',
    'lobby.noHuman': 'Toutes les places sont des robots : vous regarderez en spectateur.',
    'lobby.created': 'La table {id} est prête',
    'lobby.links': "Envoyez à chaque joueur son lien d'invitation ; tout le monde peut regarder avec le lien spectateur.",
    'lobby.link.seat': 'Place {n} (humain)',
    'lobby.link.you': 'Place {n} (vous)',
    'lobby.link.spectator': 'Spectateurs',
    'lobby.copy': 'Copier',
    'lobby.copied': 'Copié',
    'lobby.openSeat': 'Ouvrir ma place',
    'lobby.watch': 'Regarder',
    'lobby.recent.title': 'Vos parties récentes',
    'lobby.recent.none': 'Aucune partie pour le moment.',
    'lobby.recent.open': 'Ouvrir',
    'lobby.recent.remove': 'Oublier',
    'lobby.recent.removeLabel': 'Oublier la table {id}',
    'lobby.recent.clear': 'Tout oublier',
    'lobby.recent.seat': 'place {n}',
    'lobby.recent.spectator': 'spectateur',
    'lobby.away': 'Un joueur absent à son tour',
    'lobby.away.never': 'est attendu',
    'lobby.away.after': 'est remplacé par un robot après {n} minutes',
    'table.away': 'un robot joue après {time}',
    'lobby.open': 'Place libre',
    'lobby.open.help': "n'importe qui peut la prendre depuis l'accueil",
    'lobby.openTables.title': 'Tables ouvertes',
    'lobby.openTables.none': "Aucune table n'attend de joueur pour le moment.",
    'lobby.openTables.with': 'Avec : {who}',
    'lobby.openTables.join': 'Rejoindre (place {n})',
    'lobby.openTables.players': '{n} joueurs',
    'lobby.games.title': 'Les jeux',
    'lobby.games.players': '{min} à {max} joueurs',
    'lobby.games.setup': 'Nouvelle table',
    'lobby.blurb.nile': 'Plantez, échangez des cartes et pariez sur les crues : votre plus petite récolte décide.',
    'lobby.blurb.pharaohs': 'Construisez ensemble un seul fleuve, tuile par tuile, vers la colonne bleue ; chaque tuile rapporte sa valeur et celle de sa case.',
    'lobby.blurb.artifacts': 'Naviguez sur le Nil, rassemblez des objets et offrez-les aux monuments pour la faveur des dieux.',
    'lobby.blurb.banks': 'Semez, cultivez et vendez cinq cultures au rythme de la crue et du reflux ; une rangée de marché pleine paie ceux qui y ont le plus de plantes.',
    'lobby.rules.title': 'Les règles en bref',
    'lobby.rules.none': "Pas encore de résumé pour ce jeu.",
    'bot.random': 'au hasard',
    'bot.greedy': 'glouton',
    'bot.easy': 'facile',
    'bot.medium': 'moyen',
    'bot.hard': 'difficile',

    'seat.you': 'Vous',
    'seat.n': 'Place {n}',
    'seat.bot': 'robot · {level}',
    'seat.human': 'humain',
    'seat.offline': 'non connecté',
    'seat.online': 'connecté',

    'table.title': 'Table {id}',
    'table.youAre': 'Vous jouez la place {n}',
    'table.spectator': 'Vous regardez (spectateur)',
    'table.share': 'Liens',
    'table.loading': 'Chargement de la table…',
    'table.actions': 'Vos actions possibles',
    'table.noActions': 'Rien à faire pour le moment.',
    'table.log': "Ce qui s'est passé",
    'table.replay': 'Revoir la partie',
    'table.backLobby': "Retour à l'accueil",
    'table.leave': 'Quitter la table',
    'table.leave.text': "Un robot prend votre place et la joue jusqu'à la fin ; ce lien montre toujours la partie.",
    'table.leave.button': 'Confier ma place au robot',
    'table.leftSeat': 'Un robot ({level}) joue votre place désormais.',
    'undo.button': 'Annuler',
    'undo.ok': 'Reprendre : {step}',
    'undo.nothing': 'Rien à reprendre pour ce tour.',
    'undo.over': 'La partie est terminée.',
    'undo.chance': 'Rien à reprendre : le hasard a joué depuis votre dernier pas (une carte ou une tuile a été tirée).',
    'undo.turn': 'Seul votre propre pas en cours peut être repris, pendant votre tour.',
    'undo.final': '« {step} » est définitif : il ne peut pas être repris.',
    'table.log.close': 'Fermer le journal',
    'table.log.new': '{n} nouveau(x)',
    'table.timer': '{who} · chrono du tour {time}',
    'name.label': 'Nom',
    'name.save': 'Enregistrer',
    'name.ask': 'Votre nom à cette table, pour les autres joueurs :',
    'name.as': 'sous le nom {name}',
    'name.limit': '24 caractères au plus.',
    'chat.title': 'Discussion',
    'chat.show': 'Afficher la discussion',
    'chat.none': 'Aucun message pour le moment.',
    'chat.message': 'Message',
    'chat.send': 'Envoyer',
    'chat.count': '{n}/{max}',
    'chat.readOnly': 'Seuls les joueurs peuvent écrire ici.',
    'conn.live': 'en direct',
    'conn.connecting': 'connexion…',
    'conn.reconnecting': 'connexion perdue, reconnexion…',
    'conn.closed': 'déconnecté',

    'status.yourTurn': 'À vous de jouer',
    'status.yourBot': 'Un robot ({level}) joue votre place : il réfléchit…',
    'status.waiting': 'En attente de {who}',
    'status.waitingOffline': 'En attente de {who} (non connecté)',
    'status.bot': '{who} (robot, {level}) réfléchit…',
    'status.over': 'Partie terminée',
    'status.overWinner': 'Partie terminée : {who} gagne',
    'status.overWinners': 'Partie terminée : {who} gagnent (égalité)',
    'status.youWin': 'Partie terminée : vous avez gagné !',
    'status.pending': 'Envoi…',
    'status.idle': 'En attente de la suite de la partie…',

    'unknown.title': 'Table introuvable',
    'unknown.text': "Il n'y a pas de table {id} sur ce serveur : le lien est peut-être mal recopié ou tronqué, ou la table est sur un autre serveur. Vos parties récentes sont listées à l'accueil.",
    'error.403': "Votre lien de place n'est pas valable pour cette table (jeton incorrect).",
    'error.404': "Cette table n'existe pas.",
    'error.409': 'La partie a avancé avant votre clic : le plateau est à jour, recommencez.',
    'error.413': 'La requête était trop grosse.',
    'error.422': "Ce coup n'est pas permis maintenant.",
    'error.network': 'Le serveur est injoignable.',
    'error.generic': 'Un problème est survenu.',
    'error.server': 'Serveur : {error}',

    'result.title': 'Scores finaux',
    'result.winner': 'Vainqueur',
    'result.return': 'score {value}',

    'replay.title': 'Revoir la table {id}',
    'replay.step': 'Étape {step} sur {steps}',
    'replay.turn': 'Après le tour {turn} sur {turns}',
    'replay.turn0': 'Avant le tour 1 sur {turns}',
    'replay.prev.turn': 'Tour précédent',
    'replay.next.turn': 'Tour suivant',
    'replay.prev.step': 'Action précédente',
    'replay.next.step': 'Action suivante',
    'replay.fine': 'Chaque action (pas fins)',
    'replay.moves': 'Tours',
    'replay.turnOf': '{n}. {who} ({steps})',
    'replay.first': 'Début',
    'replay.prev': 'Précédent',
    'replay.next': 'Suivant',
    'replay.last': 'Fin',
    'replay.seat': 'Vu par',
    'replay.spectator': 'Spectateur (vue publique)',
    'replay.lastAction': 'Dernière action : {text}',
    'replay.noAction': 'Début de la partie',
    'replay.loading': 'Chargement…',
    'replay.backTable': 'Retour à la table',
    'replay.unfinished': "Cette partie n'est pas encore finie : son replay s'ouvre à la fin de la partie. Suivez-la en direct depuis la table.",

    'generic.observation': 'Ce que vous voyez',
    'generic.text': 'En texte',
  },
};

function initial() {
  try {
    const saved = localStorage.getItem(KEY);
    if (LANGS.includes(saved)) return saved;
  } catch { /* storage may be disabled */ }
  return (navigator.language || 'en').toLowerCase().startsWith('fr') ? 'fr' : 'en';
}

let lang = initial();
const listeners = new Set();

const NAME_KEY = 'nilegames.name';

/** The display name this browser last used (lobby and invitation page). */
export function savedName() {
  try { return localStorage.getItem(NAME_KEY) || ''; } catch { return ''; }
}

export function saveName(value) {
  try { localStorage.setItem(NAME_KEY, value); } catch { /* storage may be disabled */ }
}

export function getLang() {
  return lang;
}

export function setLang(value) {
  if (!LANGS.includes(value) || value === lang) return;
  lang = value;
  try { localStorage.setItem(KEY, value); } catch { /* ignore */ }
  document.documentElement.lang = value;
  for (const listener of listeners) listener(value);
}

export function onLangChange(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Add words (a game's) to both languages: register({en: {...}, fr: {...}}). */
export function register(words) {
  for (const code of LANGS) Object.assign(STRINGS[code], words[code] || {});
}

export function has(key) {
  return key in STRINGS[lang] || key in STRINGS.en;
}

/** The words of key in the current language, {name} replaced by params.name. */
export function t(key, params = {}) {
  const text = STRINGS[lang][key] ?? STRINGS.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (all, name) => (name in params ? String(params[name]) : all));
}

/** Plural: key + '.one' or '.other' (French counts 0 and 1 as singular). */
export function tn(key, n, params = {}) {
  const one = lang === 'fr' ? n <= 1 : n === 1;
  return t(`${key}.${one ? 'one' : 'other'}`, { n, ...params });
}

let names = [];

/** The display names of the table shown now (from its seats), [] for none. */
export function setNames(seats) {
  names = (seats || []).map((x) => (x && x.name) || null);
}

/** "You" for the viewer's own seat, else the player's name, else "Seat n" (from 0). */
export function seatName(seat, viewer) {
  if (seat === null || seat === undefined) return '?';
  if (seat === viewer) return t('seat.you');
  return names[seat] || t('seat.n', { n: seat });
}

/** A list joined with commas and a final "and"/"et". */
export function joinList(items) {
  if (items.length <= 1) return items.join('');
  const and = lang === 'fr' ? ' et ' : ' and ';
  return items.slice(0, -1).join(', ') + and + items[items.length - 1];
}

document.documentElement.lang = lang;
