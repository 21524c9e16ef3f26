// NIL – Le Jeu des Pharaons: render(view, root, act) draws a view (docs/web-api.md) into root.
// The board is one SVG: valued cells, U zones, the blue goal column, the start arrow, the
// river tile by tile, and the cell where the next tile goes. Pick a tile of your rack: the
// exits it may leave by appear on that cell (and, enlarged, in the loupe) as SVG targets
// with role="button" and data-action="<id>"; "End turn" is a <button data-action="72">.

import { h, s, replace } from '../dom.js';
import { t, tn, seatName, joinList } from '../i18n.js';
import {
  EXITS, KINDS, UNIVERSAL, END_TURN, VALUES, EXIT_XY, STEP, riverPath, tileSvg, exitIndex, kindIndex,
} from './pharaohs-tiles.js';
import { kindName, exitName, cellName, signed, tileList, rememberLayout } from './pharaohs-words.js';

export { eventText, actionText, statusHint, rules } from './pharaohs-words.js';
export const title = 'NIL – Le Jeu des Pharaons';

/** Colours of the seats' tiles (not green, red or blue: those are the board's). */
export const SEAT_COLOURS = ['#e07b00', '#8e44ad', '#00897b', '#37474f'];
const seatColour = (seat) => SEAT_COLOURS[seat % SEAT_COLOURS.length] || '#777';

// Board geometry in SVG units: cells of U, margins for the labels and the start arrow.
const U = 40;
const LEFT = 36;
const TOP = 18;
const RIGHT = 6;
const BOTTOM = 6;
const X = (column) => LEFT + column * U;
const Y = (row) => TOP + row * U;

const DEFAULT_LAYOUT = { rows: 21, columns: 22, goal_column: 21, start_row: 10, cells: [], u_zones: [] };

// Per board element: the selected rack tile and the zoom, kept across views and redraws.
const STATE = new WeakMap();

function stateOf(root, key) {
  let st = STATE.get(root);
  if (!st || st.key !== key) {
    st = { key, kind: null, zoom: false, segments: null };
    STATE.set(root, st);
  }
  return st;
}

/** Everything the drawing needs, worked out once per render. */
function context(view, act, st) {
  const obs = view.observation || {};
  const layout = obs.layout || DEFAULT_LAYOUT;
  rememberLayout(layout);
  const viewer = view.seat ?? obs.seat ?? null;
  const legal = new Map(act ? (view.legal_actions || []).map((a) => [a.action, a.text]) : []);
  const playable = new Set([...legal.keys()].filter((a) => a < END_TURN).map((a) => Math.floor(a / 8)));
  if (st.kind !== null && !playable.has(st.kind)) st.kind = null;
  if (st.kind === null && playable.size === 1) [st.kind] = playable;
  const cells = new Map(); // "r,c" → {value, zone}
  for (const [r, c, value, zone] of layout.cells || []) cells.set(`${r},${c}`, { value, zone });
  const river = obs.river || [];
  const top = new Map(); // "r,c" → the river entry laid last on that cell (its tile)
  river.forEach((seg, i) => top.set(`${seg.row},${seg.column}`, { ...seg, index: i }));
  const end = obs.open_end || null;
  const entry = end ? exitIndex(end.entry) : -1;
  const paid = new Set((obs.this_turn || {}).zones_paid || []);
  const targets = [];
  if (end && st.kind !== null) {
    for (let exit = 0; exit < 8; exit += 1) {
      const id = st.kind * 8 + exit;
      if (!legal.has(id)) continue;
      targets.push({ id, kind: st.kind, exit, points: pointsOf(st.kind, end, cells, paid) });
    }
  }
  return { obs, layout, viewer, legal, playable, cells, river, top, end, entry, paid, targets, st, act, view };
}

/** What laying a tile of `kind` on the open end scores: its value and the cell's (a zone once per turn). */
function pointsOf(kind, end, cells, paid) {
  const cell = cells.get(`${end.row},${end.column}`);
  const value = cell ? cell.value : 0;
  const zonePaid = cell && cell.zone >= 0 && paid.has(cell.zone);
  return { tile: VALUES[kind], cell: zonePaid ? 0 : value, zonePaid: zonePaid && value < 0 };
}

/** A cell's name with its value, if any: "K11 (−60)". */
function cellLabel(ctx, row, column) {
  const cell = ctx.cells.get(`${row},${column}`);
  const name = cellName(row, column);
  return cell && cell.value ? `${name} (${signed(cell.value)})` : name;
}

function targetLabel(ctx, target) {
  const { tile, cell, zonePaid } = target.points;
  let detail = '';
  if (cell) detail = ` (${t('ph.target.cell', { tile: signed(tile), cell: signed(cell) })})`;
  else if (zonePaid) detail = ` (${t('ph.target.paid', { tile: signed(tile) })})`;
  return t('ph.target', {
    kind: kindName(target.kind),
    entry: exitName(ctx.entry),
    exit: exitName(target.exit),
    points: signed(tile + cell) + detail,
  });
}

// ---------------------------------------------------------------- the board (SVG)

/** The outline of a group of cells: every cell side that does not touch another of the group. */
function outline(cellsOfZone) {
  const inZone = new Set(cellsOfZone.map(([r, c]) => `${r},${c}`));
  const parts = [];
  for (const [r, c] of cellsOfZone) {
    const x = X(c);
    const y = Y(r);
    if (!inZone.has(`${r - 1},${c}`)) parts.push(`M${x} ${y}h${U}`);
    if (!inZone.has(`${r + 1},${c}`)) parts.push(`M${x} ${y + U}h${U}`);
    if (!inZone.has(`${r},${c - 1}`)) parts.push(`M${x} ${y}v${U}`);
    if (!inZone.has(`${r},${c + 1}`)) parts.push(`M${x + U} ${y}v${U}`);
  }
  return parts.join('');
}

/** A small arrow pointing along exit `exit`, centred on (cx, cy). */
function arrowPath(cx, cy, exit, size) {
  const [dr, dc] = STEP[exit];
  const len = Math.hypot(dr, dc);
  const dx = dc / len;
  const dy = dr / len;
  const f = (v) => +v.toFixed(2);
  const tip = [cx + dx * size, cy + dy * size];
  const back = [cx - dx * size * 0.6, cy - dy * size * 0.6];
  const side = [-dy * size * 0.75, dx * size * 0.75];
  return `M${f(tip[0])} ${f(tip[1])}L${f(back[0] + side[0])} ${f(back[1] + side[1])}L${f(back[0] - side[0])} ${f(back[1] - side[1])}Z`;
}

function boardSvg(ctx, { crop = null, testid, label, targetRadius, focusable = true }) {
  const { layout, cells, river, top, end, entry, paid, targets } = ctx;
  const rows = layout.rows;
  const columns = layout.columns;
  const goal = layout.goal_column;
  const width = LEFT + columns * U + RIGHT;
  const height = TOP + rows * U + BOTTOM;
  const viewBox = crop || [0, 0, width, height];
  const owner = (seat) => seatName(seat, ctx.viewer);

  // cells: the sand, valued cells, the goal column
  const cellEls = [s('rect', { x: X(0), y: Y(0), width: (columns - 1) * U, height: rows * U, class: 'ph-sand' })];
  for (const [r, c, value, zone] of layout.cells || []) {
    if (c === goal) continue;
    const isU = (layout.u_zones || []).includes(zone);
    const zonePaid = zone >= 0 && paid.has(zone);
    const name = cellName(r, c);
    cellEls.push(s('g', { class: ['ph-cell', value > 0 ? 'green' : 'red', isU && 'u', zonePaid && 'paid'], 'data-row': r, 'data-column': c, 'data-value': value },
      s('title', {}, [t('ph.cellValue', { cell: name, value: signed(value) }), isU ? t('ph.uZone') : null, zonePaid ? t('ph.zonePaid') : null].filter(Boolean).join(' · ')),
      s('rect', { x: X(c), y: Y(r), width: U, height: U }),
      s('text', { x: X(c) + U / 2, y: Y(r) + U / 2 + 4.5, 'text-anchor': 'middle' }, signed(value)),
      zonePaid ? s('path', { class: 'ph-paid-line', d: `M${X(c) + 7} ${Y(r) + U / 2 + 0.5}h${U - 14}` }) : null));
  }
  for (let r = 0; r < rows; r += 1) {
    const found = cells.get(`${r},${goal}`);
    const value = found ? found.value : 0;
    cellEls.push(s('g', { class: ['ph-cell', 'goal', value >= 500 && 'top'], 'data-row': r, 'data-column': goal, 'data-value': value },
      s('title', {}, t('ph.cellValue', { cell: cellName(r, goal), value: signed(value) })),
      s('rect', { x: X(goal), y: Y(r), width: U, height: U }),
      s('text', { x: X(goal) + U / 2, y: Y(r) + U / 2 + 4.5, 'text-anchor': 'middle' }, String(value))));
  }
  const grid = [];
  for (let c = 0; c <= columns; c += 1) grid.push(`M${X(c)} ${Y(0)}v${rows * U}`);
  for (let r = 0; r <= rows; r += 1) grid.push(`M${X(0)} ${Y(r)}h${columns * U}`);
  const zones = (layout.u_zones || []).map((zone) => {
    const group = (layout.cells || []).filter((cell) => cell[3] === zone);
    return s('path', { class: ['ph-u', paid.has(zone) && 'paid'], d: outline(group), 'data-zone': zone });
  });

  // labels: row letters, column numbers, the start arrow
  const labels = [];
  for (let r = 0; r < rows; r += 1) {
    labels.push(s('text', { class: 'ph-label', x: 9, y: Y(r) + U / 2 + 4, 'text-anchor': 'middle' }, String.fromCharCode(65 + r)));
  }
  for (let c = 0; c < goal; c += 1) {
    labels.push(s('text', { class: 'ph-label', x: X(c) + U / 2, y: TOP - 5, 'text-anchor': 'middle' }, String(c + 1)));
  }
  const sy = Y(layout.start_row) + U / 2;
  labels.push(s('g', { class: 'ph-start', 'data-testid': 'start' },
    s('title', {}, t('ph.start')),
    s('path', { d: `M17 ${sy}H${LEFT - 4}` }),
    s('path', { class: 'head', d: `M${LEFT - 10} ${sy - 6}L${LEFT} ${sy}L${LEFT - 10} ${sy + 6}Z` })));

  // tiles: the last one laid on each cell, edged in its owner's colour
  const tiles = [...top.values()].map((seg) => {
    const kind = kindIndex(seg.tile);
    const crossing = river.some((x) => x.row === seg.row && x.column === seg.column && x.crossing);
    const kindLabel = crossing
      ? t('ph.crossingOn', { cell: cellName(seg.row, seg.column), who: owner(seg.seat) })
      : t('ph.tileOn', { kind: kind === UNIVERSAL ? `${kindName(kind)} (${kindName(seg.as)})` : kindName(kind), cell: cellName(seg.row, seg.column), who: owner(seg.seat) });
    return s('rect', {
      class: ['ph-tile', kind === UNIVERSAL && 'universal'], x: X(seg.column) + 2, y: Y(seg.row) + 2, width: U - 4, height: U - 4, rx: 5,
      style: `--seat:${seatColour(seg.seat)}`, 'data-seat': seg.seat, 'data-row': seg.row, 'data-column': seg.column,
    }, s('title', {}, kindLabel));
  });

  // the river: banks then water, so that the segments join; crossings on top with their banks
  const fresh = ctx.st.segments === null ? river.length : ctx.st.segments;
  const seg = (x, i, water) => s('path', {
    d: riverPath(X(x.column), Y(x.row), U, exitIndex(x.entry), exitIndex(x.exit)),
    class: [water ? 'ph-river-water' : 'ph-river-bank', x.crossing && 'crossing', i >= fresh && 'fresh'],
    pathLength: 1,
    ...(water ? { 'data-seg': i, 'data-seat': x.seat, 'data-crossing': x.crossing ? 'true' : null } : {}),
  });
  const plain = river.map((x, i) => [x, i]).filter(([x]) => !x.crossing);
  const over = river.map((x, i) => [x, i]).filter(([x]) => x.crossing);
  const riverEls = [
    plain.map(([x, i]) => seg(x, i, false)),
    plain.map(([x, i]) => seg(x, i, true)),
    over.map(([x, i]) => [
      s('path', { class: 'ph-river-halo', d: riverPath(X(x.column), Y(x.row), U, exitIndex(x.entry), exitIndex(x.exit)) }),
      seg(x, i, false), seg(x, i, true)]),
  ];

  // the open end: the cell where the next tile goes, and the exit it enters by
  let openEls = null;
  if (end) {
    const [ex, ey] = EXIT_XY[entry] || [0, 0.5];
    openEls = s('g', {
      class: ['ph-open', end.crossing && 'crossing'], 'data-testid': 'open-end', 'data-row': end.row, 'data-column': end.column,
    },
    s('title', {}, t(end.crossing ? 'ph.openEnd.crossing' : 'ph.openEnd', { cell: cellLabel(ctx, end.row, end.column), entry: exitName(entry) })),
    s('rect', { x: X(end.column) + 1.5, y: Y(end.row) + 1.5, width: U - 3, height: U - 3, rx: 4 }),
    s('circle', { class: 'ph-entry', cx: X(end.column) + ex * U, cy: Y(end.row) + ey * U, r: 4.5 }));
  }

  // the chosen tile's legal exits: a preview of the river in the cell and a target at the exit
  const previews = [];
  const targetEls = [];
  for (const target of targets) {
    const x0 = X(end.column);
    const y0 = Y(end.row);
    const [ex, ey] = EXIT_XY[target.exit];
    const cx = x0 + ex * U;
    const cy = y0 + ey * U;
    const text = targetLabel(ctx, target);
    previews.push(s('path', {
      class: ['ph-preview', targets.length === 1 && 'hot'], 'data-for': target.id,
      d: riverPath(x0, y0, U, entry, target.exit),
    }));
    targetEls.push(s('g', {
      class: 'ph-target', role: 'button', tabindex: focusable ? 0 : -1, 'data-action': target.id, 'data-exit': EXITS[target.exit],
      'aria-label': text,
      onclick: () => ctx.act(target.id),
      onkeydown: (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); ctx.act(target.id); } },
      onmouseenter: () => heat(ctx, target.id, true),
      onmouseleave: () => heat(ctx, target.id, false),
      onfocus: () => heat(ctx, target.id, true),
      onblur: () => heat(ctx, target.id, false),
    },
    s('title', {}, text),
    s('circle', { cx, cy, r: targetRadius }),
    s('path', { class: 'ph-target-arrow', d: arrowPath(cx, cy, target.exit, targetRadius * 0.55) })));
  }

  return s('svg', {
    class: 'ph-svg', viewBox: viewBox.join(' '), role: 'group', 'aria-label': label, 'data-testid': testid,
    preserveAspectRatio: 'xMidYMid meet',
  },
  crop ? s('rect', { class: 'ph-outside', x: viewBox[0], y: viewBox[1], width: viewBox[2], height: viewBox[3] }) : null,
  s('g', { class: 'ph-cells' }, cellEls),
  s('path', { class: 'ph-gridlines', d: grid.join('') }),
  s('g', { class: 'ph-zones' }, zones),
  s('g', { class: 'ph-labels' }, labels),
  s('g', { class: 'ph-tiles' }, tiles),
  s('g', { class: 'ph-river', 'data-testid': crop ? null : 'river-segments', 'data-count': river.length }, riverEls),
  openEls,
  s('g', { class: 'ph-previews' }, previews),
  s('g', { class: 'ph-targets' }, targetEls));
}

/**
 * Hovering or focusing a target shows its preview boldly, on the board and in the loupe,
 * and turns the chosen rack tile to match.
 */
function heat(ctx, id, on) {
  const root = ctx.root;
  if (!root) return;
  for (const el of root.querySelectorAll(`.ph-preview[data-for="${id}"]`)) el.classList.toggle('hot', on || ctx.targets.length === 1);
  const icon = root.querySelector('[data-testid="rack"] .selected .ph-tile-svg');
  if (icon && ctx.st.kind !== null) {
    const pair = on ? [ctx.entry, id % 8] : turnedPair(ctx);
    icon.replaceWith(tileSvg(ctx.st.kind, { size: 46, pair }));
  }
}

/** The selected tile as it would lie with its only legal exit (else printed). */
function turnedPair(ctx) {
  return ctx.targets.length === 1 ? [ctx.entry, ctx.targets[0].exit] : null;
}

// ---------------------------------------------------------------- panels

function panel(testid, heading, ...children) {
  return h('section', { class: ['panel', `ph-${testid}`], 'data-testid': testid, 'aria-label': heading },
    h('h2', {}, heading), ...children);
}

function boardPanel(ctx) {
  const { obs, st } = ctx;
  const laid = (obs.river || []).length;
  // the keyboard reaches the targets once, in the loupe (next to the rack)
  const svg = boardSvg(ctx, { testid: 'board-svg', label: t('ph.boardLabel'), targetRadius: U * 0.19, focusable: false });
  return h('section', { class: 'panel ph-board', 'data-testid': 'river', 'aria-label': t('ph.river') },
    h('div', { class: 'ph-board-head' },
      h('h2', {}, t('ph.river')),
      h('span', { class: 'ph-meta', 'data-testid': 'turn-info' },
        t('ph.meta', { turn: obs.turn ?? 0, bag: obs.bag ?? '?', laid })),
      h('button', {
        type: 'button', class: 'small ph-zoom', 'data-testid': 'zoom', 'aria-pressed': st.zoom ? 'true' : 'false',
        onclick: () => { st.zoom = !st.zoom; redraw(ctx); },
      }, st.zoom ? t('ph.unzoom') : t('ph.zoom'))),
    h('div', { class: ['ph-board-wrap', st.zoom && 'zoomed'] }, svg),
    legend());
}

function legend() {
  const item = (cls, text) => h('span', { class: 'ph-legend-item' }, h('span', { class: `ph-swatch ${cls}`, 'aria-hidden': 'true' }), text);
  return h('p', { class: 'ph-legend', 'aria-label': t('ph.legend') },
    item('green', t('ph.legend.green')), item('red', t('ph.legend.red')),
    item('u', t('ph.legend.u')), item('goal', t('ph.legend.goal')));
}

/** The loupe: the next tile's cell and its neighbours, enlarged, with the same targets. */
function loupe(ctx) {
  const { end } = ctx;
  if (!end) return h('p', { class: 'ph-where muted', 'data-testid': 'where' }, t('ph.openEnd.none'));
  const span = 3.5;
  const crop = [X(end.column) + U / 2 - (span * U) / 2, Y(end.row) + U / 2 - (span * U) / 2, span * U, span * U];
  return h('div', { class: 'ph-loupe-box' },
    boardSvg(ctx, { crop, testid: 'loupe', label: t('ph.loupe'), targetRadius: U * 0.23 }),
    h('p', { class: 'ph-where', 'data-testid': 'where' },
      t(end.crossing ? 'ph.openEnd.crossing' : 'ph.openEnd', { cell: cellLabel(ctx, end.row, end.column), entry: exitName(ctx.entry) })));
}

function rackPanel(ctx) {
  const { obs, viewer, playable, st, act } = ctx;
  if (viewer === null) return h('p', { class: 'muted' }, t('ph.rack.spectator'));
  const rack = obs.rack || {};
  const kinds = KINDS.filter((k) => rack[k]);
  const myTurn = !!act && ctx.legal.size > 0;
  const heading = h('h3', {}, `${t('ph.rack')} (${kinds.reduce((n, k) => n + rack[k], 0)})`);
  if (!kinds.length) return h('div', { class: 'ph-rack', 'data-testid': 'rack' }, heading, h('p', { class: 'muted' }, t('ph.rack.empty')));
  const tiles = kinds.map((key) => {
    const kind = kindIndex(key);
    const n = rack[key];
    const inner = [
      tileSvg(kind, { size: 46, pair: st.kind === kind ? turnedPair(ctx) : null }),
      n > 1 ? h('span', { class: 'ph-count', 'aria-hidden': 'true' }, `×${n}`) : null,
      h('span', { class: 'ph-tile-name' }, kindName(kind)),
    ];
    if (!myTurn) {
      return h('div', { class: 'ph-rack-tile inert', 'data-kind': key, role: 'img', 'aria-label': t('ph.rack.tile', { kind: kindName(kind), n }) }, inner);
    }
    const can = playable.has(kind);
    return h('button', {
      type: 'button', class: ['ph-rack-tile', can && 'playable', st.kind === kind && 'selected'], 'data-kind': key,
      'aria-pressed': st.kind === kind ? 'true' : 'false', disabled: !can,
      title: t(can ? 'ph.rack.pick' : 'ph.rack.cannot', { kind: kindName(kind), n }),
      'aria-label': t(can ? 'ph.rack.pick' : 'ph.rack.cannot', { kind: kindName(kind), n }),
      onclick: () => select(ctx, kind),
    }, inner);
  });
  let hint = null;
  if (myTurn && st.kind !== null) {
    hint = h('p', { class: 'ph-pick-hint', 'data-testid': 'pick-hint' }, tn('ph.hint.targets', ctx.targets.length, { kind: kindName(st.kind) }));
  } else if (myTurn && playable.size) {
    hint = h('p', { class: 'ph-pick-hint', 'data-testid': 'pick-hint' }, t('ph.hint.pick'));
  }
  return h('div', { class: 'ph-rack', 'data-testid': 'rack' }, heading, h('div', { class: 'ph-rack-row' }, tiles), hint);
}

function select(ctx, kind) {
  ctx.st.kind = kind;
  redraw(ctx);
  const again = ctx.root && ctx.root.querySelector(`[data-testid="rack"] [data-kind="${KINDS[kind]}"]`);
  if (again) again.focus({ preventScroll: true });
}

function controls(ctx) {
  const { viewer, obs, act, legal } = ctx;
  if (viewer === null || obs.result || !act || !legal.size) return null;
  const can = legal.has(END_TURN);
  return h('div', { class: 'controls ph-controls', 'data-testid': 'controls' },
    can
      ? h('button', { type: 'button', class: 'control primary', 'data-action': END_TURN, 'data-control': 'end-turn', onclick: () => act(END_TURN) }, t('ph.endTurn'))
      : h('button', { type: 'button', class: 'control', 'data-control': 'end-turn', disabled: true, title: t('ph.endTurn.disabled') }, t('ph.endTurn')));
}

function thisTurn(ctx) {
  const { obs, viewer } = ctx;
  const turn = obs.this_turn;
  if (!turn || obs.result || obs.active_seat === null || obs.active_seat === undefined) return null;
  return h('p', { class: 'ph-this-turn', 'data-testid': 'this-turn', 'data-points': turn.points, 'data-laid': turn.laid },
    t('ph.thisTurn', { who: seatName(obs.active_seat, viewer), laid: tn('ph.laid', turn.laid), points: t('ph.points', { points: signed(turn.points) }) }),
    turn.laid >= 3 && turn.laid + ((obs.rack_sizes || [])[obs.active_seat] ?? 0) === 5 && obs.active_seat === viewer
      ? h('span', { class: 'muted' }, ` · ${t('ph.bonusHint')}`) : null);
}

function movePanel(ctx) {
  const { viewer, act, legal } = ctx;
  const mine = viewer !== null && !!act && legal.size > 0;
  if (ctx.obs.result) return null; // the result shows every rack left
  const heading = t(mine ? 'ph.move' : 'ph.move.other');
  return h('section', { class: ['panel', 'ph-move', mine && 'mine'], 'data-testid': 'move', 'aria-label': heading },
    h('h2', {}, heading),
    h('div', { class: 'ph-move-row' }, loupe(ctx),
      h('div', { class: 'ph-move-side' }, rackPanel(ctx), controls(ctx), thisTurn(ctx))));
}

function seatsPanel(ctx) {
  const { obs, view, viewer } = ctx;
  const players = obs.players || (obs.scores || []).length;
  const tableSeats = (view.table && view.table.seats) || [];
  const active = obs.result ? null : (view.to_move ?? obs.active_seat ?? null);
  const draws = obs.start_draws || [];
  const list = [];
  for (let seat = 0; seat < players; seat += 1) {
    const info = tableSeats.find((x) => x.seat === seat) || null;
    const kind = info ? (info.kind === 'bot' ? t('seat.bot', { level: t(`bot.${info.bot}`) }) : t('seat.human')) : null;
    const size = (obs.rack_sizes || [])[seat] ?? 0;
    list.push(h('div', {
      class: ['seat', 'ph-seat', seat === active && 'active', seat === viewer && 'you'], 'data-seat': seat,
      'data-active': seat === active ? 'true' : 'false', style: `--seat:${seatColour(seat)}`,
    },
    h('div', { class: 'seat-head' },
      h('span', { class: 'ph-seat-colour', 'aria-hidden': 'true' }),
      h('strong', {}, seatName(seat, viewer)),
      kind ? h('span', { class: 'seat-kind' }, kind) : null,
      info && info.kind === 'human'
        ? h('span', { class: ['dot', info.connected ? 'on' : 'off'], title: t(info.connected ? 'seat.online' : 'seat.offline'), 'aria-label': t(info.connected ? 'seat.online' : 'seat.offline') })
        : null,
      seat === active ? h('span', { class: 'to-move' }, `▶ ${t('ph.toMove')}`) : null,
      h('span', { class: 'ph-score', 'data-testid': 'score', 'data-score': (obs.scores || [])[seat] ?? 0, title: t('ph.score') }, String((obs.scores || [])[seat] ?? 0))),
    h('div', { class: 'ph-seat-rack', 'data-testid': 'rack-size', 'data-size': size },
      h('span', { class: 'ph-backs', 'aria-hidden': 'true' }, Array.from({ length: Math.min(size, 5) }, () => h('span', { class: 'ph-back' }))),
      tn('ph.rackSize', size))));
  }
  const startDraws = draws.some((d) => d && d.length)
    ? h('details', { class: 'ph-start-draws' },
      h('summary', {}, t('ph.startDraws')),
      draws.map((d, seat) => h('p', {},
        h('span', { class: 'ph-draw-who' }, seatName(seat, viewer)),
        d.map((key) => h('span', { class: 'ph-mini', title: kindName(key) }, tileSvg(kindIndex(key), { size: 24, label: false }))),
        ` ${t('ph.startDraws.total', { total: d.reduce((n, key) => n + VALUES[kindIndex(key)], 0) })}`)))
    : null;
  return panel('seats', t('ph.seats'), list,
    h('p', { class: 'ph-bag', 'data-testid': 'bag', 'data-bag': obs.bag ?? 0 }, tn('ph.bag', obs.bag ?? 0)),
    startDraws);
}

function resultPanel(ctx) {
  const { obs, viewer } = ctx;
  const res = obs.result;
  if (!res) return null;
  const winners = res.winners || [];
  const over = (obs.log || []).slice().reverse().find((ev) => ev.event === 'game_over');
  const penalties = (over && over.penalties) || [];
  const cols = (res.scores || []).map((score, seat) => {
    const left = (res.racks_left || [])[seat] || {};
    const kinds = KINDS.filter((k) => left[k]);
    return h('div', {
      class: ['result-seat', 'ph-result-seat', winners.includes(seat) && 'winner', seat === viewer && 'you'],
      'data-seat': seat, 'data-winner': winners.includes(seat) ? 'true' : 'false', style: `--seat:${seatColour(seat)}`,
    },
    h('div', { class: 'result-name' }, h('span', { class: 'ph-seat-colour', 'aria-hidden': 'true' }), ' ', seatName(seat, viewer),
      winners.includes(seat) ? h('span', { class: 'crown' }, ` ★ ${t('result.winner')}`) : null),
    h('div', { class: 'ph-final-score', 'data-testid': 'final-score', 'data-score': score }, String(score)),
    h('div', { class: 'ph-left', 'data-testid': 'racks-left', 'aria-label': kinds.length ? t('ph.result.left', { tiles: tileList(left) }) : t('ph.result.leftNone') },
      kinds.length
        ? kinds.map((k) => h('span', { class: 'ph-mini', title: kindName(k), 'data-kind': k },
          tileSvg(kindIndex(k), { size: 28, label: false }), left[k] > 1 ? h('span', { class: 'ph-mini-count' }, `×${left[k]}`) : null))
        : h('span', { class: 'muted' }, t('ph.result.leftNone')),
      penalties[seat] ? h('span', { class: 'ph-penalty' }, ` ${t('ph.result.penalty', { n: penalties[seat] })}`) : null),
    null);
  });
  const names = winners.map((w) => seatName(w, viewer));
  return h('section', { class: 'panel result', 'data-testid': 'result' },
    h('h2', {}, t('result.title')),
    h('p', { class: 'winners' }, winners.includes(viewer) && winners.length === 1
      ? t('status.youWin')
      : t(winners.length > 1 ? 'status.overWinners' : 'status.overWinner', { who: joinList(names) })),
    over && over.reason ? h('p', { class: 'muted', 'data-testid': 'reason' }, t(`ph.result.reason.${over.reason}`)) : null,
    h('div', { class: 'result-cols' }, cols));
}

// ---------------------------------------------------------------- render

function draw(ctx) {
  const { root } = ctx;
  replace(root,
    h('div', { class: 'pharaohs' },
      resultPanel(ctx),
      h('div', { class: 'ph-grid' },
        h('div', { class: 'ph-main' }, boardPanel(ctx)),
        h('div', { class: 'ph-side' }, movePanel(ctx), seatsPanel(ctx)))));
  ctx.st.segments = (ctx.obs.river || []).length;
  if (ctx.st.zoom) centreOnOpenEnd(root);
}

/** An enlarged board scrolls so that the cell where the next tile goes is in the middle. */
function centreOnOpenEnd(root) {
  const wrap = root.querySelector('.ph-board-wrap.zoomed');
  const cell = wrap && wrap.querySelector('[data-testid="open-end"]');
  if (!cell || !wrap.getBoundingClientRect) return;
  const box = wrap.getBoundingClientRect();
  const at = cell.getBoundingClientRect();
  wrap.scrollLeft += at.left + at.width / 2 - (box.left + box.width / 2);
  wrap.scrollTop += at.top + at.height / 2 - (box.top + box.height / 2);
}

function redraw(ctx) {
  const next = context(ctx.view, ctx.act, ctx.st);
  next.root = ctx.root;
  next.st.segments = next.river.length; // nothing new to animate
  draw(next);
}

export function render(view, root, act) {
  const key = `${(view.table && view.table.id) || ''}:${view.seat ?? 'spectator'}`;
  const st = stateOf(root, key);
  if (st.segments !== null && (view.observation || {}).river && view.observation.river.length < st.segments) {
    st.segments = null; // a replay going back: animate nothing
  }
  const ctx = context(view, act, st);
  ctx.root = root;
  draw(ctx);
}
