// NILE's cards as SVG: crop colours and glyphs, speculation cards split in two, the locust.

import { s } from '../dom.js';

export const CROPS = ['Papyrus', 'Wheat', 'Lettuce', 'Castor', 'Flax'];

const PAIRS = [];
for (let a = 0; a < CROPS.length; a += 1) {
  for (let b = a + 1; b < CROPS.length; b += 1) PAIRS.push([a, b]);
}

export const LOCUST_NAME = 'Plague of Locusts';
/** Card kinds in the engine's order (cards.py KIND_NAMES): 5 crops, 10 speculations, locust. */
export const KIND_NAMES = [
  ...CROPS,
  ...PAIRS.map(([a, b]) => `Speculation ${CROPS[a]}/${CROPS[b]}`),
  LOCUST_NAME,
];
export const FIRST_SPECULATION = CROPS.length;
export const LOCUST = KIND_NAMES.length - 1;

/** Fill and ink (text) colour of each crop: Papyrus red, Wheat yellow, Lettuce green, Castor brown, Flax lavender. */
export const COLOURS = {
  Papyrus: { fill: '#c0392b', ink: '#ffffff' },
  Wheat: { fill: '#e8bd1a', ink: '#2b2100' },
  Lettuce: { fill: '#3c9a3c', ink: '#0b240b' },
  Castor: { fill: '#8a5a2b', ink: '#ffffff' },
  Flax: { fill: '#ab95dc', ink: '#1e1433' },
};

export function kindOf(name) {
  return KIND_NAMES.indexOf(name);
}

/** The crops a card shows: one for a crop card, two for a speculation card, none for the locust. */
export function cropsOf(name) {
  const kind = kindOf(name);
  if (kind < 0 || kind === LOCUST) return [];
  if (kind < FIRST_SPECULATION) return [CROPS[kind]];
  return PAIRS[kind - FIRST_SPECULATION].map((c) => CROPS[c]);
}

export const isSpeculation = (name) => kindOf(name) >= FIRST_SPECULATION && kindOf(name) < LOCUST;

// A small drawing per crop, centred on (0, 0), about 26 units tall: colour is never the only cue.
function glyph(crop, ink) {
  const line = { stroke: ink, 'stroke-width': 1.8, 'stroke-linecap': 'round', fill: 'none' };
  const fill = { fill: ink };
  switch (crop) {
    case 'Papyrus': // a stalk crowned by a fan
      return s('g', {},
        s('path', { ...line, d: 'M0 13 L0 -4' }),
        ...[-60, -30, 0, 30, 60].map((angle) =>
          s('path', { ...line, d: 'M0 -4 L0 -13', transform: `rotate(${angle} 0 -4)` })));
    case 'Wheat': // an ear of grains
      return s('g', {},
        s('path', { ...line, d: 'M0 13 L0 -13' }),
        ...[-9, -3, 3].flatMap((y) => [
          s('ellipse', { ...fill, cx: -3.2, cy: y, rx: 2.2, ry: 3.6, transform: `rotate(-30 -3.2 ${y})` }),
          s('ellipse', { ...fill, cx: 3.2, cy: y, rx: 2.2, ry: 3.6, transform: `rotate(30 3.2 ${y})` }),
        ]));
    case 'Lettuce': // a round head of leaves
      return s('g', {},
        s('circle', { ...line, r: 11 }),
        s('path', { ...line, d: 'M-7 3 Q0 -10 7 3' }),
        s('path', { ...line, d: 'M-4 7 Q0 -2 4 7' }));
    case 'Castor': // a palm-shaped leaf
      return s('g', {},
        s('path', {
          ...fill,
          d: 'M0 -12 L3 -3 L11 -6 L6 2 L11 8 L2 5 L0 12 L-2 5 L-11 8 L-6 2 L-11 -6 L-3 -3 Z',
        }));
    case 'Flax': // a five-petal flower
      return s('g', {},
        ...[0, 72, 144, 216, 288].map((angle) =>
          s('ellipse', { ...line, cx: 0, cy: -6.5, rx: 3.6, ry: 5.5, transform: `rotate(${angle})` })),
        s('circle', { ...fill, r: 2.4 }));
    default:
      return s('g');
  }
}

function locustGlyph() {
  const ink = '#c8cc5a';
  const line = { stroke: ink, 'stroke-width': 1.6, 'stroke-linecap': 'round', fill: 'none' };
  return s('g', {},
    s('ellipse', { fill: ink, cx: 0, cy: 2, rx: 5, ry: 12 }),
    s('circle', { fill: ink, cx: 0, cy: -13, r: 4 }),
    s('path', { ...line, d: 'M-4 -4 L-13 -10 M4 -4 L13 -10 M-4 2 L-14 4 M4 2 L14 4 M-4 8 L-12 16 M4 8 L12 16' }),
    s('path', { ...line, d: 'M-2 -16 L-6 -23 M2 -16 L6 -23' }));
}

/**
 * The SVG of a card (viewBox 60×84), decorative: the caller gives the accessible name.
 * initials: {crop: 'Bl', ...} in the page's language.
 */
export function cardSvg(name, initials = {}) {
  const svg = s('svg', { class: 'card-svg', viewBox: '0 0 60 84', 'aria-hidden': 'true', focusable: 'false' });
  const crops = cropsOf(name);
  const frame = { x: 1, y: 1, width: 58, height: 82, rx: 6 };
  if (name === 'back') {
    svg.append(
      s('rect', { ...frame, fill: '#1d4e6e', stroke: '#0e2c40', 'stroke-width': 1.5 }),
      ...[22, 34, 46, 58].map((y) =>
        s('path', { d: `M8 ${y} q5.5 -5 11 0 t11 0 t11 0 t11 0`, stroke: '#7fb3d5', 'stroke-width': 1.6, fill: 'none' })),
    );
    return svg;
  }
  if (name === LOCUST_NAME) {
    svg.append(
      s('rect', { ...frame, fill: '#2e2e22', stroke: '#111', 'stroke-width': 1.5 }),
      s('g', { transform: 'translate(30 44)' }, locustGlyph()),
    );
    return svg;
  }
  if (crops.length === 1) {
    const [crop] = crops;
    const { fill, ink } = COLOURS[crop];
    svg.append(
      s('rect', { ...frame, fill, stroke: 'rgba(0,0,0,.35)', 'stroke-width': 1.5 }),
      s('rect', { x: 5, y: 5, width: 50, height: 74, rx: 4, fill: 'none', stroke: ink, 'stroke-opacity': 0.35 }),
      s('text', { x: 9, y: 20, fill: ink, 'font-size': 13, 'font-weight': 700, 'font-family': 'system-ui, sans-serif' },
        initials[crop] || crop.slice(0, 2)),
      s('g', { transform: 'translate(30 50)' }, glyph(crop, ink)),
    );
    return svg;
  }
  if (crops.length === 2) {
    const [a, b] = crops;
    svg.append(
      // two halves split along the diagonal, each following the card's rounded corners
      s('path', { d: 'M1 83 L1 7 Q1 1 7 1 L59 1 Z', fill: COLOURS[a].fill }),
      s('path', { d: 'M59 1 L59 77 Q59 83 53 83 L1 83 Z', fill: COLOURS[b].fill }),
      s('rect', { ...frame, fill: 'none', stroke: '#6b4e00', 'stroke-width': 2, 'stroke-dasharray': '4 2' }),
      s('g', { transform: 'translate(16 22) scale(.55)' }, glyph(a, COLOURS[a].ink)),
      s('g', { transform: 'translate(44 62) scale(.55)' }, glyph(b, COLOURS[b].ink)),
      s('rect', { x: 6, y: 34, width: 48, height: 16, rx: 3, fill: '#fffaf0', stroke: '#6b4e00', 'stroke-width': 0.8 }),
      s('text', {
        x: 30, y: 46, 'text-anchor': 'middle', fill: '#2a1f00',
        'font-size': 10.5, 'font-weight': 700, 'font-family': 'system-ui, sans-serif',
      }, `${initials[a] || a.slice(0, 2)}/${initials[b] || b.slice(0, 2)}`),
    );
    return svg;
  }
  svg.append(s('rect', { ...frame, fill: '#ddd', stroke: '#999' }),
    s('text', { x: 30, y: 48, 'text-anchor': 'middle', 'font-size': 12 }, '?'));
  return svg;
}
