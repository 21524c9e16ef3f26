// NILE ARTIFACTS: render(view, root, act) draws a view (docs/web-api.md) into root.
// The river is one SVG: the 11 stops (ports, spaces coloured by region, coin marks), the
// boats with their facing, and the cards laid under each space. Around it: the monuments
// with their three levels and each seat's follower, the players (coins, favour, the cards
// in front of them), the offering under way and the result. Only legal moves can be
// clicked, each once: a stop to sail to or a card to take (SVG, role="button"), a card of
// yours to offer (a button in front of you), the type of a wild card, and Buy / Turn
// around / Done (buttons); each carries data-action="<id>".

import { h, s, replace } from '../dom.js';
import { t, tn, seatName, joinList } from '../i18n.js';
import {
  NUM_STOPS, SAIL, TAKE, OFFER, DECLARE, BUY, TURN_AROUND, DONE, PRICE, TYPES, WILD, REGIONS,
  COMPLETED_FAVOUR, UNFINISHED_FAVOUR, typeName, regionName, cardName, stopName, phaseName, monumentName,
  conditionText, meets, actionText,
} from './artifacts-words.js';

export { eventText, actionText, statusHint, rules } from './artifacts-words.js';
export const title = 'NILE ARTIFACTS';

// The board's own styles, next to this module (style.css holds the page's).
const STYLE_HREF = new URL('./artifacts.css', import.meta.url).href;
if (typeof document !== 'undefined' && !document.querySelector(`link[data-style="artifacts"]`)) {
  document.head.append(h('link', { rel: 'stylesheet', href: STYLE_HREF, 'data-style': 'artifacts' }));
}

/** Seat colours (not blue, green or red: those are the regions'). */
export const SEAT_COLOURS = ['#b35f00', '#8e44ad', '#00897b', '#37474f'];
const seatColour = (seat) => SEAT_COLOURS[seat % SEAT_COLOURS.length] || '#777';
const REGION_FILL = { blue: '#2d6cc0', green: '#2f8f46', red: '#c2412f' };
const NARROW = '(max-width: 760px)';

// ---------------------------------------------------------------- pictures

/** An artifact type's picture, drawn in a 24-unit box centred on (0, 0). */
function typeIcon(type) {
  switch (type) {
    case 'scarab':
      return [
        s('ellipse', { cx: 0, cy: 2.5, rx: 6.5, ry: 8 }),
        s('ellipse', { cx: 0, cy: -7.5, rx: 4, ry: 3 }),
        s('path', { class: 'ar-line', d: 'M0 -4.5V10M-6 -1l-4 -3M6 -1l4 -3M-6.5 3h-4.5M6.5 3h4.5M-5.5 7.5l-3.5 3.5M5.5 7.5l3.5 3.5M-2 -10l-2 -2M2 -10l2 -2' }),
      ];
    case 'ankh':
      return [s('path', { class: 'ar-stroke', d: 'M0 0C-7 -4 -5.5 -11.5 0 -11.5C5.5 -11.5 7 -4 0 0ZM-8.5 1.5H8.5M0 0V11.5' })];
    case 'vase':
      return [
        s('path', { d: 'M-3.5 -11H3.5V-7.5C3.5 -6 8.5 -3.5 8.5 2.5C8.5 8 4.5 11 0 11C-4.5 11 -8.5 8 -8.5 2.5C-8.5 -3.5 -3.5 -6 -3.5 -7.5Z' }),
        s('path', { class: 'ar-stroke thin', d: 'M-3.5 -7C-9 -8 -10 -3 -7.5 -1M3.5 -7C9 -8 10 -3 7.5 -1' }),
      ];
    case 'mask':
      return [
        s('path', { d: 'M-10.5 11L-8.5 -5C-7 -12 7 -12 8.5 -5L10.5 11Z' }),
        s('ellipse', { class: 'ar-face', cx: 0, cy: -0.5, rx: 5, ry: 6.5 }),
        s('path', { class: 'ar-line', d: 'M-3.5 -2h2.3M1.2 -2h2.3' }),
        s('rect', { x: -1.5, y: 6, width: 3, height: 5.5 }),
      ];
    default:
      return [s('text', { class: 'ar-wild', x: 0, y: 8, 'text-anchor': 'middle' }, '?')];
  }
}

/** A type's picture as a small inline SVG (for buttons and conditions). */
function typeBadge(type, size = 18) {
  return s('svg', { class: 'ar-icon', width: size, height: size, viewBox: '-12 -12 24 24', 'aria-hidden': 'true' },
    s('g', { class: 'ar-ink' }, typeIcon(type)));
}

function regionSwatch(region) {
  return h('span', { class: 'ar-swatch', style: `--region:${REGION_FILL[region] || '#999'}`, 'aria-hidden': 'true' });
}

/** A card's face in a w × h box at (0, 0): region colour, type picture and letter, ×2. */
function cardFace(card, w, h2, { count = 1 } = {}) {
  const wide = w > h2 * 1.25;
  const fill = REGION_FILL[card.region] || '#999';
  const wild = card.type === WILD;
  const parts = [];
  if (count > 1) parts.push(s('rect', { class: 'ar-card-shadow', x: 3, y: 3, width: w, height: h2, rx: 5 }));
  parts.push(s('rect', { class: 'ar-card-bg', x: 0, y: 0, width: w, height: h2, rx: 5, style: `--region:${fill}` }));
  const scale = Math.min(wide ? h2 * 0.68 : Math.min(w, h2) * 0.56, 30) / 24;
  if (wide) {
    parts.push(s('rect', { class: 'ar-card-band', x: 0, y: 0, width: 8, height: h2, rx: 4, style: `--region:${fill}` }));
    parts.push(s('g', { class: 'ar-ink', transform: `translate(${w * 0.42} ${h2 / 2}) scale(${scale.toFixed(3)})` }, typeIcon(card.type)));
    const y = card.artifacts === 2 ? 15 : h2 / 2 + 5;
    if (!wild) parts.push(s('text', { class: 'ar-letter', x: w - 10, y, 'text-anchor': 'middle' }, t(`ar.letter.${card.type}`)));
  } else {
    parts.push(s('rect', { class: 'ar-card-band', x: 0, y: 0, width: w, height: 8, rx: 4, style: `--region:${fill}` }));
    parts.push(s('g', { class: 'ar-ink', transform: `translate(${w / 2} ${h2 * 0.46 + 2}) scale(${scale.toFixed(3)})` }, typeIcon(card.type)));
    if (!wild) parts.push(s('text', { class: 'ar-letter small', x: 7, y: h2 - 4, 'text-anchor': 'middle' }, t(`ar.letter.${card.type}`)));
  }
  if (card.artifacts === 2) {
    parts.push(s('g', { class: 'ar-double' },
      s('rect', { x: w - 21, y: h2 - 14, width: 19, height: 12, rx: 6 }),
      s('text', { x: w - 11.5, y: h2 - 4.6, 'text-anchor': 'middle' }, '×2')));
  }
  if (count > 1) {
    parts.push(s('g', { class: 'ar-count' },
      s('circle', { cx: 2, cy: 2, r: 7.5 }),
      s('text', { x: 2, y: 5.6, 'text-anchor': 'middle' }, String(count))));
  }
  return parts;
}

/** A card as a small standalone SVG (in front of a player, in an offering). */
function cardSvg(card, { count = 1, w = 38, h: h2 = 50 } = {}) {
  return s('svg', {
    class: 'ar-card-svg', width: w + 12, height: h2 + 12, viewBox: `-6 -6 ${w + 12} ${h2 + 12}`, 'aria-hidden': 'true',
  }, cardFace(card, w, h2, { count }));
}

/** Alike cards (same region, type and artifacts) as one group: the actions name the lowest id. */
function groupCards(cards) {
  const groups = new Map();
  for (const card of [...cards].sort((a, b) => a.id - b.id)) {
    const key = `${card.region}|${card.type}|${card.artifacts}`;
    if (groups.has(key)) groups.get(key).count += 1;
    else groups.set(key, { card, count: 1 });
  }
  return [...groups.values()];
}

// ---------------------------------------------------------------- geometry

/** Where things go: a row of stops (wide screens) or a column (phones). */
function geometry(vertical, depth) {
  if (vertical) {
    const P = 56;
    const PAD = 6;
    const TILE_X = 82;
    const TILE_W = 64;
    const CARD_X = TILE_X + TILE_W + 8;
    const CARD_W = 46;
    const GAP = 4;
    const top = (i) => PAD + i * P;
    return {
      vertical,
      width: CARD_X + 6 * (CARD_W + GAP) - GAP + PAD,
      height: 2 * PAD + NUM_STOPS * P,
      tile: (i) => ({ x: TILE_X, y: top(i) + 4, w: TILE_W, h: P - 8 }),
      boat: (i, seat) => ({ x: PAD + 10 + seat * 17, y: top(i) + P / 2 }),
      card: (i, k) => ({ x: CARD_X + k * (CARD_W + GAP), y: top(i) + 4, w: CARD_W, h: P - 8 }),
      water: { x: TILE_X + 22, y: PAD, width: TILE_W - 44, height: NUM_STOPS * P },
      angle: (facing) => (facing === 'right' ? 90 : -90),
    };
  }
  const P = 74;
  const PAD = 8;
  const TILE_Y = 46;
  const TILE_H = 52;
  const CARD_Y = TILE_Y + TILE_H + 10;
  const CARD_H = 40;
  const GAP = 6;
  const left = (i) => PAD + i * P;
  return {
    vertical,
    width: 2 * PAD + NUM_STOPS * P,
    height: CARD_Y + Math.max(depth, 2) * (CARD_H + GAP),
    tile: (i) => ({ x: left(i) + 4, y: TILE_Y, w: P - 8, h: TILE_H }),
    boat: (i, seat) => ({ x: left(i) + P / 2 + (seat % 2 ? 18 : -18), y: 14 + Math.floor(seat / 2) * 20 }),
    card: (i, k) => ({ x: left(i) + 4, y: CARD_Y + k * (CARD_H + GAP), w: P - 8, h: CARD_H }),
    water: { x: PAD, y: TILE_Y + 18, width: NUM_STOPS * P, height: TILE_H - 36 },
    angle: (facing) => (facing === 'right' ? 0 : 180),
  };
}

// ---------------------------------------------------------------- context

function context(view, act, vertical) {
  const obs = view.observation || {};
  const viewer = view.seat ?? obs.seat ?? null;
  const legal = new Map(act && viewer !== null ? (view.legal_actions || []).map((a) => [a.action, a.text]) : []);
  const river = obs.river && obs.river.length ? obs.river : Array.from({ length: NUM_STOPS }, (_, stop) => ({
    stop, port: stop === 0 || stop === NUM_STOPS - 1, region: stop === 0 || stop === NUM_STOPS - 1 ? null : REGIONS[Math.floor((stop - 1) / 3)], coin: false, cards: [],
  }));
  const players = obs.players || (obs.coins || []).length;
  const active = obs.result ? null : (obs.active_seat ?? null);
  const offering = obs.offering || { cards: [], declared: [], used: [] };
  const label = (id) => actionText(id, view, legal.get(id));
  return { view, obs, viewer, legal, act, river, players, active, offering, vertical, label };
}

/** An element that runs an action: click, Enter or Space. */
function actionAttrs(ctx, id, extra = {}) {
  return {
    role: 'button', tabindex: 0, 'data-action': id, 'aria-label': ctx.label(id),
    onclick: () => ctx.act(id),
    onkeydown: (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); ctx.act(id); } },
    ...extra,
  };
}

// ---------------------------------------------------------------- the river (SVG)

function riverSvg(ctx) {
  const { river, obs, viewer, legal } = ctx;
  const grouped = river.map((stop) => groupCards(stop.cards || []));
  const depth = Math.max(0, ...grouped.map((g) => g.length));
  const geo = geometry(ctx.vertical, depth);
  const boats = obs.boats || [];

  const tiles = river.map((stop) => {
    const i = stop.stop;
    const { x, y, w, h: th } = geo.tile(i);
    const sail = SAIL + i;
    const can = legal.has(sail);
    const name = stopName(i, stop.region);
    const fill = stop.port ? null : REGION_FILL[stop.region];
    const here = boats.filter((b) => b.stop === i).map((b) => seatName(b.seat, viewer));
    const tip = [name, stop.coin ? t('ar.coinHere') : null, here.length ? joinList(here) : null].filter(Boolean).join(' · ');
    const attrs = {
      class: ['ar-stop', stop.port ? 'port' : stop.region, can && 'target'],
      'data-stop': i, 'data-region': stop.port ? 'port' : stop.region, 'data-coin': stop.coin ? 'true' : 'false',
      ...(can ? actionAttrs(ctx, sail) : {}),
    };
    return s('g', attrs,
      s('title', {}, can ? `${ctx.label(sail)} · ${tip}` : tip),
      s('rect', { class: 'ar-tile', x, y, width: w, height: th, rx: 7, style: fill ? `--region:${fill}` : null }),
      stop.port
        ? [s('text', { class: 'ar-tile-n port', x: x + w / 2, y: y + th / 2 - 1, 'text-anchor': 'middle' }, t('ar.port')),
          s('text', { class: 'ar-tile-word port', x: x + w / 2, y: y + th / 2 + 13, 'text-anchor': 'middle' }, t(i === 0 ? 'ar.port.left' : 'ar.port.right'))]
        : [s('text', { class: 'ar-tile-n', x: x + w / 2, y: y + th / 2 + 2, 'text-anchor': 'middle' }, String(i)),
          s('text', { class: 'ar-tile-word', x: x + w / 2, y: y + th - 6, 'text-anchor': 'middle' }, regionName(stop.region))],
      stop.coin
        ? s('g', { class: 'ar-coin', 'data-testid': 'coin-mark' },
          s('circle', { cx: x + w - 9, cy: y + 9, r: 7 }),
          s('text', { x: x + w - 9, y: y + 12.2, 'text-anchor': 'middle' }, '1'))
        : null);
  });

  const cards = [];
  river.forEach((stop, i) => {
    grouped[i].forEach(({ card, count }, k) => {
      const { x, y, w, h: ch } = geo.card(i, k);
      const take = TAKE + card.id;
      const can = legal.has(take);
      const name = cardName(card);
      const tip = count > 1 ? t('ar.alike', { n: count, card: name }) : name;
      cards.push(s('g', {
        class: ['ar-card', can && 'target'], transform: `translate(${x} ${y})`,
        'data-card': card.id, 'data-stop': i, 'data-count': count, 'data-type': card.type, 'data-region': card.region, 'data-artifacts': card.artifacts,
        ...(can ? actionAttrs(ctx, take) : { role: 'img', 'aria-label': tip }),
      }, s('title', {}, can ? `${ctx.label(take)} · ${tip}` : tip), cardFace(card, w, ch, { count })));
    });
  });

  const boatEls = boats.map((boat) => {
    const { x, y } = geo.boat(boat.stop, boat.seat);
    const facing = t(`ar.facing.${boat.facing}`);
    const tip = [t(boat.seat === viewer ? 'ar.boat.mine' : 'ar.boat', { who: seatName(boat.seat, viewer), stop: stopName(boat.stop), facing }), boat.in_port ? t('ar.boat.done') : null].filter(Boolean).join(' · ');
    return s('g', {
      class: ['ar-boat', boat.seat === ctx.active && 'active', boat.in_port && 'moored', boat.seat === viewer && 'mine'],
      'data-boat': boat.seat, 'data-seat': boat.seat, 'data-stop': boat.stop, 'data-facing': boat.facing, 'data-in-port': boat.in_port ? 'true' : 'false',
      style: `--seat:${seatColour(boat.seat)}`, role: 'img', 'aria-label': tip,
    },
    s('title', {}, tip),
    s('g', { transform: `translate(${x} ${y}) rotate(${geo.angle(boat.facing)})` },
      boat.seat === ctx.active ? s('ellipse', { class: 'ar-boat-glow', cx: 2, cy: 0, rx: 20, ry: 10.5 }) : null,
      s('path', { class: 'ar-hull', d: 'M-14 -7H6L14 0L6 7H-14Z' }),
      s('path', { class: 'ar-bow', d: 'M16.5 -5L21.5 0L16.5 5' })),
    s('text', { class: 'ar-boat-n', x, y: y + 3.8, 'text-anchor': 'middle' }, String(boat.seat)));
  });

  return s('svg', {
    class: ['ar-svg', geo.vertical && 'vertical'], viewBox: `0 0 ${geo.width} ${geo.height}`, role: 'group',
    'aria-label': t('ar.riverLabel'), 'data-testid': 'river-svg', 'data-orientation': geo.vertical ? 'vertical' : 'horizontal',
    width: geo.width, height: geo.height, preserveAspectRatio: 'xMidYMin meet',
  },
  s('rect', { class: 'ar-water', rx: 6, ...geo.water }),
  s('g', { class: 'ar-stops' }, tiles),
  s('g', { class: 'ar-cards' }, cards),
  s('g', { class: 'ar-boats' }, boatEls));
}

function legend() {
  const icon = (type) => h('span', { class: 'ar-legend-item' }, typeBadge(type, 16), typeName(type));
  return h('p', { class: 'ar-legend', 'aria-label': t('ar.legend') },
    TYPES.map(icon),
    h('span', { class: 'ar-legend-item' }, h('b', {}, '?'), t('ar.legend.wild')),
    h('span', { class: 'ar-legend-item' }, h('b', { class: 'ar-x2' }, '×2'), t('ar.legend.double')),
    h('span', { class: 'ar-legend-item' }, h('span', { class: 'ar-coin-dot', 'aria-hidden': 'true' }, '1'), t('ar.legend.coin')),
    REGIONS.map((r) => h('span', { class: 'ar-legend-item' }, regionSwatch(r), regionName(r))),
    h('span', { class: 'ar-legend-item' }, h('span', { class: 'ar-target-dot', 'aria-hidden': 'true' }), t('ar.legend.target')));
}

function riverPanel(ctx) {
  const { obs } = ctx;
  const pile = obs.monument_pile ?? 0;
  const discard = (obs.discard || []).length;
  return h('section', { class: 'panel ar-river', 'data-testid': 'river', 'aria-label': t('ar.river') },
    h('div', { class: 'ar-head' },
      h('h2', {}, t('ar.river')),
      h('span', { class: 'ar-meta', 'data-testid': 'round', 'data-round': obs.round ?? 0 },
        t(obs.final_round ? 'ar.meta.last' : 'ar.meta', { round: obs.round ?? 0, phase: phaseName(obs.phase || 'setup') }))),
    h('p', {
      class: 'ar-piles', 'data-testid': 'piles', 'data-deck': obs.deck ?? 0, 'data-discard': discard, 'data-pile': pile, 'data-reserve': obs.reserve ?? 0,
    }, t('ar.piles', { deck: obs.deck ?? 0, discard, pile, reserve: obs.reserve ?? 0 })),
    h('div', { class: 'ar-river-wrap' }, riverSvg(ctx)),
    legend());
}

// ---------------------------------------------------------------- monuments

/** Artifacts per type and cards per region in the offering under way (wilds as named). */
function offeringCounts(offering) {
  const artifacts = TYPES.map(() => 0);
  const regions = REGIONS.map(() => 0);
  (offering.cards || []).forEach((card, i) => {
    const type = card.type === WILD ? (offering.declared || [])[i] : card.type;
    const k = TYPES.indexOf(type);
    if (k >= 0) artifacts[k] += card.artifacts;
    const r = REGIONS.indexOf(card.region);
    if (r >= 0) regions[r] += 1;
  });
  return { artifacts, regions };
}

function conditionEl(cond) {
  const marks = ['type', 'pair'].includes(cond.family)
    ? (cond.types || []).map((type) => typeBadge(type, 16))
    : (cond.regions || []).map(regionSwatch);
  return h('span', { class: 'ar-cond', 'data-family': cond.family }, marks, h('span', { class: 'ar-cond-text' }, conditionText(cond)));
}

function monumentsPanel(ctx) {
  const { obs, viewer, active, offering } = ctx;
  const monuments = obs.monuments || [];
  const offeringNow = obs.phase === 'offerings' && active !== null && active === viewer && (offering.cards || []).length;
  const counts = offeringNow ? offeringCounts(offering) : null;
  const follower = (seat, level) => h('span', {
    class: ['ar-follower', seat === viewer && 'you'], 'data-follower': seat, 'data-seat': seat, 'data-level': level,
    style: `--seat:${seatColour(seat)}`, title: t('ar.follower', { who: seatName(seat, viewer), n: level }),
  }, String(seat));
  const cards = monuments.map((m) => {
    const followers = m.followers || [];
    const mine = viewer !== null ? followers[viewer] ?? 0 : -1;
    const rows = [];
    for (let level = m.levels.length; level >= 1; level -= 1) {
      const rise = counts && mine === level - 1 && meets(m.levels[level - 1], counts.artifacts, counts.regions);
      rows.push(h('li', { class: ['ar-level', rise && 'rise', mine >= level && 'reached'], 'data-level': level },
        h('span', { class: 'ar-level-n', title: t('ar.level', { n: level }) }, String(level)),
        conditionEl(m.levels[level - 1]),
        h('span', { class: 'ar-reward', title: t('ar.reward', { n: COMPLETED_FAVOUR[level], m: UNFINISHED_FAVOUR[level] }) }, `+${COMPLETED_FAVOUR[level]}`),
        h('span', { class: 'ar-followers' }, followers.map((l, seat) => (l === level ? follower(seat, level) : null))),
        rise ? h('span', { class: 'ar-rise', title: t('ar.rise') }, '▲') : null));
    }
    const base = followers.map((l, seat) => (l === 0 ? follower(seat, 0) : null)).filter(Boolean);
    return h('article', { class: 'ar-monument', 'data-monument': m.id, 'aria-label': monumentName(m.id, m.name) },
      h('h3', {}, monumentName(m.id, m.name)),
      h('ol', { class: 'ar-levels' }, rows),
      h('div', { class: 'ar-base', 'data-level': 0 }, h('span', { class: 'muted' }, t('ar.level.base')), base));
  });
  return h('section', { class: 'panel ar-monuments-panel', 'data-testid': 'monuments', 'aria-label': t('ar.monuments') },
    h('div', { class: 'ar-head' },
      h('h2', {}, t('ar.monuments')),
      h('span', { class: 'ar-meta', 'data-testid': 'monument-pile', 'data-pile': obs.monument_pile ?? 0 }, tn('ar.monuments.pile', obs.monument_pile ?? 0))),
    monuments.length ? h('div', { class: 'ar-monuments' }, cards) : h('p', { class: 'muted' }, t('ar.monuments.none')));
}

// ---------------------------------------------------------------- your move

function controls(ctx) {
  const { legal, viewer, obs, active } = ctx;
  if (viewer === null || active !== viewer || !legal.size) return null;
  const ids = [...legal.keys()];
  const sailing = ids.some((a) => a < TAKE);
  const offeringStep = legal.has(DONE);
  const buttons = [];
  const coins = (obs.coins || [])[viewer] ?? 0;
  const button = (id, key, control, primary, why) => (legal.has(id)
    ? h('button', { type: 'button', class: ['control', primary && 'primary'], 'data-action': id, 'data-control': control, title: ctx.label(id), onclick: () => ctx.act(id) }, t(key, { price: PRICE }))
    : h('button', { type: 'button', class: 'control', 'data-control': control, disabled: true, title: why }, t(key, { price: PRICE })));
  if (sailing || offeringStep) {
    const empty = !(obs.deck || (obs.discard || []).length);
    buttons.push(button(BUY, 'ar.controls.buy', 'buy', false, t(empty ? 'ar.controls.buy.empty' : 'ar.controls.buy.poor', { price: PRICE })));
  }
  if (sailing) {
    const boat = (obs.boats || [])[viewer] || {};
    const inPort = boat.stop === 0 || boat.stop === NUM_STOPS - 1;
    let why = t('ar.controls.turn.poor', { price: PRICE });
    if (inPort) why = t('ar.controls.turn.port');
    else if (obs.turned_around) why = t('ar.controls.turn.done');
    else if (coins >= PRICE) why = '';
    buttons.push(button(TURN_AROUND, 'ar.controls.turn', 'turn', false, why));
  }
  if (offeringStep) buttons.push(button(DONE, 'ar.controls.done', 'done', true, ''));
  return buttons.length ? h('div', { class: 'controls ar-controls', 'data-testid': 'controls' }, buttons) : null;
}

function declareRow(ctx) {
  const ids = TYPES.map((_, k) => DECLARE + k).filter((id) => ctx.legal.has(id));
  if (!ids.length) return null;
  return h('div', { class: 'ar-declare', 'data-testid': 'declare' },
    h('p', { class: 'ar-declare-q' }, t('ar.declare')),
    h('div', { class: 'ar-declare-row' }, ids.map((id) => {
      const type = TYPES[id - DECLARE];
      return h('button', {
        type: 'button', class: 'control ar-type-button', 'data-action': id, 'data-type': type, title: ctx.label(id), onclick: () => ctx.act(id),
      }, typeBadge(type, 22), typeName(type));
    })));
}

function offeringBlock(ctx) {
  const { obs, viewer, offering, active } = ctx;
  if (obs.phase !== 'offerings' && !(offering.cards || []).length && !(offering.used || []).length) return null;
  const cards = (offering.cards || []).map((card, i) => {
    const named = (offering.declared || [])[i];
    return h('span', { class: 'ar-offered', 'data-card': card.id, 'data-type': card.type, 'data-declared': named || '' },
      cardSvg(card),
      h('span', { class: 'ar-offered-name' }, cardName(card)),
      card.type === WILD ? h('span', { class: 'ar-as' }, named ? t('ar.offering.as', { type: typeName(named) }) : t('ar.offering.unnamed')) : null);
  });
  const used = offering.used || [];
  return h('div', { class: 'ar-offering', 'data-testid': 'offering', 'data-cards': (offering.cards || []).length, 'data-used': used.length },
    active !== null ? h('h3', {}, active === viewer ? t('ar.offering.mine') : t('ar.offering', { who: seatName(active, viewer) })) : null,
    cards.length ? h('div', { class: 'ar-offered-row' }, cards) : h('p', { class: 'muted' }, t('ar.offering.empty')),
    used.length
      ? h('div', { class: 'ar-used', 'data-testid': 'set-aside' },
        h('span', { class: 'muted' }, tn('ar.offering.used', used.length)),
        groupCards(used).map(({ card, count }) => h('span', { class: 'ar-mini', title: cardName(card) }, cardSvg(card, { count, w: 28, h: 36 }))))
      : null);
}

function movePanel(ctx) {
  const { viewer, legal, obs } = ctx;
  if (obs.result) return null;
  const mine = viewer !== null && legal.size > 0;
  const heading = t(mine ? 'ar.move' : 'ar.move.other');
  const content = [controls(ctx), declareRow(ctx), offeringBlock(ctx)].filter(Boolean);
  if (!content.length && !mine) return null;
  return h('section', { class: ['panel', 'ar-move', mine && 'mine'], 'data-testid': 'move', 'aria-label': heading },
    h('h2', {}, heading), content);
}

// ---------------------------------------------------------------- players

function tableau(ctx, seat) {
  const { obs, legal, offering, active } = ctx;
  let cards = (obs.tableaux || [])[seat] || [];
  if (seat === active && (offering.cards || []).length) {
    const offered = new Set(offering.cards.map((c) => c.id));
    cards = cards.filter((c) => !offered.has(c.id)); // shown in the offering instead
  }
  const groups = groupCards(cards);
  const items = groups.map(({ card, count }) => {
    const id = OFFER + card.id;
    const name = count > 1 ? t('ar.alike', { n: count, card: cardName(card) }) : cardName(card);
    const common = {
      'data-card': card.id, 'data-count': count, 'data-type': card.type, 'data-region': card.region, 'data-artifacts': card.artifacts,
    };
    if (legal.has(id)) {
      return h('button', {
        type: 'button', class: ['ar-hand-card', 'clickable'], 'data-action': id, ...common,
        title: `${ctx.label(id)} (${name})`, 'aria-label': `${ctx.label(id)} (${name})`, onclick: () => ctx.act(id),
      }, cardSvg(card, { count }));
    }
    return h('span', { class: 'ar-hand-card', ...common, role: 'img', 'aria-label': name, title: name }, cardSvg(card, { count }));
  });
  return h('div', { class: 'ar-tableau', 'data-testid': 'tableau', 'data-size': cards.length },
    items.length ? items : h('span', { class: 'muted' }, t('ar.tableau.none')));
}

function seatsPanel(ctx) {
  const { obs, view, viewer, players, active } = ctx;
  const tableSeats = (view.table && view.table.seats) || [];
  const list = [];
  for (let seat = 0; seat < players; seat += 1) {
    const info = tableSeats.find((x) => x.seat === seat) || null;
    const kind = info ? (info.kind === 'bot' ? t('seat.bot', { level: t(`bot.${info.bot}`) }) : t('seat.human')) : null;
    const coins = (obs.coins || [])[seat] ?? 0;
    const favour = (obs.favour || [])[seat] ?? 0;
    const boat = (obs.boats || [])[seat];
    const offered = seat === active ? (ctx.offering.cards || []).length : 0; // shown in the offering
    const size = ((obs.tableaux || [])[seat] || []).length - offered;
    list.push(h('div', {
      class: ['seat', 'ar-seat', seat === active && 'active', seat === viewer && 'you'], 'data-seat': seat,
      'data-active': seat === active ? 'true' : 'false', style: `--seat:${seatColour(seat)}`,
    },
    h('div', { class: 'seat-head' },
      h('span', { class: 'ar-seat-colour', 'aria-hidden': 'true' }),
      h('strong', {}, seatName(seat, viewer)),
      kind ? h('span', { class: 'seat-kind' }, kind) : null,
      info && info.kind === 'human'
        ? h('span', { class: ['dot', info.connected ? 'on' : 'off'], title: t(info.connected ? 'seat.online' : 'seat.offline'), 'aria-label': t(info.connected ? 'seat.online' : 'seat.offline') })
        : null,
      obs.first_player === seat && !obs.result ? h('span', { class: 'ar-first', title: t('ar.first') }, '1') : null,
      seat === active ? h('span', { class: 'to-move' }, `▶ ${t('ar.toMove')}`) : null),
    h('div', { class: 'ar-stats' },
      h('span', { class: 'ar-stat coins', 'data-testid': 'coins', 'data-coins': coins, title: t('ar.coins.label') },
        h('span', { class: 'ar-coin-dot', 'aria-hidden': 'true' }, '1'), tn('ar.coins', coins)),
      h('span', { class: 'ar-stat favour', 'data-testid': 'favour', 'data-favour': favour, title: t('ar.favour.label') },
        h('span', { class: 'ar-favour-mark', 'aria-hidden': 'true' }, '☥'), t('ar.favour', { n: favour })),
      boat ? h('span', { class: 'ar-stat boat', 'data-testid': 'boat-info' },
        t(boat.in_port ? 'ar.boatAt.done' : 'ar.boatAt', { stop: stopName(boat.stop), facing: t(`ar.facing.${boat.facing}`) })) : null),
    h('div', { class: 'ar-tableau-head' }, h('span', { class: 'seat-label' }, `${t('ar.tableau')} (${tn('ar.tableau.count', size)})`)),
    tableau(ctx, seat)));
  }
  return h('section', { class: 'panel ar-seats', 'data-testid': 'seats', 'aria-label': t('ar.seats') },
    h('h2', {}, t('ar.seats')), list);
}

// ---------------------------------------------------------------- the result

function resultPanel(ctx) {
  const { obs, viewer } = ctx;
  const res = obs.result;
  if (!res) return null;
  const winners = res.winners || [];
  const over = (obs.log || []).slice().reverse().find((ev) => ev.event === 'game_over');
  const cols = (res.favour || []).map((favour, seat) => {
    const kept = (res.cards_kept || [])[seat] ?? 0;
    return h('div', {
      class: ['result-seat', 'ar-result-seat', winners.includes(seat) && 'winner', seat === viewer && 'you'],
      'data-seat': seat, 'data-winner': winners.includes(seat) ? 'true' : 'false', style: `--seat:${seatColour(seat)}`,
    },
    h('div', { class: 'result-name' }, h('span', { class: 'ar-seat-colour', 'aria-hidden': 'true' }), ' ', seatName(seat, viewer),
      winners.includes(seat) ? h('span', { class: 'crown' }, ` ★ ${t('result.winner')}`) : null),
    h('div', { class: 'ar-final', 'data-testid': 'final-favour', 'data-favour': favour }, t('ar.result.favour', { n: favour })),
    h('div', { class: 'ar-kept', 'data-testid': 'cards-kept', 'data-kept': kept }, tn('ar.result.kept', kept)),
    null);
  });
  const names = winners.map((w) => seatName(w, viewer));
  return h('section', { class: 'panel result', 'data-testid': 'result' },
    h('h2', {}, t('result.title')),
    h('p', { class: 'winners' }, winners.includes(viewer) && winners.length === 1
      ? t('status.youWin')
      : t(winners.length > 1 ? 'status.overWinners' : 'status.overWinner', { who: joinList(names) })),
    over && over.reason ? h('p', { class: 'muted', 'data-testid': 'reason' }, t(`ar.result.reason.${over.reason}`)) : null,
    h('div', { class: 'result-cols' }, cols));
}

// ---------------------------------------------------------------- render

// The last view drawn in each board element: a phone turned sideways redraws the river.
const MOUNTED = new Map();
let media = null;

function narrow() {
  return typeof window !== 'undefined' && !!window.matchMedia && window.matchMedia(NARROW).matches;
}

function watchWidth() {
  if (media || typeof window === 'undefined' || !window.matchMedia) return;
  media = window.matchMedia(NARROW);
  media.addEventListener('change', () => {
    for (const [root, [view, act]] of MOUNTED) {
      if (!root.isConnected) MOUNTED.delete(root);
      else draw(root, view, act);
    }
  });
}

function draw(root, view, act) {
  const ctx = context(view, act, narrow());
  replace(root,
    h('div', { class: 'artifacts', 'data-testid': 'artifacts' },
      resultPanel(ctx),
      h('div', { class: 'ar-grid' },
        h('div', { class: 'ar-main' }, riverPanel(ctx), monumentsPanel(ctx)),
        h('div', { class: 'ar-side' }, movePanel(ctx), seatsPanel(ctx)))));
}

export function render(view, root, act) {
  watchWidth();
  for (const old of MOUNTED.keys()) if (!old.isConnected) MOUNTED.delete(old);
  MOUNTED.set(root, [view, act]);
  draw(root, view, act);
}
