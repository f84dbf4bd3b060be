/**
 * The base game's messages: its features (each with its plural, its name with the definite article,
 * its grammatical gender and the name of a meeple on it), its pieces, and its actions and events.
 */
import type { Messages } from '../types.js';

const POINTS_EN = '{points, plural, one {# point} other {# points}}';
const POINTS_NL = '{points, plural, one {# punt} other {# punten}}';
const POINTS_RO = '{points, plural, one {# punct} few {# puncte} other {# de puncte}}';

const en = {
  'base.feature.road.one': 'road',
  'base.feature.road.many': 'roads',
  'base.feature.road.the': 'the road',
  'base.feature.road.gender': 'n',
  'base.feature.road.role': 'thief',
  'base.feature.city.one': 'city',
  'base.feature.city.many': 'cities',
  'base.feature.city.the': 'the city',
  'base.feature.city.gender': 'n',
  'base.feature.city.role': 'knight',
  'base.feature.monastery.one': 'monastery',
  'base.feature.monastery.many': 'monasteries',
  'base.feature.monastery.the': 'the monastery',
  'base.feature.monastery.gender': 'n',
  'base.feature.monastery.role': 'monk',
  'base.feature.field.one': 'field',
  'base.feature.field.many': 'fields',
  'base.feature.field.the': 'the field',
  'base.feature.field.gender': 'n',
  'base.feature.field.role': 'farmer',
  'base.piece.meeple': 'meeple',
  'base.piece.tile': 'tile',

  'base.action.place': '{drawn, select, yes {{tile}} other {the tile}} at {cell}, {turned}',
  'base.action.meeple': 'a meeple on {feature}',
  /** Declining phase 2 (B-6): what the player gives up depends on the step they are in. */
  'base.action.pass':
    '{phase, select, capture {capture nobody} crop {{mode, select, remove {remove no meeple} other {add no meeple}}} other {no meeple}}',

  'base.event.draw': '{player} drew {tile}',
  'base.event.discard': '{player} drew {tile}, which fits nowhere and leaves the game{rule}',
  'base.event.place': '{player} placed {tile} at {cell}, {turned}',
  'base.event.meeple': '{player} put a {role} on {the} at {cell}',
  'base.event.return': '{player}’s meeple at {cell} went back to the supply',
  /** A meeple a rule removes (the removal's message says what happened to it). */
  'base.meepleAt': '{player}’s meeple at {cell}',
  'base.event.bonus': `{player} scored ${POINTS_EN}: {bonus}{rule}`,
  'base.event.end':
    'Game over. Final scores: {scores}. {count, plural, =0 {Winner} one {Winner} other {Winners}}: {winners}{rule}',
  'base.event.end.score': '{player} {score}',

  /**
   * One scored feature (`what`: base.scored): who scored how many points by which rule, the
   * meeples of a majority (base.score.meeples) and any bonus (base.score.bonus).
   */
  'base.score': `{final, select, yes {final scoring: } other {}}{count, select, none {nobody scored the ${POINTS_EN} of {what}} one {{players} scored ${POINTS_EN} for {what}} other {{players} each scored ${POINTS_EN} for {what} (a tie)}}{rule}{meeples}{bonuses}`,
  'base.score.meeples': ' (meeples: {holders})',
  'base.score.holder': '{player} {count}',
  'base.score.bonus': `; {player} also scored ${POINTS_EN}: {bonus}{rule}`,
  /** What a scored feature was: "(a) completed city of 4 tiles with 1 pennant". */
  'base.scored':
    '{article, select, yes {{state, select, incomplete {an } other {a }}} other {}}{state, select, complete {completed } incomplete {incomplete } other {}}{noun}{size, select, cells { of {cells, plural, one {# cell} other {# cells}}} tiles { of {tiles, plural, one {# tile} other {# tiles}}} both { of {tiles, plural, one {# tile} other {# tiles}} in {cells, plural, one {# cell} other {# cells}}} other {}}{pennants, plural, =0 {} one { with # pennant} other { with # pennants}}{touching, select, yes { touching {cities, plural, one {# completed city} other {# completed cities}}} other {}}',
};

const nl: Record<keyof typeof en, string> = {
  'base.feature.road.one': 'weg',
  'base.feature.road.many': 'wegen',
  'base.feature.road.the': 'de weg',
  'base.feature.road.gender': 'de',
  'base.feature.road.role': 'struikrover',
  'base.feature.city.one': 'stad',
  'base.feature.city.many': 'steden',
  'base.feature.city.the': 'de stad',
  'base.feature.city.gender': 'de',
  'base.feature.city.role': 'ridder',
  'base.feature.monastery.one': 'klooster',
  'base.feature.monastery.many': 'kloosters',
  'base.feature.monastery.the': 'het klooster',
  'base.feature.monastery.gender': 'het',
  'base.feature.monastery.role': 'monnik',
  'base.feature.field.one': 'weiland',
  'base.feature.field.many': 'weilanden',
  'base.feature.field.the': 'het weiland',
  'base.feature.field.gender': 'het',
  'base.feature.field.role': 'boer',
  'base.piece.meeple': 'horige',
  'base.piece.tile': 'tegel',

  'base.action.place': '{drawn, select, yes {{tile}} other {de tegel}} op {cell}, {turned}',
  'base.action.meeple': 'een horige {kind, select, city {in} monastery {in} field {in} other {op}} {feature}',
  'base.action.pass':
    '{phase, select, capture {niemand gevangennemen} crop {{mode, select, remove {geen horige weghalen} other {geen horige bijzetten}}} other {geen horige}}',

  'base.event.draw': '{player} trok {tile}',
  'base.event.discard': '{player} trok {tile}, die nergens past en uit het spel gaat{rule}',
  'base.event.place': '{player} legde {tile} op {cell}, {turned}',
  'base.event.meeple':
    '{player} zette een {role} {kind, select, city {in} monastery {in} field {in} other {op}} {the} op {cell}',
  'base.event.return': 'De horige van {player} op {cell} ging terug naar de voorraad',
  'base.meepleAt': 'de horige van {player} op {cell}',
  'base.event.bonus': `{player} kreeg ${POINTS_NL}: {bonus}{rule}`,
  'base.event.end':
    'Het spel is afgelopen. Eindstand: {scores}. {count, plural, =0 {Winnaar} one {Winnaar} other {Winnaars}}: {winners}{rule}',
  'base.event.end.score': '{player} {score}',

  'base.score': `{final, select, yes {eindtelling: } other {}}{count, select, none {niemand kreeg de ${POINTS_NL} voor {what}} one {{players} kreeg ${POINTS_NL} voor {what}} other {{players} kregen elk ${POINTS_NL} voor {what} (gelijkspel)}}{rule}{meeples}{bonuses}`,
  'base.score.meeples': ' (horigen: {holders})',
  'base.score.holder': '{player} {count}',
  'base.score.bonus': `; {player} kreeg ook ${POINTS_NL}: {bonus}{rule}`,
  'base.scored':
    '{article, select, yes {een } other {}}{state, select, complete {{gender, select, het {voltooid } other {voltooide }}} incomplete {{gender, select, het {onvoltooid } other {onvoltooide }}} other {}}{noun}{size, select, cells { van {cells, plural, one {# vak} other {# vakken}}} tiles { van {tiles, plural, one {# tegel} other {# tegels}}} both { van {tiles, plural, one {# tegel} other {# tegels}} in {cells, plural, one {# vak} other {# vakken}}} other {}}{pennants, plural, =0 {} one { met # wapenschild} other { met # wapenschilden}}{touching, select, yes { grenzend aan {cities, plural, one {# voltooide stad} other {# voltooide steden}}} other {}}',
};

const ro: Record<keyof typeof en, string> = {
  'base.feature.road.one': 'drum',
  'base.feature.road.many': 'drumuri',
  'base.feature.road.the': 'drumul',
  'base.feature.road.gender': 'n',
  'base.feature.road.role': 'hoț',
  'base.feature.city.one': 'oraș',
  'base.feature.city.many': 'orașe',
  'base.feature.city.the': 'orașul',
  'base.feature.city.gender': 'n',
  'base.feature.city.role': 'cavaler',
  'base.feature.monastery.one': 'mănăstire',
  'base.feature.monastery.many': 'mănăstiri',
  'base.feature.monastery.the': 'mănăstirea',
  'base.feature.monastery.gender': 'f',
  'base.feature.monastery.role': 'călugăr',
  'base.feature.field.one': 'câmp',
  'base.feature.field.many': 'câmpuri',
  'base.feature.field.the': 'câmpul',
  'base.feature.field.gender': 'n',
  'base.feature.field.role': 'țăran',
  'base.piece.meeple': 'meeple',
  'base.piece.tile': 'cartonaș',

  'base.action.place': '{drawn, select, yes {{tile}} other {cartonașul}} la {cell}, {turned}',
  'base.action.meeple': 'un meeple {kind, select, city {în} monastery {în} other {pe}} {feature}',
  'base.action.pass':
    '{phase, select, capture {nu captura pe nimeni} crop {{mode, select, remove {nu scoate niciun meeple} other {nu adăuga niciun meeple}}} other {niciun meeple}}',

  'base.event.draw': '{player} a tras {tile}',
  'base.event.discard': '{player} a tras {tile}, care nu se potrivește nicăieri și iese din joc{rule}',
  'base.event.place': '{player} a plasat {tile} la {cell}, {turned}',
  'base.event.meeple':
    '{player} a pus un {role} {kind, select, city {în} monastery {în} other {pe}} {the} de la {cell}',
  'base.event.return': 'Meeple-ul lui {player} de la {cell} s-a întors în rezervă',
  'base.meepleAt': 'meeple-ul lui {player} de la {cell}',
  'base.event.bonus': `{player} a primit ${POINTS_RO}: {bonus}{rule}`,
  'base.event.end':
    'Jocul s-a terminat. Scorul final: {scores}. {count, plural, =0 {Câștigător} one {Câștigător} few {Câștigători} other {Câștigători}}: {winners}{rule}',
  'base.event.end.score': '{player} {score}',

  'base.score': `{final, select, yes {evaluarea finală: } other {}}{count, select, none {nimeni nu a primit {points, plural, one {punctul} few {cele # puncte} other {cele # de puncte}} pentru {what}} one {{players} a primit ${POINTS_RO} pentru {what}} other {{players} au primit fiecare câte ${POINTS_RO} pentru {what} (egalitate)}}{rule}{meeples}{bonuses}`,
  'base.score.meeples': ' (meeple: {holders})',
  'base.score.holder': '{player} {count}',
  'base.score.bonus': `; {player} a mai primit ${POINTS_RO}: {bonus}{rule}`,
  'base.scored':
    '{article, select, yes {{gender, select, f {o } other {un }}} other {}}{noun}{state, select, complete {{gender, select, f { finalizată} other { finalizat}}} incomplete {{gender, select, f { nefinalizată} other { nefinalizat}}} other {}}{size, select, cells { din {cells, plural, one {# spațiu} few {# spații} other {# de spații}}} tiles { din {tiles, plural, one {# cartonaș} few {# cartonașe} other {# de cartonașe}}} both { din {tiles, plural, one {# cartonaș} few {# cartonașe} other {# de cartonașe}} în {cells, plural, one {# spațiu} few {# spații} other {# de spații}}} other {}}{pennants, plural, =0 {} one { cu # blazon} few { cu # blazoane} other { cu # de blazoane}}{touching, select, yes { lângă {cities, plural, one {# oraș finalizat} few {# orașe finalizate} other {# de orașe finalizate}}} other {}}',
};

export const BASE_MESSAGES: Messages = { en, nl, ro };
