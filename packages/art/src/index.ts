/**
 * @carc/art: what every renderer of the game draws, as data. Tile artwork computed from tile
 * definitions (tileArt.ts), the extent of a board (bounds.ts), a model of what to draw on a board
 * (model.ts), the drawing of its tiles and figures as renderer-neutral glyphs (glyphs.ts) in the
 * players' colours (palette.ts), the points where a decision's figure targets are drawn
 * (targets.ts), the pieces drawn on those targets (figures.ts) and an SVG renderer serialising
 * those glyphs (svg.ts). Runs wherever the engine runs: no Node and no DOM APIs.
 */
export * from './bounds.js';
export * from './figures.js';
export * from './glyphs.js';
export * from './model.js';
export * from './palette.js';
export * from './svg.js';
export * from './tileArt.js';
export * from './targets.js';
export * from './present/index.js';
