/** The Halflings' messages: triangles in hand, the draft, vineyards and crop circles (H-0..H-14). */
import type { Messages } from '../types.js';

const en = {
  'halflings.piece.triangle': 'triangle',
  'halflings.piece.hand': 'hand',
  'halflings.bonus.H-12': 'vineyard bonus',
  'halflings.removal.H-13': '{meeple} went home (crop circle)',

  'halflings.action.draw': 'draw a tile from the pile',
  /** H-4: where the triangle's right angle lies. */
  'halflings.action.triangle':
    '{tile} at {cell}, right angle {corner, select, nw {north-west} ne {north-east} se {south-east} sw {south-west} other {{corner}}}',
  'halflings.action.draft': 'take {tile}',
  'halflings.action.crop-circle':
    'crop circle: {meeple, select, knight {knights} thief {thieves} farmer {farmers} other {{meeple}}}, everyone {mode, select, add {may add one} other {must remove one}}',
  /** `n`: which of the player's meeples on the spot, or "none". */
  'halflings.action.crop':
    '{mode, select, remove {remove the meeple{n, select, none {} other { #{n}}} from {feature}} other {add a meeple beside the one on {feature}}}',
};

const nl: Record<keyof typeof en, string> = {
  'halflings.piece.triangle': 'driehoek',
  'halflings.piece.hand': 'hand',
  'halflings.bonus.H-12': 'wijngaardbonus',
  'halflings.removal.H-13': '{meeple} ging naar huis (graancirkel)',

  'halflings.action.draw': 'een tegel van de stapel trekken',
  'halflings.action.triangle':
    '{tile} op {cell}, rechte hoek in het {corner, select, nw {noordwesten} ne {noordoosten} se {zuidoosten} sw {zuidwesten} other {{corner}}}',
  'halflings.action.draft': '{tile} nemen',
  'halflings.action.crop-circle':
    'graancirkel: {meeple, select, knight {ridders} thief {struikrovers} farmer {boeren} other {{meeple}}}, iedereen {mode, select, add {mag er een bijzetten} other {moet er een weghalen}}',
  'halflings.action.crop':
    '{mode, select, remove {de horige{n, select, none {} other { #{n}}} {kind, select, city {uit} monastery {uit} field {uit} other {van}} {feature} weghalen} other {een horige bijzetten naast die {kind, select, city {in} monastery {in} field {in} other {op}} {feature}}}',
};

const ro: Record<keyof typeof en, string> = {
  'halflings.piece.triangle': 'triunghi',
  'halflings.piece.hand': 'mână',
  'halflings.bonus.H-12': 'bonusul viei',
  'halflings.removal.H-13': '{meeple} s-a întors acasă (cerc în lan)',

  'halflings.action.draw': 'trage un cartonaș din teanc',
  'halflings.action.triangle':
    '{tile} la {cell}, cu unghiul drept spre {corner, select, nw {nord-vest} ne {nord-est} se {sud-est} sw {sud-vest} other {{corner}}}',
  'halflings.action.draft': 'ia {tile}',
  'halflings.action.crop-circle':
    'cerc în lan: {meeple, select, knight {cavaleri} thief {hoți} farmer {țărani} other {{meeple}}}, fiecare {mode, select, add {poate adăuga unul} other {trebuie să scoată unul}}',
  'halflings.action.crop':
    '{mode, select, remove {scoate {n, select, none {meeple-ul} other {meeple-ul #{n}}} {kind, select, city {din} monastery {din} other {de pe}} {feature}} other {adaugă un meeple lângă cel {kind, select, city {din} monastery {din} other {de pe}} {feature}}}',
};

export const HALFLINGS_MESSAGES: Messages = { en, nl, ro };
