/**
 * The words of the pictures: the titles of tiles, figures and symbols (tooltips and accessible
 * names), the names of the figures a board offers, the players' colours, and the SVG picture's
 * title and legend.
 */
import type { Messages } from '../types.js';

const en = {
  'art.figure.meeple': 'meeple',
  'art.figure.farmer': 'farmer',
  'art.figure.tower': 'tower piece',
  'art.figure.tower-meeple': 'meeple on the tower',
  'art.figure.fairy': 'fairy',
  'art.figure.dragon': 'dragon',
  'art.figure.princess': 'princess',
  'art.figure.capture': 'captured meeple',
  /** A player's colour, by its English name without spaces. */
  'art.colour':
    '{colour, select, vermillion {vermillion} blue {blue} yellow {yellow} black {black} purple {purple} skyblue {sky blue} other {{colour}}}',
  'art.meepleTitle':
    '{name} ({colour}, {letter}): {kind, select, field {farmer} other {meeple}} on a {kind} at ({x},{y}){returned, select, yes {, returned at final scoring} other {}}',
  /** A tile's title: its id (what a debugging eye looks for), place and rotation. */
  'art.tileTitle':
    '{tile} at ({x},{y}), rotation {rotation}{corner, select, none {} other {, corner {corner}}}',
  /** A printed symbol's title (English: its id). */
  'art.symbol': '{symbol}',
  'art.dragon': 'the dragon',
  'art.fairy': 'the fairy',
  'art.towerHeight': 'tower of height {height}',

  'art.boardTitle': 'Carcassonne board, {count, plural, one {# tile} other {# tiles}}',
  /** A player without a name, at a sentence's start or inside one. */
  'art.player': '{start, select, yes {Player {number}} other {player {number}}}',
  /** H-3: the viewer's hand ("You" is the person at the terminal). */
  // ICU writes an apostrophe as two: "Ann's hand", "Doris' hand".
  'art.hand': "{you, select, yes {Your hand} other {{name}{endsInS, select, yes {''} other {''s}} hand}}",
  /** A player's line in the legend; `extras` are joined by "; ". */
  'art.legend.player': '{name}: {score}{withExtras, select, yes { ({extras})} other {}}',
  'art.legend.supply': '{count} in supply',
  'art.legend.towerPieces': '{count, plural, one {# tower piece} other {# tower pieces}}',
  'art.legend.holds': 'holds {prisoners}',
  'art.legend.returned': 'meeples as they stood at the end, before final scoring returned them to supply',
  'art.legend.symbol':
    '{symbol, select, garden {garden} volcano {volcano} dragon {dragon symbol} portal {magic portal} vineyard {vineyard} cropCircle {crop circle} waterTower {water tower} other {{symbol}}}',
  'art.legend.tower': 'a tower and its height',
};

const nl: Record<keyof typeof en, string> = {
  'art.figure.meeple': 'horige',
  'art.figure.farmer': 'boer',
  'art.figure.tower': 'torendeel',
  'art.figure.tower-meeple': 'horige op de toren',
  'art.figure.fairy': 'fee',
  'art.figure.dragon': 'draak',
  'art.figure.princess': 'jonkvrouw',
  'art.figure.capture': 'gevangen horige',
  'art.colour':
    '{colour, select, vermillion {vermiljoen} blue {blauw} yellow {geel} black {zwart} purple {paars} skyblue {hemelsblauw} other {{colour}}}',
  'art.meepleTitle':
    '{name} ({colour}, {letter}): {kind, select, field {boer in een weiland} city {horige in een stad} monastery {horige in een klooster} road {horige op een weg} tower {horige op een toren} other {horige op {kind}}} op ({x},{y}){returned, select, yes {, bij de eindtelling teruggegaan} other {}}',
  'art.tileTitle': '{tile} op ({x},{y}), rotatie {rotation}{corner, select, none {} other {, hoek {corner}}}',
  'art.symbol':
    '{symbol, select, garden {tuin} volcano {vulkaan} dragon {drakensymbool} portal {magische poort} vineyard {wijngaard} hill {heuvel} sheep {schapen} cropCircle {graancirkel} waterTower {watertoren} other {{symbol}}}',
  'art.dragon': 'de draak',
  'art.fairy': 'de fee',
  'art.towerHeight': 'toren van hoogte {height}',

  'art.boardTitle': 'Carcassonne-speelveld, {count, plural, one {# tegel} other {# tegels}}',
  'art.player': '{start, select, yes {Speler {number}} other {speler {number}}}',
  'art.hand': '{you, select, yes {Jouw hand} other {Hand van {name}}}',
  'art.legend.player': '{name}: {score}{withExtras, select, yes { ({extras})} other {}}',
  'art.legend.supply': '{count} in voorraad',
  'art.legend.towerPieces': '{count, plural, one {# torendeel} other {# torendelen}}',
  'art.legend.holds': 'houdt {prisoners} gevangen',
  'art.legend.returned':
    'horigen zoals ze aan het eind stonden, voordat de eindtelling ze naar de voorraad terugbracht',
  'art.legend.symbol':
    '{symbol, select, garden {tuin} volcano {vulkaan} dragon {drakensymbool} portal {magische poort} vineyard {wijngaard} hill {heuvel} sheep {schapen} cropCircle {graancirkel} waterTower {watertoren} other {{symbol}}}',
  'art.legend.tower': 'een toren en zijn hoogte',
};

const ro: Record<keyof typeof en, string> = {
  'art.figure.meeple': 'meeple',
  'art.figure.farmer': 'țăran',
  'art.figure.tower': 'piesă de turn',
  'art.figure.tower-meeple': 'meeple pe turn',
  'art.figure.fairy': 'zână',
  'art.figure.dragon': 'dragon',
  'art.figure.princess': 'prințesă',
  'art.figure.capture': 'meeple capturat',
  'art.colour':
    '{colour, select, vermillion {roșu-portocaliu} blue {albastru} yellow {galben} black {negru} purple {mov} skyblue {bleu} other {{colour}}}',
  'art.meepleTitle':
    '{name} ({colour}, {letter}): {kind, select, field {țăran pe un câmp} city {meeple într-un oraș} monastery {meeple într-o mănăstire} road {meeple pe un drum} tower {meeple pe un turn} other {meeple pe {kind}}} la ({x},{y}){returned, select, yes {, întors în rezervă la evaluarea finală} other {}}',
  'art.tileTitle': '{tile} la ({x},{y}), rotație {rotation}{corner, select, none {} other {, colț {corner}}}',
  'art.symbol':
    '{symbol, select, garden {grădină} volcano {vulcan} dragon {semnul dragonului} portal {portal magic} vineyard {vie} hill {deal} sheep {oi} cropCircle {cerc în lan} waterTower {turn de apă} other {{symbol}}}',
  'art.dragon': 'dragonul',
  'art.fairy': 'zâna',
  'art.towerHeight': 'turn de înălțime {height}',

  'art.boardTitle':
    'Tabla Carcassonne, {count, plural, one {# cartonaș} few {# cartonașe} other {# de cartonașe}}',
  'art.player': '{start, select, yes {Jucătorul {number}} other {jucătorul {number}}}',
  'art.hand': '{you, select, yes {Mâna ta} other {Mâna lui {name}}}',
  'art.legend.player': '{name}: {score}{withExtras, select, yes { ({extras})} other {}}',
  'art.legend.supply': '{count} în rezervă',
  'art.legend.towerPieces':
    '{count, plural, one {# piesă de turn} few {# piese de turn} other {# de piese de turn}}',
  'art.legend.holds': 'prizonieri: {prisoners}',
  'art.legend.returned':
    'meeple așa cum stăteau la final, înainte ca evaluarea finală să-i întoarcă în rezervă',
  'art.legend.symbol':
    '{symbol, select, garden {grădină} volcano {vulcan} dragon {semnul dragonului} portal {portal magic} vineyard {vie} hill {deal} sheep {oi} cropCircle {cerc în lan} waterTower {turn de apă} other {{symbol}}}',
  'art.legend.tower': 'un turn și înălțimea sa',
};

export const ART_MESSAGES: Messages = { en, nl, ro };
