/**
 * @carc/art: what every renderer of the game draws, as data. Tile artwork computed from tile
 * definitions (tileArt.ts), the extent of a board (bounds.ts), a model of what to draw on a board
 * (model.ts), the points where a decision's figure targets are drawn (targets.ts) and an SVG
 * renderer drawing that model (svg.ts). Runs wherever the engine runs: no Node and no DOM APIs.
 */
export * from './bounds.js';
export * from './model.js';
export * from './svg.js';
export * from './tileArt.js';
export * from './targets.js';
