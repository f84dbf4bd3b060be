/** The board's style sheets: the SVG's (cells, targets, marks) and the HTML wrapper's (buttons). */
import { ART_COLOURS } from '@carc/art';
import { SCORING_HTML_STYLE, SCORING_STYLE } from './scoring.js';

export const BOARD_STYLE = `
.figure text,.tower-height text,.target text{font-family:system-ui,sans-serif;font-weight:700;pointer-events:none;user-select:none}
.cell .legal{fill:rgba(255,255,255,.38);stroke:#0b57d0;stroke-width:3;stroke-dasharray:8 5}
.cell:hover .legal,.cell:focus .legal{fill:rgba(11,87,208,.22);stroke-dasharray:none}
.cell.selected .legal{fill:none;stroke:#0b57d0;stroke-width:4;stroke-dasharray:none}
.cell .hit{fill:transparent;pointer-events:all;cursor:pointer}
.cell:focus,.target:focus{outline:none}
.cell:focus-visible .legal{stroke:#000;stroke-width:5}
@media (prefers-color-scheme:dark){.cell .legal{fill:rgba(141,180,230,.1);stroke:#8db4e6;stroke-width:2.5}.cell:hover .legal,.cell:focus .legal{fill:rgba(141,180,230,.28)}.cell.selected .legal{stroke:#8db4e6}.cell:focus-visible .legal{stroke:#fff}}
.preview{pointer-events:none;opacity:.92}
.preview .frame{fill:none;stroke:#0b57d0;stroke-width:4}
.last{fill:none;stroke:#ff2d95;stroke-width:2.5;stroke-linejoin:round}
.covered .area{fill:rgba(255,214,0,.28)}
.covered .shape{fill:rgba(255,214,0,.6);stroke:#ff8f00;stroke-width:4}
.covered .way{fill:none;stroke:#ffc400;stroke-width:16;stroke-opacity:.85;stroke-linecap:round}
.covered .side{stroke:#ff8f00;stroke-width:6;stroke-linecap:round}
.target{cursor:pointer}
.target .hit{fill:transparent;pointer-events:all}
.target .leader{stroke:#1a1a1a;stroke-width:2;pointer-events:none}
.target .anchor{stroke:#1a1a1a;stroke-width:1.5;pointer-events:none}
.target .ring{fill:rgba(255,255,255,.9);stroke-width:3.5}
.target:hover .ring,.target:focus .ring,.target.active .ring{fill:#fff3b0}
.target .piece{stroke:#1b1b1b;stroke-width:.06;stroke-linejoin:round;pointer-events:none}
.target .focus{fill:none;stroke:none}
.target:focus-visible .focus,.target.armed .focus{stroke:#000;stroke-width:3}
.target .tick{display:none;pointer-events:none}
.target.armed .tick{display:inline}
.target .tick circle{fill:#0b57d0;stroke:#fff;stroke-width:1.5}
.target .tick text{fill:#fff}
${SCORING_STYLE}`;

export const HTML_STYLE = `
.carc-board{position:relative;width:100%;height:100%;overflow:hidden;background:var(--board-bg,${ART_COLOURS.background});touch-action:none}
.carc-board .backdrop{fill:var(--board-bg,${ART_COLOURS.background})}
.carc-board svg{display:block;width:100%;height:100%;outline:none}
.carc-board svg:focus-visible{box-shadow:inset 0 0 0 3px var(--focus,#0b57d0)}
.carc-board .controls{position:absolute;left:0;top:0;display:flex;gap:6px;pointer-events:none}
.carc-board .controls[hidden]{display:none}
.carc-board .controls button{pointer-events:auto;min-width:48px;min-height:48px;font-size:26px;line-height:1;border-radius:10px;border:2px solid var(--accent,#0b57d0);background:var(--surface,#fff);color:var(--accent,#0b57d0);cursor:pointer;box-shadow:0 1px 4px rgba(0,0,0,.3)}
.carc-board .controls button.confirm{background:var(--accent,#0b57d0);color:var(--accent-ink,#fff)}
.carc-board .sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
${SCORING_HTML_STYLE}`;
