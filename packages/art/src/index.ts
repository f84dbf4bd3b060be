/**
 * @carc/art: what every renderer of the game draws, as data. Tile artwork computed from tile
 * definitions (tileArt.ts), the extent of a board (bounds.ts) and an SVG renderer (svg.ts). Runs
 * wherever the engine runs: no Node and no DOM APIs.
 */
export * from './bounds.js';
export * from './svg.js';
export * from './tileArt.js';
