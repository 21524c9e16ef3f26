// NIL – Le Jeu des Pharaons: tile geometry (tiles.py) and tiles drawn as SVG.
// A tile's river joins two of eight exits, numbered clockwise from north: side midpoints
// (even) and corners (odd). A printed kind turns in quarter turns (+2 on both exits).

import { s } from '../dom.js';

export const EXITS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'];
/** Kind keys in the engine's order (tiles.KIND_KEYS); action id = kind * 8 + exit. */
export const KINDS = ['straight', 'diagonal', 'center90', 'corner90', 'left45', 'right45', 'left135', 'right135', 'universal'];
export const UNIVERSAL = 8;
export const END_TURN = 72;
/** Points printed on a tile of each kind. */
export const VALUES = [10, 10, 10, 10, 8, 8, 5, 5, 35];
/** One exit pair of each printed kind, before any turn (tiles.BASE_PAIRS). */
const BASE_PAIRS = [[6, 2], [5, 1], [4, 6], [5, 3], [4, 7], [4, 1], [4, 5], [4, 3]];
/** Where each exit lies in a unit cell (x east, y south). */
export const EXIT_XY = [[0.5, 0], [1, 0], [1, 0.5], [1, 1], [0.5, 1], [0, 1], [0, 0.5], [0, 0]];
/** Row and column steps to the neighbour a river reaches through each exit. */
export const STEP = [[-1, 0], [-1, 1], [0, 1], [1, 1], [1, 0], [1, -1], [0, -1], [-1, -1]];

const PAIR_KIND = Array.from({ length: 8 }, () => Array(8).fill(-1));
BASE_PAIRS.forEach(([a, b], kind) => {
  for (let q = 0; q < 4; q += 1) {
    const x = (a + 2 * q) & 7;
    const y = (b + 2 * q) & 7;
    PAIR_KIND[x][y] = kind;
    PAIR_KIND[y][x] = kind;
  }
});

/** The printed kind whose river joins exits a and b (-1 when a === b). */
export function pairKind(a, b) {
  return PAIR_KIND[a] ? PAIR_KIND[a][b] ?? -1 : -1;
}

export const exitIndex = (name) => EXITS.indexOf(name);
export const kindIndex = (key) => KINDS.indexOf(key);

/** The path of a river from exit a to exit b in the cell at (x, y) of size u: a curve through the centre. */
export function riverPath(x, y, u, a, b) {
  const [ax, ay] = EXIT_XY[a];
  const [bx, by] = EXIT_XY[b];
  const f = (v) => +v.toFixed(2);
  return `M${f(x + ax * u)} ${f(y + ay * u)}Q${f(x + u / 2)} ${f(y + u / 2)} ${f(x + bx * u)} ${f(y + by * u)}`;
}

/** The exit pairs a kind draws in its printed position (the universal: every exit to the centre). */
export function printedPairs(kind) {
  if (kind === UNIVERSAL) return EXITS.map((_, e) => [e, (e + 4) & 7]).slice(0, 4);
  return [BASE_PAIRS[kind]];
}

/**
 * A tile as a small SVG: its sand face, the river in its printed position, its value.
 * `pair` draws it turned to join those two exits instead (the universal: that pair on top).
 */
export function tileSvg(kind, { size = 44, pair = null, label = true } = {}) {
  const u = 40;
  const pairs = pair && kind !== UNIVERSAL ? [pair] : printedPairs(kind);
  const paths = pairs.map(([a, b]) => riverPath(0, 0, u, a, b));
  if (pair && kind === UNIVERSAL) paths.push(riverPath(0, 0, u, pair[0], pair[1]));
  return s('svg', {
    class: 'ph-tile-svg', viewBox: `0 0 ${u} ${u}`, width: size, height: size, 'aria-hidden': 'true', focusable: 'false',
    'data-pair': pair ? pair.map((e) => EXITS[e]).join('-') : null,
  },
  s('rect', { x: 0.75, y: 0.75, width: u - 1.5, height: u - 1.5, rx: 4, class: ['ph-tile-face', kind === UNIVERSAL && 'universal'] }),
  paths.map((d) => s('path', { d, class: 'ph-river-bank' })),
  paths.map((d) => s('path', { d, class: 'ph-river-water' })),
  label ? s('text', { x: u - 3, y: u - 4, class: 'ph-tile-value', 'text-anchor': 'end' }, String(VALUES[kind])) : null);
}
