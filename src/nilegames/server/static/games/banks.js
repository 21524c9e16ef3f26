// AN DEN UFERN DES NILS: render(view, root, act) draws a view (docs/web-api.md) into root.
// The banks are one SVG: the Nile across the middle, the north bank above and the south
// bank below, each with its four rows of fields running from the river out to the desert
// (palms on each field's left edge, water cards with their waves at both ends, desert
// cards, plants in their seat's colour: a round seed or a square ripe plant). Beside it,
// SVGs of the market (four rows, the 1-palm row rightmost), the boat, the score track
// with the obelisk, the flood circle and the desert pile, and each seat's stacks, jokers
// and supply. Only legal moves can be clicked, each once (role="button" or a <button>,
// with data-action="<id>"); sowing and harvesting take two clicks: a field or a ripe
// plant first (data-select), then a plant of your supply or a market row.

import { h, s, replace } from '../dom.js';
import { t, tn, seatName, joinList } from '../i18n.js';
import {
  A, CROPS, MARKET_SIZES, TRACK_SPACES, defaultLayout, rememberLayout, fieldInfo,
  cropName, cropInitial, faceName, rowName, fieldName, marketName, circleName, phaseName,
  palmsText, stepOf, actionText,
} from './banks-words.js';

export { eventText, actionText, statusHint, rules } from './banks-words.js';
export const title = 'An den Ufern des Nils';

/** Seat colours (not the river's blue, the fields' green or the desert's sand). */
export const SEAT_COLOURS = ['#e07b00', '#8e44ad', '#c62828', '#37474f', '#00897b'];
const seatColour = (seat) => SEAT_COLOURS[seat % SEAT_COLOURS.length] || '#777';
const CROP_COLOURS = { flax: '#4f86d6', wheat: '#e0b030', grapes: '#6e9f2c', onion: '#d98a5f', aubergine: '#5e2a84' };

// ---------------------------------------------------------------- geometry (SVG units)

const FW = 78; // a field's width
const FH = 58; // and height
const GAP = 8; // between the rows of a bank
const SIDE = 12;
const TOPM = 24; // the desert above the north bank
const BANK = 5 * FH;
const RIVER = 54;
const NORTH_EDGE = TOPM + BANK; // where the north bank meets the Nile
const SOUTH_EDGE = NORTH_EDGE + RIVER;
const BOARD_W = 2 * SIDE + 4 * FW + 3 * GAP;
const BOARD_H = SOUTH_EDGE + BANK + TOPM;
const PALM_STRIP = 15;

/** The words for a field picked to sow: in the opening, a ripe plant or a seed is laid. */
function sowKey(obs) {
  if (obs.opening === 'ripe') return 'bk.selected.openRipe';
  if (obs.opening === 'seed') return 'bk.selected.openSeed';
  return 'bk.selected.sow';
}

function fieldBox(field) {
  const info = fieldInfo(field);
  const x = SIDE + (info.row % 4) * (FW + GAP);
  const north = info.bank === 'north';
  const y = north ? NORTH_EDGE - (info.position + 1) * FH : SOUTH_EDGE + info.position * FH;
  return { x, y, w: FW, h: FH, north };
}

/** Where cards and plants lie on a field: right of its palms. */
function areaOf(box) {
  return { x: box.x + PALM_STRIP + 1, y: box.y + 3, w: box.w - PALM_STRIP - 4, h: box.h - 6, north: box.north };
}

// ---------------------------------------------------------------- per-root state

const STATE = new WeakMap();

function stateOf(root, key) {
  let st = STATE.get(root);
  if (!st || st.key !== key) {
    st = { key, sel: null };
    STATE.set(root, st);
  }
  return st;
}

// ---------------------------------------------------------------- legal moves, sorted

function push(map, key, value) {
  if (!map.has(key)) map.set(key, []);
  map.get(key).push(value);
}

/** The water of a row: how many fields from the Nile are under water. */
function waterCount(obs, rowInfo) {
  let n = 0;
  for (const f of rowInfo.fields) {
    if (((obs.fields || [])[f.field] || {}).ground !== 'water') break;
    n += 1;
  }
  return n;
}

function sortLegal(obs, layout, legalIds) {
  const m = {
    desert: new Map(), boat: new Map(), water: new Map(), sow: new Map(), grow: new Map(),
    harvest: new Map(), buySeed: new Map(), heal: new Map(), ebb: new Map(), rotRow: new Map(),
    rotPlant: new Map(), bids: [], buyJoker: null, useJoker: null, end: null,
  };
  const rows = new Map(layout.rows.map((r) => [r.row, r]));
  for (const id of legalIds) {
    if (id >= A.DESERT_ROW) {
      // a flooded desert card's desert: the field of the row it would cover
      const fields = rows.get(id - A.DESERT_ROW).fields;
      const free = fields.slice().reverse().find((f) => ((obs.fields || [])[f.field] || {}).ground !== 'desert');
      if (free) m.desert.set(free.field, id);
    } else if (id >= A.BID) m.bids.push(id);
    else if (id >= A.ROT_PLANT) m.rotPlant.set(id - A.ROT_PLANT, id);
    else if (id >= A.ROT_ROW) m.rotRow.set(id - A.ROT_ROW, id);
    else if (id >= A.REMOVE_WATER) {
      const row = rows.get(id - A.REMOVE_WATER);
      const n = waterCount(obs, row);
      if (n > 0) m.ebb.set(row.fields[n - 1].field, id);
    } else if (id === A.END_ACTIONS) m.end = id;
    else if (id >= A.HEAL) m.heal.set(`${Math.floor((id - A.HEAL) / A.MAX_ROW_SPACES)}:${(id - A.HEAL) % A.MAX_ROW_SPACES}`, id);
    else if (id === A.USE_JOKER) m.useJoker = id;
    else if (id === A.BUY_JOKER) m.buyJoker = id;
    else if (id >= A.BUY_SEED) m.buySeed.set(`${Math.floor((id - A.BUY_SEED) / A.NUM_CROPS)}:${CROPS[(id - A.BUY_SEED) % A.NUM_CROPS]}`, id);
    else if (id >= A.HARVEST) {
      const field = Math.floor((id - A.HARVEST) / A.NUM_MARKET_ROWS);
      if (!m.harvest.has(field)) m.harvest.set(field, new Map());
      m.harvest.get(field).set((id - A.HARVEST) % A.NUM_MARKET_ROWS, id);
    } else if (id >= A.GROW) m.grow.set(id - A.GROW, id);
    else if (id >= A.PLANT) {
      const field = Math.floor((id - A.PLANT) / A.NUM_CROPS);
      if (!m.sow.has(field)) m.sow.set(field, new Map());
      m.sow.get(field).set(CROPS[(id - A.PLANT) % A.NUM_CROPS], id);
    } else if (id >= A.PLACE_WATER) {
      const stack = Math.floor((id - A.PLACE_WATER) / A.NUM_ROWS);
      const row = rows.get((id - A.PLACE_WATER) % A.NUM_ROWS);
      const n = waterCount(obs, row);
      if (n < row.fields.length) push(m.water, row.fields[n].field, { id, stack });
    } else if (id >= A.BOAT) m.boat.set(CROPS[id - A.BOAT], id);
    else m.desert.set(id - A.SETUP_DESERT, id);
  }
  return m;
}

/** Everything the drawing needs, worked out once per render. */
function context(view, act, st) {
  const obs = view.observation || {};
  const layout = obs.layout || defaultLayout();
  rememberLayout(layout);
  const viewer = view.seat ?? obs.seat ?? null;
  const legalList = act && viewer !== null ? (view.legal_actions || []) : [];
  const legal = new Map(legalList.map((a) => [a.action, a.text]));
  const moves = sortLegal(obs, layout, [...legal.keys()]);
  const sel = st.sel;
  if (sel && !((sel.kind === 'sow' && moves.sow.has(sel.field)) || (sel.kind === 'harvest' && moves.harvest.has(sel.field)))) {
    st.sel = null;
  }
  return { view, obs, layout, viewer, legal, moves, st, act, step: legal.size ? stepOf(view) : null };
}

// ---------------------------------------------------------------- pictures

const f2 = (v) => +v.toFixed(2);

/** A wavy line across [x0, x1] at height y. */
function wavePath(x0, x1, y, amp = 2.6) {
  const q = (x1 - x0) / 8;
  let d = `M${f2(x0)} ${f2(y)}q${f2(q)} ${-amp} ${f2(2 * q)} 0`;
  for (let i = 0; i < 3; i += 1) d += `t${f2(2 * q)} 0`;
  return d;
}

/** The waves at one end of a water card: none (a bank of sand), one or two lines. */
function endWaves(area, wave, atBottom) {
  const edge = atBottom ? area.y + area.h : area.y;
  const dir = atBottom ? -1 : 1;
  if (wave === 'none') {
    return s('rect', { class: 'bk-dry-end', x: area.x, y: atBottom ? edge - 6 : edge, width: area.w, height: 6 });
  }
  const lines = wave === 'double' ? [6, 12] : [7];
  return lines.map((d) => s('path', { class: 'bk-wave', d: wavePath(area.x + 3, area.x + area.w - 3, edge + dir * d) }));
}

/** A water card on an area; its inner end (towards the Nile) below on the north bank. */
function waterCard(area, face, cls = 'bk-water') {
  return s('g', { class: cls },
    s('rect', { class: 'bk-water-card', x: area.x, y: area.y, width: area.w, height: area.h, rx: 4 }),
    face ? [endWaves(area, face.inner, area.north), endWaves(area, face.outer, !area.north)] : null);
}

function desertCard(area) {
  const { x, y, w, h: ht } = area;
  return s('g', { class: 'bk-desert' },
    s('rect', { class: 'bk-desert-card', x, y, width: w, height: ht, rx: 4 }),
    s('path', { class: 'bk-dune', d: `M${x + 4} ${y + ht * 0.62}q${w * 0.22} ${-ht * 0.3} ${w * 0.45} 0q${w * 0.2} ${-ht * 0.22} ${w * 0.47} ${ht * 0.05}M${x + 8} ${y + ht * 0.85}q${w * 0.3} ${-ht * 0.2} ${w * 0.6} 0` }));
}

/** A palm tree whose foot is at (x, y), about 12 units high. */
function palm(x, y) {
  return s('g', { class: 'bk-palm' },
    s('path', { class: 'bk-trunk', d: `M${x} ${y}q1.2 -5 0 -9` }),
    s('path', { class: 'bk-fronds', d: `M${x} ${y - 9}q-3.5 -1.5 -5.5 1.8M${x} ${y - 9}q3.5 -1.5 5.5 1.8M${x} ${y - 9}q-2.5 -3.5 -5.5 -3M${x} ${y - 9}q2.5 -3.5 5.5 -3` }));
}

function palmColumn(x, y, n) {
  const out = [];
  for (let i = 0; i < n; i += 1) out.push(palm(x, y + 13 + i * 13));
  return out;
}

/** A plant token centred on (cx, cy): a square ripe plant, a round seed; in the market
 * a spoiled plant shows its seed side and a rotten one lies turned 45°. */
function plantToken(cx, cy, plant, size = 24) {
  const colour = seatColour(plant.seat);
  const state = plant.condition || (plant.ripe === false ? 'seed' : 'ripe');
  const round = state === 'seed' || state === 'spoiled';
  const half = size / 2;
  const body = round
    ? s('circle', { class: 'bk-token-body', cx, cy, r: state === 'seed' ? half * 0.78 : half * 0.9 })
    : s('rect', {
      class: 'bk-token-body', x: cx - half, y: cy - half, width: size, height: size, rx: size * 0.2,
      transform: state === 'rotten' ? `rotate(45 ${cx} ${cy})` : null,
    });
  const fontSize = round && state === 'seed' ? size * 0.5 : size * 0.56;
  return s('g', {
    class: ['bk-token', state], style: `--seat:${colour};--crop:${CROP_COLOURS[plant.crop] || '#999'}`,
    'data-seat': plant.seat, 'data-crop': plant.crop,
  },
  body,
  state === 'ripe' ? s('circle', { class: 'bk-crop-dot', cx: cx + half * 0.62, cy: cy - half * 0.62, r: size * 0.15 }) : null,
  s('text', { class: 'bk-token-letter', x: cx, y: cy + fontSize * 0.36, 'text-anchor': 'middle', 'font-size': f2(fontSize) }, cropInitial(plant.crop)),
  state === 'rotten' ? s('path', { class: 'bk-rot-x', d: `M${cx - half * 0.7} ${cy - half * 0.7}L${cx + half * 0.7} ${cy + half * 0.7}` }) : null);
}

function plantWords(ctx, plant) {
  const state = plant.condition ? t(`bk.condition.${plant.condition}`) : t(plant.ripe ? 'bk.ripe' : 'bk.seed');
  return t('bk.plantOn', { who: seatName(plant.seat, ctx.viewer), crop: cropName(plant.crop), state });
}

/** Make an SVG element a button: keyboard, label, data-action (or data-select). */
function clickable(ctx, el, { id = null, select = null, label, onclick }) {
  el.setAttribute('role', 'button');
  el.setAttribute('tabindex', '0');
  el.setAttribute('aria-label', label);
  el.classList.add('bk-target');
  if (id !== null) el.setAttribute('data-action', String(id));
  if (select) {
    el.setAttribute('data-select', select);
    el.setAttribute('data-control', `select-${select}`);
    el.setAttribute('aria-pressed', ctx.st.sel && `${ctx.st.sel.kind}:${ctx.st.sel.field}` === select ? 'true' : 'false');
  }
  const run = onclick || (() => ctx.act(id));
  el.addEventListener('click', run);
  el.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      run();
    }
  });
  el.prepend(s('title', {}, label));
  return el;
}

const actionLabel = (ctx, id) => actionText(id, ctx.view, ctx.legal.get(id));

function select(ctx, kind, field) {
  const same = ctx.st.sel && ctx.st.sel.kind === kind && ctx.st.sel.field === field;
  ctx.st.sel = same ? null : { kind, field };
  redraw(ctx);
  const again = ctx.root && ctx.root.querySelector(`[data-select="${kind}:${field}"]`);
  if (again) again.focus({ preventScroll: true });
}

// ---------------------------------------------------------------- the banks (SVG)

function fieldEl(ctx, field, palms, covered) {
  const { obs, moves, st } = ctx;
  const info = (obs.fields || [])[field] || { ground: 'empty', water: null, plants: [] };
  const box = fieldBox(field);
  const area = areaOf(box);
  const name = fieldName(field);
  const parts = [
    s('rect', { class: 'bk-soil', x: box.x, y: box.y, width: box.w, height: box.h }),
    palmColumn(box.x + PALM_STRIP / 2 + 0.5, box.y, palms),
  ];
  let words = t('bk.fieldEmpty', { field: name });
  if (info.ground === 'water') {
    words = t('bk.fieldWater', { field: name, face: faceName(info.water) });
    const card = waterCard(area, info.water);
    const ebb = moves.ebb.get(field);
    if (ebb !== undefined) clickable(ctx, card, { id: ebb, label: actionLabel(ctx, ebb) });
    parts.push(card);
  } else if (info.ground === 'desert') {
    words = t('bk.fieldDesert', { field: name });
    parts.push(desertCard(area));
  }
  const cy = area.y + area.h / 2 + 2;
  info.plants.forEach((plant, slot) => {
    const cx = area.x + area.w * (slot === 0 ? 0.28 : 0.72);
    const token = s('g', { 'data-plant': `${field}:${slot}`, 'data-ripe': plant.ripe ? 'true' : 'false' },
      plantToken(cx, cy, plant, 26));
    const grow = plant.seat === ctx.viewer ? moves.grow.get(field) : undefined;
    const harvest = plant.seat === ctx.viewer ? moves.harvest.get(field) : undefined;
    if (grow !== undefined) clickable(ctx, token, { id: grow, label: actionLabel(ctx, grow) });
    else if (harvest) {
      clickable(ctx, token, {
        select: `harvest:${field}`, label: t('bk.selected.harvest', { crop: cropName(plant.crop), field: name }),
        onclick: () => select(ctx, 'harvest', field),
      });
      if (st.sel && st.sel.kind === 'harvest' && st.sel.field === field) token.classList.add('selected');
    } else token.append(s('title', {}, plantWords(ctx, plant)));
    parts.push(token);
  });
  const acted = ((obs.turn || {}).acted || []).includes(field);
  if (acted) parts.push(s('circle', { class: 'bk-acted', cx: box.x + box.w - 7, cy: box.y + 7, r: 3.5 }));
  const g = s('g', {
    class: ['bk-field', `ground-${info.ground}`, covered && 'covered'], 'data-field': field, 'data-ground': info.ground,
    'data-plants': info.plants.length,
  }, parts);
  const desert = moves.desert.get(field);
  const sow = moves.sow.get(field);
  if (desert !== undefined) clickable(ctx, g, { id: desert, label: actionLabel(ctx, desert) });
  else if (sow) {
    clickable(ctx, g, {
      select: `sow:${field}`, label: t(sowKey(ctx.obs), { field: name }),
      onclick: () => select(ctx, 'sow', field),
    });
    if (st.sel && st.sel.kind === 'sow' && st.sel.field === field) g.classList.add('selected');
  } else g.prepend(s('title', {}, [words, ...info.plants.map((p) => plantWords(ctx, p))].join(' · ')));
  return g;
}

/** The cards a flood may lay on a field: one ghost card per stack whose top fits. */
function waterGhosts(ctx, field) {
  const options = ctx.moves.water.get(field);
  if (!options) return null;
  const area = areaOf(fieldBox(field));
  const seat = ctx.obs.active_seat;
  return options.map((opt, i) => {
    const half = options.length > 1 ? { ...area, x: area.x + (i * area.w) / 2, w: area.w / 2 - 1 } : area;
    const top = (((ctx.obs.stacks || [])[seat] || [])[opt.stack] || {}).top;
    const ghost = waterCard(half, top, 'bk-water ghost');
    ghost.setAttribute('data-stack', opt.stack);
    ghost.append(s('text', { class: 'bk-ghost-n', x: half.x + half.w / 2, y: half.y + half.h / 2 + 5, 'text-anchor': 'middle' }, String(opt.stack + 1)));
    return clickable(ctx, ghost, { id: opt.id, label: actionLabel(ctx, opt.id) });
  });
}

function banksSvg(ctx) {
  const { layout, obs } = ctx;
  const covered = new Set(obs.covered_rows || []);
  const rows = [];
  const ghosts = [];
  for (const row of layout.rows) {
    const isCovered = covered.has(row.row);
    const fields = row.fields.map((f) => fieldEl(ctx, f.field, f.palms, isCovered));
    let cover = null;
    if (isCovered) {
      const first = fieldBox(row.fields[0].field);
      const last = fieldBox(row.fields[row.fields.length - 1].field);
      const y = Math.min(first.y, last.y);
      const height = row.fields.length * FH;
      cover = s('g', { class: 'bk-cover', 'data-covered-row': row.row },
        s('title', {}, t('bk.coveredRow', { row: rowName(row.row) })),
        s('rect', { x: first.x - 2, y: y - 2, width: FW + 4, height: height + 4, rx: 3 }),
        s('text', { x: first.x + FW / 2, y: y + height / 2 + 4, 'text-anchor': 'middle' }, t('bk.covered')));
    }
    rows.push(s('g', { class: 'bk-row', 'data-row': row.row, 'data-bank': row.bank }, fields, cover));
    for (const f of row.fields) ghosts.push(waterGhosts(ctx, f.field));
  }
  const river = [
    s('rect', { class: 'bk-river', x: 0, y: NORTH_EDGE, width: BOARD_W, height: RIVER }),
    s('path', { class: 'bk-river-wave', d: wavePath(8, BOARD_W / 2 - 40, NORTH_EDGE + 15, 3) }),
    s('path', { class: 'bk-river-wave', d: wavePath(BOARD_W / 2 + 40, BOARD_W - 8, NORTH_EDGE + 15, 3) }),
    s('path', { class: 'bk-river-wave', d: wavePath(20, BOARD_W - 20, NORTH_EDGE + RIVER - 13, 3) }),
    s('text', { class: 'bk-river-name', x: BOARD_W / 2, y: NORTH_EDGE + 21, 'text-anchor': 'middle' }, t('bk.nile')),
  ];
  const labels = [
    s('text', { class: 'bk-bank-name', x: SIDE, y: 16 }, t('bk.bank.north')),
    s('text', { class: 'bk-bank-name', x: SIDE, y: BOARD_H - 8 }, t('bk.bank.south')),
    s('text', { class: 'bk-desert-name', x: BOARD_W - SIDE, y: 16, 'text-anchor': 'end' }, t('bk.desert')),
    s('text', { class: 'bk-desert-name', x: BOARD_W - SIDE, y: BOARD_H - 8, 'text-anchor': 'end' }, t('bk.desert')),
  ];
  return s('svg', {
    class: 'bk-svg bk-banks', viewBox: `0 0 ${BOARD_W} ${BOARD_H}`, role: 'group', 'aria-label': t('bk.boardLabel'),
    'data-testid': 'banks-svg', preserveAspectRatio: 'xMidYMid meet',
  },
  s('rect', { class: 'bk-sand', x: 0, y: 0, width: BOARD_W, height: BOARD_H }),
  labels, river, rows, s('g', { class: 'bk-ghosts' }, ghosts));
}

// ---------------------------------------------------------------- the market (SVG)

const MCW = 58; // a market row's width
const MS = 44; // a space
const MHEAD = 36;
const MSIDE = 6;
const MARKET_W = 2 * MSIDE + 4 * MCW;
const MARKET_H = MHEAD + 5 * MS + 6;

function marketSvg(ctx) {
  const { obs, moves, st } = ctx;
  const market = obs.market || [[], [], [], []];
  const sizes = (ctx.layout.market_sizes || MARKET_SIZES);
  const rotRow = obs.rot && obs.rot.row !== null && obs.rot.row !== undefined ? obs.rot.row : null;
  const harvestSel = st.sel && st.sel.kind === 'harvest' ? st.sel.field : null;
  const harvesting = harvestSel !== null ? moves.harvest.get(harvestSel) : null;
  const plantAt = harvestSel !== null
    ? ((obs.fields || [])[harvestSel] || { plants: [] }).plants.find((p) => p.seat === ctx.viewer) : null;
  const columns = [];
  for (let m = 0; m < sizes.length; m += 1) {
    const x = MSIDE + (sizes.length - 1 - m) * MCW;
    const row = market[m] || [];
    const name = marketName(m);
    const spaces = [];
    for (let i = 0; i < sizes[m]; i += 1) {
      const cx = x + MCW / 2;
      const cy = MHEAD + i * MS + MS / 2;
      spaces.push(s('rect', { class: 'bk-space', x: cx - 19, y: cy - 19, width: 38, height: 38, rx: 6 }));
      const plant = row[i];
      if (plant) {
        const g = s('g', { 'data-space': i, 'data-condition': plant.condition }, plantToken(cx, cy, plant, 30));
        const rot = rotRow === m ? moves.rotPlant.get(i) : undefined;
        const heal = moves.heal.get(`${m}:${i}`);
        if (rot !== undefined) clickable(ctx, g, { id: rot, label: actionLabel(ctx, rot) });
        else if (heal !== undefined) clickable(ctx, g, { id: heal, label: actionLabel(ctx, heal) });
        else g.prepend(s('title', {}, t('bk.marketPlant', { market: name, n: i + 1, who: seatName(plant.seat, ctx.viewer), crop: cropName(plant.crop), condition: t(`bk.condition.${plant.condition}`) })));
        spaces.push(g);
      } else if (i === row.length && harvesting && harvesting.has(m) && plantAt) {
        const id = harvesting.get(m);
        const ghost = s('g', { class: 'bk-harvest-ghost', 'data-space': i },
          s('rect', { class: 'bk-ghost-space', x: cx - 19, y: cy - 19, width: 38, height: 38, rx: 6 }),
          plantToken(cx, cy, { ...plantAt, ripe: true }, 30));
        spaces.push(clickable(ctx, ghost, { id, label: actionLabel(ctx, id) }));
      }
    }
    // the row's frame, its palms and how full it is; the frame is the target of a rot
    const head = s('g', { class: 'bk-market-head' },
      s('rect', { class: 'bk-market-col', x: x + 2, y: 2, width: MCW - 4, height: MHEAD + sizes[m] * MS, rx: 6 }),
      s('g', { class: 'bk-market-palms' }, Array.from({ length: m + 1 }, (_, k) => palm(x + MCW / 2 + (k - m / 2) * 11, 22))),
      s('text', { class: 'bk-market-n', x: x + MCW / 2, y: MHEAD - 3, 'text-anchor': 'middle' }, `${row.length}/${sizes[m]}`));
    const rotId = moves.rotRow.get(m);
    if (rotId !== undefined) {
      head.classList.add('bk-rot-row');
      clickable(ctx, head, { id: rotId, label: actionLabel(ctx, rotId) });
    } else head.prepend(s('title', {}, name));
    columns.push(s('g', {
      class: ['bk-market-row', rotRow === m && 'rotting', rotId !== undefined && 'rot-target'], 'data-market-row': m, 'data-size': sizes[m], 'data-count': row.length,
    }, head, spaces));
  }
  return s('svg', {
    class: 'bk-svg bk-market', viewBox: `0 0 ${MARKET_W} ${MARKET_H}`, role: 'group', 'aria-label': t('bk.marketLabel'),
    'data-testid': 'market-svg',
  }, columns);
}

// ---------------------------------------------------------------- the boat (SVG)

function boatSvg(ctx) {
  const { obs, moves, viewer } = ctx;
  const boat = obs.boat || [];
  const lines = [];
  boat.forEach((counts, seat) => {
    const crops = CROPS.filter((c) => counts && counts[c]);
    if (crops.length) lines.push({ seat, crops, counts });
  });
  const W = 300;
  const LINE = 36;
  const height = Math.max(1, lines.length) * LINE + 30;
  const hull = `M6 14H${W - 6}L${W - 30} ${height - 4}H30Z`;
  const items = [];
  lines.forEach((line, k) => {
    const y = 14 + k * LINE + LINE / 2 + 2;
    items.push(s('text', { class: 'bk-boat-who', x: 40, y: y + 4 }, seatName(line.seat, viewer)),
      s('circle', { class: 'bk-boat-seat', cx: 28, cy: y, r: 5, style: `--seat:${seatColour(line.seat)}` }));
    line.crops.forEach((crop, i) => {
      const cx = 122 + i * 36;
      const n = line.counts[crop];
      const chip = s('g', { class: 'bk-chip', 'data-boat-seat': line.seat, 'data-crop': crop, 'data-count': n },
        plantToken(cx, y, { seat: line.seat, crop, ripe: true }, 24),
        n > 1 ? s('text', { class: 'bk-count', x: cx + 14, y: y + 14 }, `×${n}`) : null);
      const id = moves.buySeed.get(`${line.seat}:${crop}`);
      if (id !== undefined) clickable(ctx, chip, { id, label: actionLabel(ctx, id) });
      else chip.prepend(s('title', {}, t('bk.boatChip', { who: seatName(line.seat, viewer), crop: cropName(crop), n })));
      items.push(chip);
    });
  });
  if (!lines.length) items.push(s('text', { class: 'bk-boat-empty', x: W / 2, y: 14 + LINE / 2 + 6, 'text-anchor': 'middle' }, t('bk.boatEmpty')));
  return s('svg', {
    class: 'bk-svg bk-boat', viewBox: `0 0 ${W} ${height}`, role: 'group', 'aria-label': t('bk.boat'), 'data-testid': 'boat-svg',
  },
  s('path', { class: 'bk-hull', d: hull }),
  s('path', { class: 'bk-hull-line', d: `M14 ${height - 14}H${W - 14}` }),
  items);
}

// ---------------------------------------------------------------- score track, circle, pile

const TS = 22;
const PER_LINE = 15;

function trackSvg(ctx) {
  const { obs, viewer } = ctx;
  const obelisk = obs.obelisk ?? TRACK_SPACES - 1;
  const scores = obs.scores || [];
  const W = 2 * 8 + PER_LINE * TS;
  const lineY = (line) => 30 + line * (TS + 30);
  const at = (space) => ({ x: 8 + (space % PER_LINE) * TS, y: lineY(Math.floor(space / PER_LINE)) });
  const cells = [];
  for (let i = 0; i < TRACK_SPACES; i += 1) {
    const { x, y } = at(i);
    cells.push(s('rect', { class: ['bk-track-space', i > obelisk && 'gone', i % 5 === 0 && 'fifth'], x, y, width: TS, height: TS }));
    if (i % 5 === 0 || i === TRACK_SPACES - 1) cells.push(s('text', { class: 'bk-track-n', x: x + TS / 2, y: y + TS + 11, 'text-anchor': 'middle' }, String(i)));
  }
  const o = at(Math.min(obelisk, TRACK_SPACES - 1));
  const ox = o.x + TS / 2;
  const obeliskEl = s('g', { class: 'bk-obelisk', 'data-testid': 'obelisk', 'data-space': obelisk },
    s('title', {}, t('bk.obeliskAt', { n: obelisk })),
    s('path', { d: `M${ox - 5} ${o.y + TS - 1}L${ox - 3.5} ${o.y - 14}L${ox} ${o.y - 20}L${ox + 3.5} ${o.y - 14}L${ox + 5} ${o.y + TS - 1}Z` }));
  const bySpace = new Map();
  scores.forEach((score, seat) => push(bySpace, Math.min(score, TRACK_SPACES - 1), seat));
  const pawns = [];
  for (const [space, seats] of bySpace) {
    const { x, y } = at(space);
    seats.forEach((seat, k) => {
      const cx = x + 6 + (k % 3) * 5;
      const cy = y + 7 + Math.floor(k / 3) * 8 + (seats.length === 1 ? 4 : 0);
      pawns.push(s('circle', {
        class: 'bk-pawn', cx: seats.length === 1 ? x + TS / 2 : cx, cy, r: 5.5, style: `--seat:${seatColour(seat)}`,
        'data-pawn': seat, 'data-score': scores[seat],
      }, s('title', {}, t('bk.pawn', { who: seatName(seat, viewer), n: scores[seat] }))));
    });
  }
  return s('svg', {
    class: 'bk-svg bk-track', viewBox: `0 0 ${W} ${lineY(1) + TS + 16}`, role: 'group', 'aria-label': t('bk.trackLabel'), 'data-testid': 'track-svg',
  }, cells, obeliskEl, pawns);
}

const CIRCLE = ['flood', 'ebb 1', 'ebb 2'];

function tideSvg(ctx) {
  const { obs, moves } = ctx;
  const cx = 52;
  const cy = 50;
  const r = 42;
  const sectors = CIRCLE.map((key, i) => {
    const a0 = ((i * 120 - 90 - 60) * Math.PI) / 180;
    const a1 = (((i + 1) * 120 - 90 - 60) * Math.PI) / 180;
    const p = (a) => `${f2(cx + r * Math.cos(a))} ${f2(cy + r * Math.sin(a))}`;
    const mid = (a0 + a1) / 2;
    return s('g', { class: ['bk-sector', key.replace(' ', '-'), obs.circle === key && 'current'] },
      s('path', { d: `M${cx} ${cy}L${p(a0)}A${r} ${r} 0 0 1 ${p(a1)}Z` }),
      s('text', { x: f2(cx + r * 0.56 * Math.cos(mid)), y: f2(cy + r * 0.56 * Math.sin(mid) - 1), 'text-anchor': 'middle' },
        circleName(key).split(' ').map((word, k) => s('tspan', { x: f2(cx + r * 0.56 * Math.cos(mid)), dy: k ? 10 : 0 }, word))));
  });
  const at = CIRCLE.indexOf(obs.circle);
  const angle = at * 120 - 90;
  const marker = s('g', { class: 'bk-circle-marker', transform: `rotate(${angle} ${cx} ${cy})` },
    s('path', { d: `M${cx + r + 2} ${cy}l7 -5v10z` }));
  const pile = s('g', { class: 'bk-pile', 'data-testid': 'desert-pile', 'data-count': obs.desert_pile ?? 0 },
    desertCard({ x: 124, y: 16, w: 52, h: 66 }),
    s('text', { class: 'bk-pile-n', x: 150, y: 58, 'text-anchor': 'middle' }, String(obs.desert_pile ?? 0)));
  if (moves.buyJoker !== null) clickable(ctx, pile, { id: moves.buyJoker, label: actionLabel(ctx, moves.buyJoker) });
  else pile.prepend(s('title', {}, t('bk.desertPileN', { n: obs.desert_pile ?? 0 })));
  const discard = s('g', { class: 'bk-discard', 'data-count': obs.water_discard ?? 0 },
    s('title', {}, t('bk.discard', { n: obs.water_discard ?? 0 })),
    s('rect', { class: 'bk-water-card', x: 190, y: 26, width: 40, height: 52, rx: 4 }),
    s('text', { class: 'bk-pile-n light', x: 210, y: 58, 'text-anchor': 'middle' }, String(obs.water_discard ?? 0)));
  return s('svg', {
    class: 'bk-svg bk-tide', viewBox: '0 0 238 102', role: 'group', 'aria-label': t('bk.circleAt', { circle: circleName(obs.circle || 'flood') }),
    'data-testid': 'circle', 'data-circle': obs.circle,
  }, sectors, marker, pile, discard);
}

// ---------------------------------------------------------------- seats

function stackCard(ctx, seat, k, stack) {
  const x = 4 + k * 34;
  const area = { x, y: 6, w: 30, h: 42, north: true };
  const words = !stack.cards
    ? t('bk.stackEmpty', { n: k + 1 })
    : stack.top ? t('bk.stack', { n: k + 1, count: stack.cards, face: faceName(stack.top) }) : t('bk.stackHidden', { n: k + 1, count: stack.cards });
  return s('g', { class: ['bk-stack', !stack.cards && 'empty'], 'data-stack': k, 'data-cards': stack.cards },
    s('title', {}, words),
    stack.cards > 1 ? s('rect', { class: 'bk-stack-under', x: x + 2, y: 8, width: 30, height: 42, rx: 4 }) : null,
    stack.cards ? waterCard(area, stack.top) : s('rect', { class: 'bk-stack-slot', x, y: 6, width: 30, height: 42, rx: 4 }),
    s('text', { class: 'bk-stack-n', x: x + 15, y: 31, 'text-anchor': 'middle' }, String(stack.cards)));
}

/** A seat's jokers: a desert card with their number. */
function jokerCard(x, jokers) {
  return s('g', { class: ['bk-jokers', !jokers && 'none'], 'data-testid': 'jokers', 'data-count': jokers },
    desertCard({ x, y: 8, w: 30, h: 40 }),
    s('text', { class: 'bk-joker-j', x: x + 15, y: 27, 'text-anchor': 'middle' }, 'J'),
    s('text', { class: 'bk-count', x: x + 15, y: 44, 'text-anchor': 'middle' }, `×${jokers}`));
}

/** A plant of a supply with its number. */
function supplyChip(seat, crop, n, cx, attr) {
  return s('g', { class: ['bk-chip', !n && 'none'], [attr]: crop, 'data-count': n },
    plantToken(cx, 24, { seat, crop, ripe: true }, 26),
    s('text', { class: 'bk-count', x: cx, y: 51, 'text-anchor': 'middle' }, `×${n}`));
}

/** A seat's stacks, jokers and supply, as pictures. */
function seatSvg(ctx, seat) {
  const { obs, viewer } = ctx;
  const stacks = ((obs.stacks || [])[seat] || []).map((stack, k) => stackCard(ctx, seat, k, stack));
  const jokers = (obs.jokers || [])[seat] ?? 0;
  const jokerEl = jokerCard(78, jokers);
  jokerEl.prepend(s('title', {}, t('bk.jokersN', { who: seatName(seat, viewer), n: jokers })));
  const supply = (obs.supply || [])[seat] || {};
  const chips = CROPS.map((crop, i) => {
    const n = supply[crop] || 0;
    const chip = supplyChip(seat, crop, n, 134 + i * 40, 'data-supply-crop');
    chip.prepend(s('title', {}, t('bk.supplyChip', { who: seatName(seat, viewer), crop: cropName(crop), n })));
    return chip;
  });
  return s('svg', { class: 'bk-svg bk-seat-svg', viewBox: '0 0 330 56', role: 'group', 'aria-label': seatName(seat, viewer) },
    stacks, jokerEl, s('line', { class: 'bk-sep', x1: 116, y1: 6, x2: 116, y2: 50 }), chips);
}

/** Your jokers and supply on your turn: spend a joker, or pick a plant (into the boat in
 * the opening, or onto the field picked to sow). */
function handSvg(ctx) {
  const { obs, moves, st, viewer } = ctx;
  const jokers = (obs.jokers || [])[viewer] ?? 0;
  const jokerEl = jokerCard(4, jokers);
  if (moves.useJoker !== null) clickable(ctx, jokerEl, { id: moves.useJoker, label: actionLabel(ctx, moves.useJoker) });
  else jokerEl.prepend(s('title', {}, t('bk.jokersN', { who: seatName(viewer, viewer), n: jokers })));
  const supply = (obs.supply || [])[viewer] || {};
  const sowing = st.sel && st.sel.kind === 'sow' ? moves.sow.get(st.sel.field) : null;
  const chips = CROPS.map((crop, i) => {
    const n = supply[crop] || 0;
    const chip = supplyChip(viewer, crop, n, 66 + i * 42, 'data-hand-crop');
    const id = moves.boat.get(crop) ?? (sowing ? sowing.get(crop) : undefined);
    if (id !== undefined) clickable(ctx, chip, { id, label: actionLabel(ctx, id) });
    else chip.prepend(s('title', {}, t('bk.supplyChip', { who: seatName(viewer, viewer), crop: cropName(crop), n })));
    return chip;
  });
  return s('svg', { class: 'bk-svg bk-hand-svg', viewBox: '0 0 260 56', role: 'group', 'aria-label': t('bk.hand'), 'data-testid': 'hand' },
    jokerEl, s('line', { class: 'bk-sep', x1: 42, y1: 6, x2: 42, y2: 50 }), chips);
}

function seatsPanel(ctx) {
  const { obs, view, viewer } = ctx;
  const players = obs.players || (obs.scores || []).length;
  const tableSeats = (view.table && view.table.seats) || [];
  const active = obs.result ? null : (view.to_move ?? obs.active_seat ?? null);
  const list = [];
  for (let seat = 0; seat < players; seat += 1) {
    const info = tableSeats.find((x) => x.seat === seat) || null;
    const kind = info ? (info.kind === 'bot' ? t('seat.bot', { level: t(`bot.${info.bot}`) }) : t('seat.human')) : null;
    const score = (obs.scores || [])[seat] ?? 0;
    const lost = (obs.lost || [])[seat] ?? 0;
    list.push(h('div', {
      class: ['seat', 'bk-seat', seat === active && 'active', seat === viewer && 'you'], 'data-seat': seat,
      'data-active': seat === active ? 'true' : 'false', style: `--seat:${seatColour(seat)}`,
    },
    h('div', { class: 'seat-head' },
      h('span', { class: 'bk-seat-colour', 'aria-hidden': 'true' }),
      h('strong', {}, seatName(seat, viewer)),
      kind ? h('span', { class: 'seat-kind' }, kind) : null,
      info && info.kind === 'human'
        ? h('span', { class: ['dot', info.connected ? 'on' : 'off'], title: t(info.connected ? 'seat.online' : 'seat.offline'), 'aria-label': t(info.connected ? 'seat.online' : 'seat.offline') })
        : null,
      seat === active ? h('span', { class: 'to-move' }, `▶ ${t('bk.toMove')}`) : null,
      h('span', { class: 'bk-lost', title: t('bk.lostTitle'), 'data-testid': 'lost', 'data-lost': lost }, t('bk.lost', { n: lost })),
      h('span', { class: 'bk-score', 'data-testid': 'score', 'data-score': score, title: t('bk.score') }, String(score))),
    seatSvg(ctx, seat)));
  }
  return h('section', { class: 'panel bk-seats', 'data-testid': 'seats', 'aria-label': t('bk.seats') },
    h('h2', {}, t('bk.seats')), list);
}

// ---------------------------------------------------------------- panels

function turnPanel(ctx) {
  const { obs, viewer, moves, st, act, legal } = ctx;
  if (obs.result) return null;
  const mine = viewer !== null && !!act && legal.size > 0;
  const lines = [];
  const turn = obs.turn;
  if (turn) {
    const points = tn('bk.points', turn.points);
    lines.push(h('p', { class: 'bk-turn', 'data-testid': 'turn-info', 'data-points': turn.points, 'data-seat': turn.seat },
      h('span', { class: 'bk-pips', 'aria-hidden': 'true' }, Array.from({ length: turn.points }, () => h('span', { class: 'bk-pip' }))),
      t('bk.turn', { who: seatName(turn.seat, viewer), points }),
      obs.extra_turn ? h('span', { class: 'muted' }, ` · ${t('bk.extraTurn')}`) : null));
  }
  if (obs.rot) {
    lines.push(h('p', { class: 'bk-rot-info', 'data-testid': 'rot' },
      obs.rot.row !== null && obs.rot.row !== undefined
        ? t('bk.rotRow', { market: marketName(obs.rot.row) })
        : t('bk.rot', { palms: palmsText(obs.rot.palms) })));
  }
  if (obs.auction) {
    const placed = (obs.auction.placed || []).map((x) => seatName(x, viewer));
    lines.push(h('p', { class: 'bk-auction', 'data-testid': 'auction' },
      t(`bk.auction.${obs.auction.for}`), ' ',
      placed.length ? t('bk.auction.placed', { who: joinList(placed) }) : null,
      obs.auction.your_bid !== null && obs.auction.your_bid !== undefined ? ` · ${t('bk.auction.yours', { n: obs.auction.your_bid })}` : null));
  }
  if (mine && st.sel) {
    const field = st.sel.field;
    const plant = st.sel.kind === 'harvest'
      ? ((obs.fields || [])[field] || { plants: [] }).plants.find((p) => p.seat === viewer) : null;
    const key = st.sel.kind === 'harvest' ? 'bk.selected.harvest' : sowKey(obs);
    lines.push(h('p', { class: 'bk-selected', 'data-testid': 'selected' },
      t(key, { field: fieldName(field), crop: plant ? cropName(plant.crop) : '' }), ' ',
      h('button', { type: 'button', class: 'small', 'data-control': 'cancel', onclick: () => { st.sel = null; redraw(ctx); } }, t('bk.cancel'))));
  }
  const hand = mine ? h('div', { class: 'bk-hand' }, h('h3', {}, t('bk.hand')), handSvg(ctx)) : null;
  const buttons = [];
  if (mine) {
    for (const id of moves.bids) {
      buttons.push(h('button', { type: 'button', class: 'control bk-bid', 'data-action': id, 'data-control': `bid-${id - A.BID}`, onclick: () => act(id), title: actionLabel(ctx, id) }, t('bk.bid', { n: id - A.BID })));
    }
    if (moves.end !== null) {
      buttons.push(h('button', { type: 'button', class: 'control primary', 'data-action': moves.end, 'data-control': 'end-actions', onclick: () => act(moves.end) }, t('bk.endActions')));
    }
  }
  if (!lines.length && !buttons.length && !hand) return null;
  return h('section', { class: ['panel', 'bk-move', mine && 'mine'], 'data-testid': 'move' },
    lines, hand, buttons.length ? h('div', { class: 'controls bk-controls', 'data-testid': 'controls' }, buttons) : null);
}

function legend() {
  const item = (plant, text) => h('span', { class: 'bk-legend-item' },
    s('svg', { class: 'bk-legend-svg', viewBox: '0 0 24 24', width: 20, height: 20, 'aria-hidden': 'true' }, plantToken(12, 12, plant, 18)), text);
  return h('p', { class: 'bk-legend' },
    item({ seat: 0, crop: 'wheat', ripe: false }, t('bk.legend.seed')),
    item({ seat: 0, crop: 'wheat', ripe: true }, t('bk.legend.ripe')),
    item({ seat: 0, crop: 'wheat', condition: 'spoiled' }, t('bk.legend.spoiled')),
    item({ seat: 0, crop: 'wheat', condition: 'rotten' }, t('bk.legend.rotten')),
    h('span', { class: 'bk-legend-item' }, CROPS.map((c) => `${cropInitial(c)} ${cropName(c)}`).join(' · ')));
}

function boardPanel(ctx) {
  const { obs, viewer } = ctx;
  const first = obs.first_player === null || obs.first_player === undefined ? '–' : seatName(obs.first_player, viewer);
  return h('section', { class: 'panel bk-board', 'data-testid': 'banks', 'aria-label': t('bk.board') },
    h('div', { class: 'bk-head' },
      h('h2', {}, t('bk.board')),
      h('span', { class: 'bk-meta', 'data-testid': 'round-info' }, t('bk.meta', { round: obs.round ?? 0, phase: phaseName(obs.phase || 'setup'), first })),
      obs.quiet_rounds && obs.blocked_at && !obs.result
        ? h('span', { class: 'bk-meta', 'data-testid': 'quiet-rounds' }, t('bk.quiet', { n: obs.quiet_rounds, limit: obs.blocked_at }))
        : null),
    h('div', { class: 'bk-board-wrap' }, banksSvg(ctx)),
    legend());
}

function sidePanels(ctx) {
  return [
    h('section', { class: 'panel bk-market-panel', 'data-testid': 'market', 'aria-label': t('bk.market') },
      h('h2', {}, t('bk.market')), marketSvg(ctx), h('p', { class: 'bk-note' }, t('bk.marketPayout'))),
    h('section', { class: 'panel bk-boat-panel', 'data-testid': 'boat', 'aria-label': t('bk.boat') },
      h('h2', {}, t('bk.boat')), boatSvg(ctx)),
    h('section', { class: 'panel bk-track-panel', 'data-testid': 'track', 'aria-label': t('bk.track') },
      h('h2', {}, `${t('bk.track')} · ${t('bk.obelisk')} ${ctx.obs.obelisk ?? ''}`), trackSvg(ctx),
      h('h3', {}, `${t('bk.circle')} · ${t('bk.desertPile')}`), tideSvg(ctx)),
  ];
}

function resultPanel(ctx) {
  const { obs, viewer } = ctx;
  const res = obs.result;
  if (!res) return null;
  const winners = res.winners || [];
  const over = (obs.log || []).slice().reverse().find((ev) => ev.event === 'game_over');
  const cols = (res.scores || []).map((score, seat) => {
    return h('div', {
      class: ['result-seat', 'bk-result-seat', winners.includes(seat) && 'winner', seat === viewer && 'you'],
      'data-seat': seat, 'data-winner': winners.includes(seat) ? 'true' : 'false', style: `--seat:${seatColour(seat)}`,
    },
    h('div', { class: 'result-name' }, h('span', { class: 'bk-seat-colour', 'aria-hidden': 'true' }), ' ', seatName(seat, viewer),
      winners.includes(seat) ? h('span', { class: 'crown' }, ` ★ ${t('result.winner')}`) : null),
    h('div', { class: 'bk-final-score', 'data-testid': 'final-score', 'data-score': score }, String(score)),
    h('div', { class: 'muted', 'data-testid': 'final-lost', 'data-lost': (res.lost || [])[seat] ?? 0 }, t('bk.result.lost', { n: (res.lost || [])[seat] ?? 0 })),
    null);
  });
  const names = winners.map((w) => seatName(w, viewer));
  return h('section', { class: 'panel result', 'data-testid': 'result' },
    h('h2', {}, t('result.title')),
    h('p', { class: 'winners' }, winners.includes(viewer) && winners.length === 1
      ? t('status.youWin')
      : t(winners.length > 1 ? 'status.overWinners' : 'status.overWinner', { who: joinList(names) })),
    over && over.reason ? h('p', { class: 'muted', 'data-testid': 'reason' }, t(`bk.result.reason.${over.reason}`)) : null,
    h('div', { class: 'result-cols' }, cols));
}

// ---------------------------------------------------------------- render

function draw(ctx) {
  replace(ctx.root,
    h('div', { class: 'banks' },
      resultPanel(ctx),
      h('div', { class: 'bk-grid' },
        h('div', { class: 'bk-main' }, boardPanel(ctx)),
        h('div', { class: 'bk-side' }, turnPanel(ctx), sidePanels(ctx), seatsPanel(ctx)))));
}

function redraw(ctx) {
  const next = context(ctx.view, ctx.act, ctx.st);
  next.root = ctx.root;
  draw(next);
}

export function render(view, root, act) {
  ensureStyle();
  const key = `${(view.table && view.table.id) || ''}:${view.seat ?? 'spectator'}`;
  const st = stateOf(root, key);
  const ctx = context(view, act, st);
  ctx.root = root;
  draw(ctx);
}

// ---------------------------------------------------------------- styles

const CSS = `
.bk-grid { display: grid; grid-template-columns: minmax(0, 470px) minmax(0, 1fr); gap: 12px; align-items: start; }
.bk-head { display: flex; flex-wrap: wrap; align-items: baseline; gap: 4px 12px; margin-bottom: 4px; }
.bk-head h2 { margin: 0; }
.bk-meta { font-size: .85rem; color: var(--muted); }
.bk-svg { display: block; width: 100%; height: auto; user-select: none; -webkit-user-select: none; font-family: system-ui, sans-serif; }
.bk-banks { max-height: calc(100vh - 60px); }
.bk-market { max-width: 300px; margin: 0 auto; }
.bk-boat { max-width: 360px; margin: 0 auto; }
.bk-track { max-width: 460px; }
.bk-tide { max-width: 280px; }
.bk-seat-svg { max-width: 380px; margin-top: 4px; }
.bk-hand-svg { max-width: 320px; }
.bk-hand h3 { margin: 4px 0 0; }
.bk-sand { fill: #ecd6a2; }
.bk-bank-name { font-size: 12px; font-weight: 700; fill: #6b5326; }
.bk-desert-name { font-size: 11px; font-style: italic; fill: #9a7b3e; }
.bk-river { fill: #3d8cc9; }
.bk-river-wave { fill: none; stroke: #a9d6f5; stroke-width: 1.6; }
.bk-river-name { font-size: 14px; font-weight: 800; fill: #fff; letter-spacing: .2em; }
.bk-soil { fill: #b7d88b; stroke: #6d9a45; stroke-width: 1.2; }
.bk-trunk { fill: none; stroke: #7a5a2a; stroke-width: 1.8; stroke-linecap: round; }
.bk-fronds { fill: none; stroke: #2e7d32; stroke-width: 1.7; stroke-linecap: round; }
.bk-water-card { fill: #5aa9e0; stroke: #1f5f95; stroke-width: 1.2; }
.bk-wave { fill: none; stroke: #fff; stroke-width: 1.7; stroke-linecap: round; }
.bk-dry-end { fill: #e5c98c; }
.bk-desert-card { fill: #e2bf76; stroke: #a8802f; stroke-width: 1.2; }
.bk-dune { fill: none; stroke: #b48a3a; stroke-width: 1.4; }
.bk-cover rect { fill: #9e9a91; fill-opacity: .88; stroke: #6e6a62; stroke-dasharray: 4 3; }
.bk-cover text { font-size: 11px; font-weight: 700; fill: #f4f1ea; }
.bk-field.covered .bk-palm { opacity: .4; }
.bk-acted { fill: #1f2a30; opacity: .55; }
.bk-token-body { fill: var(--seat); stroke: rgba(0, 0, 0, .45); stroke-width: 1.2; }
.bk-token.seed .bk-token-body, .bk-token.spoiled .bk-token-body { fill: #fffdf4; stroke: var(--seat); stroke-width: 3; }
.bk-token.rotten .bk-token-body { fill-opacity: .55; stroke: #3b2a1a; stroke-dasharray: 3 2; }
.bk-token-letter { font-weight: 800; fill: #fff; pointer-events: none; }
.bk-token.seed .bk-token-letter, .bk-token.spoiled .bk-token-letter { fill: var(--seat); }
.bk-crop-dot { fill: var(--crop); stroke: #fff; stroke-width: 1; }
.bk-rot-x { stroke: #3b2a1a; stroke-width: 2; }
.bk-target { cursor: pointer; outline: none; }
.bk-field.bk-target .bk-soil { stroke: #f0a500; stroke-width: 3.5; }
.bk-field.bk-target:hover .bk-soil, .bk-field.bk-target:focus-visible .bk-soil { fill: #d5ecb2; stroke: #7a4a00; }
.bk-field.selected .bk-soil { fill: #fff1cc; stroke: #d98600; stroke-width: 4; }
.bk-water.bk-target .bk-water-card { stroke: #f0a500; stroke-width: 3; }
.bk-water.ghost .bk-water-card { fill-opacity: .55; stroke: #f0a500; stroke-width: 2.5; stroke-dasharray: 5 3; }
.bk-water.bk-target:hover .bk-water-card, .bk-water.bk-target:focus-visible .bk-water-card { fill: #2f7fb0; fill-opacity: 1; stroke: #7a4a00; stroke-dasharray: none; }
.bk-ghost-n { font-size: 15px; font-weight: 900; fill: #fff; stroke: #1f5f95; stroke-width: .6; pointer-events: none; }
[data-plant].bk-target .bk-token-body, .bk-chip.bk-target .bk-token-body, [data-space].bk-target .bk-token-body { stroke: #f0a500; stroke-width: 3.5; }
[data-plant].bk-target:hover .bk-token-body, [data-plant].bk-target:focus-visible .bk-token-body,
.bk-chip.bk-target:hover .bk-token-body, .bk-chip.bk-target:focus-visible .bk-token-body,
[data-space].bk-target:hover .bk-token-body, [data-space].bk-target:focus-visible .bk-token-body { stroke: #7a4a00; stroke-width: 4.5; }
[data-plant].selected .bk-token-body { stroke: #d98600; stroke-width: 5; }
.bk-space { fill: #f6ecd2; stroke: #cdb98a; stroke-width: 1; }
.bk-market-col { fill: #efe2bd; stroke: #cdb98a; stroke-width: 1; }
.bk-market-row.rotting .bk-market-col { fill: #e8d2c0; stroke: #8c5a2a; stroke-width: 2; }
.bk-rot-row .bk-market-col { stroke: #f0a500; stroke-width: 3.5; }
.bk-market-row.rot-target .bk-space, .bk-market-row.rot-target [data-space] { pointer-events: none; }
.bk-rot-row:hover .bk-market-col, .bk-rot-row:focus-visible .bk-market-col { fill: #ffe9a8; stroke: #7a4a00; }
.bk-market-n { font-size: 10px; fill: #7a6a48; font-weight: 700; }
.bk-harvest-ghost .bk-token { opacity: .6; }
.bk-ghost-space { fill: #fff7e0; stroke: #f0a500; stroke-width: 3; stroke-dasharray: 5 3; }
.bk-harvest-ghost:hover .bk-ghost-space, .bk-harvest-ghost:focus-visible .bk-ghost-space { fill: #ffe9a8; stroke: #7a4a00; }
.bk-hull { fill: #a8743d; stroke: #6b4420; stroke-width: 2; }
.bk-hull-line { stroke: #6b4420; stroke-width: 1.2; }
.bk-boat-who { font-size: 11px; font-weight: 700; fill: #fff8e8; }
.bk-boat-seat { fill: var(--seat); stroke: #fff; stroke-width: 1.2; }
.bk-boat-empty { font-size: 12px; fill: #fff8e8; font-style: italic; }
.bk-count { font-size: 10px; font-weight: 800; fill: #1f2a30; }
.bk-boat .bk-count { fill: #fff8e8; }
.bk-chip.none { opacity: .3; }
.bk-chip.bk-target { opacity: 1; }
.bk-track-space { fill: #f6ecd2; stroke: #cdb98a; stroke-width: 1; }
.bk-track-space.fifth { fill: #efe0b8; }
.bk-track-space.gone { fill: #d8d2c4; }
.bk-track-n { font-size: 9px; fill: #7a6a48; }
.bk-obelisk path { fill: #d9b23a; stroke: #7a5a10; stroke-width: 1.2; }
.bk-pawn { fill: var(--seat); stroke: #fff; stroke-width: 1.5; }
.bk-sector path { fill: #e8d6a8; stroke: #fff; stroke-width: 2; }
.bk-sector.flood path { fill: #8cc6e8; }
.bk-sector.current path { stroke: #1f2a30; stroke-width: 2.5; }
.bk-sector text { font-size: 9px; font-weight: 700; fill: #1f2a30; pointer-events: none; }
.bk-circle-marker path { fill: #1f2a30; }
.bk-pile-n { font-size: 16px; font-weight: 800; fill: #5a3c10; pointer-events: none; }
.bk-pile-n.light { fill: #fff; }
.bk-pile.bk-target .bk-desert-card { stroke: #f0a500; stroke-width: 3.5; }
.bk-pile.bk-target:hover .bk-desert-card, .bk-pile.bk-target:focus-visible .bk-desert-card { fill: #f0d08a; stroke: #7a4a00; }
.bk-stack-under { fill: #2f6f9f; }
.bk-stack-slot { fill: none; stroke: #b9c7cf; stroke-dasharray: 3 2; }
.bk-stack-n { font-size: 12px; font-weight: 800; fill: #fff; stroke: #1f5f95; stroke-width: .5; }
.bk-jokers.none { opacity: .35; }
.bk-jokers.bk-target { opacity: 1; }
.bk-jokers.bk-target .bk-desert-card { stroke: #f0a500; stroke-width: 3.5; }
.bk-jokers.bk-target:hover .bk-desert-card, .bk-jokers.bk-target:focus-visible .bk-desert-card { fill: #f0d08a; stroke: #7a4a00; }
.bk-joker-j { font-size: 13px; font-weight: 900; fill: #5a3c10; }
.bk-sep { stroke: var(--line); }
.bk-seat .seat-head { display: flex; flex-wrap: wrap; align-items: center; gap: 6px; }
.bk-seat { border-left: 4px solid transparent; padding-left: 6px; margin-bottom: 8px; }
.bk-seat.active { border-left-color: var(--seat); }
.bk-seat-colour { display: inline-block; width: 12px; height: 12px; border-radius: 3px; background: var(--seat); border: 1px solid rgba(0, 0, 0, .3); }
.bk-score { margin-left: auto; font-size: 1.15rem; font-weight: 800; font-variant-numeric: tabular-nums; }
.bk-lost { font-size: .8rem; color: var(--muted); }
.bk-move.mine { border-color: var(--ok); box-shadow: 0 0 0 2px var(--ok-soft); }
.bk-turn { display: flex; flex-wrap: wrap; align-items: center; gap: 6px; font-weight: 600; }
.bk-pips { display: inline-flex; gap: 3px; }
.bk-pip { width: 12px; height: 12px; border-radius: 50%; background: var(--ok); }
.bk-controls { display: flex; flex-wrap: wrap; gap: 6px; margin-top: 6px; }
.bk-legend { display: flex; flex-wrap: wrap; gap: 4px 12px; font-size: .8rem; color: var(--muted); margin: 6px 0 0; }
.bk-legend-item { display: inline-flex; align-items: center; gap: 4px; }
.bk-note { font-size: .8rem; color: var(--muted); }
.bk-final-score { font-size: 1.6rem; font-weight: 800; font-variant-numeric: tabular-nums; }
@media (max-width: 760px) {
  .bk-grid { grid-template-columns: minmax(0, 1fr); }
  .bk-banks { max-height: none; }
}
`;

let styled = false;

function ensureStyle() {
  if (typeof document === 'undefined' || styled) return;
  // a constructed sheet: the page's Content-Security-Policy refuses inline <style>
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(CSS);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  styled = true;
}
