/**
 * What a tile shows, for players: "a city cap with a road", "a triangle with a road", "fields only".
 * Each part names what the tile holds; `tiles.square` and `tiles.triangle` join them.
 */
import type { Messages } from '../types.js';

const en = {
  /** The cities of a tile, with their pennants and princess (`extras`, a list) when it has some. */
  'tiles.cities':
    '{count, plural, =1 {{cap, select, yes {a city cap} other {a city}}} =2 {two cities} =3 {three cities} =4 {four cities} =5 {five cities} =6 {six cities} other {# cities}}{withExtras, select, yes { with {extras}} other {}}',
  'tiles.pennants':
    '{count, plural, =1 {a pennant} =2 {two pennants} =3 {three pennants} =4 {four pennants} =5 {five pennants} =6 {six pennants} other {# pennants}}',
  'tiles.princess': 'a princess',
  'tiles.roads':
    '{count, plural, =1 {a road} =2 {two roads} =3 {three roads} =4 {four roads} =5 {five roads} =6 {six roads} other {# roads}}{tunnel, select, yes { under a city} other {}}',
  'tiles.monastery': 'a monastery',
  'tiles.towerFoundation': 'a tower foundation',
  'tiles.symbol':
    '{symbol, select, garden {a garden} volcano {a volcano} dragon {the dragon’s sign} portal {a magic portal} vineyard {a vineyard} hill {a hill} sheep {sheep} cropCircle {a crop circle} waterTower {a water tower} other {{symbol}}}',
  /** A square tile: nothing but fields, its parts listed, or the first part with the others. */
  'tiles.square': '{shape, select, empty {fields only} list {{parts}} other {{first} with {rest}}}',
  /** A triangle: a field triangle, or one with its parts (in brackets when they already say "with"). */
  'tiles.triangle':
    '{shape, select, empty {a field triangle} brackets {a triangle ({parts})} other {a triangle with {parts}}}',
};

const nl: Record<keyof typeof en, string> = {
  'tiles.cities':
    '{count, plural, =1 {{cap, select, yes {een stadsdeel} other {een stad}}} =2 {twee steden} =3 {drie steden} =4 {vier steden} =5 {vijf steden} =6 {zes steden} other {# steden}}{withExtras, select, yes { met {extras}} other {}}',
  'tiles.pennants':
    '{count, plural, =1 {een wapenschild} =2 {twee wapenschilden} =3 {drie wapenschilden} =4 {vier wapenschilden} other {# wapenschilden}}',
  'tiles.princess': 'een jonkvrouw',
  'tiles.roads':
    '{count, plural, =1 {een weg} =2 {twee wegen} =3 {drie wegen} =4 {vier wegen} other {# wegen}}{tunnel, select, yes { onder een stad door} other {}}',
  'tiles.monastery': 'een klooster',
  'tiles.towerFoundation': 'een torenfundament',
  'tiles.symbol':
    '{symbol, select, garden {een tuin} volcano {een vulkaan} dragon {het drakensymbool} portal {een magische poort} vineyard {een wijngaard} hill {een heuvel} sheep {schapen} cropCircle {een graancirkel} waterTower {een watertoren} other {{symbol}}}',
  'tiles.square': '{shape, select, empty {alleen weiland} list {{parts}} other {{first} met {rest}}}',
  'tiles.triangle':
    '{shape, select, empty {een weilanddriehoek} brackets {een driehoek ({parts})} other {een driehoek met {parts}}}',
};

const ro: Record<keyof typeof en, string> = {
  'tiles.cities':
    '{count, plural, =1 {{cap, select, yes {o margine de oraș} other {un oraș}}} =2 {două orașe} =3 {trei orașe} =4 {patru orașe} few {# orașe} other {# de orașe}}{withExtras, select, yes { cu {extras}} other {}}',
  'tiles.pennants':
    '{count, plural, =1 {un blazon} =2 {două blazoane} =3 {trei blazoane} =4 {patru blazoane} few {# blazoane} other {# de blazoane}}',
  'tiles.princess': 'o prințesă',
  'tiles.roads':
    '{count, plural, =1 {un drum} =2 {două drumuri} =3 {trei drumuri} =4 {patru drumuri} few {# drumuri} other {# de drumuri}}{tunnel, select, yes { pe sub un oraș} other {}}',
  'tiles.monastery': 'o mănăstire',
  'tiles.towerFoundation': 'o fundație de turn',
  'tiles.symbol':
    '{symbol, select, garden {o grădină} volcano {un vulcan} dragon {semnul dragonului} portal {un portal magic} vineyard {o vie} hill {un deal} sheep {oi} cropCircle {un cerc în lan} waterTower {un turn de apă} other {{symbol}}}',
  'tiles.square': '{shape, select, empty {doar câmp} list {{parts}} other {{first} cu {rest}}}',
  'tiles.triangle':
    '{shape, select, empty {un triunghi de câmp} brackets {un triunghi ({parts})} other {un triunghi cu {parts}}}',
};

export const TILE_MESSAGES: Messages = { en, nl, ro };
