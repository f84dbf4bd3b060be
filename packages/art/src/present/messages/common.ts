/**
 * Words every presentation shares: places on the board, features named on their tile, outcomes,
 * lists of players, and what is said of a word no presentation tells.
 */
import type { Messages } from '../types.js';

const en = {
  /** A cell, and the corner of its triangle when it holds two: "(1,0)", "(1,0) nw". */
  'common.cell': '({x},{y}){corner, select, nw { nw} ne { ne} se { se} sw { sw} other {}}',
  /** A rotation as a player says it. */
  'common.turned': '{rotation, plural, =0 {as drawn} other {turned {rotation}°}}',
  /** A feature of a placed tile, with where it lies on the tile when the tile has several of its kind. */
  'common.featureAt':
    '{the}{where, select, e { (east)} se { (south-east)} s { (south)} sw { (south-west)} w { (west)} nw { (north-west)} n { (north)} ne { (north-east)} middle { (middle)} other {}} at {cell}',
  /** A feature the table does not show. */
  'common.someFeatureAt': 'the feature at {cell}',
  /** A feature kind no presentation names. */
  'common.the': 'the {noun}',
  'common.features': '{kind}s',
  'common.meeple': 'meeple',
  'common.bonus': 'bonus points',
  'common.removed': '{meeple} was removed from the board',
  'common.nobody': 'nobody',
  'common.aTile': 'a tile',
  /** An action or event no presentation tells: its type and fields ("odd n 1"). */
  'common.unknown': '{details}',
  'common.resigned': '{known, select, yes {{player} resigned.} other {A player resigned.}}',
  'common.timeout': '{known, select, yes {{player} ran out of time.} other {A player ran out of time.}}',
  'common.aborted': 'The game was stopped before its end.',
  /** A rule, where the terminal names it: "(rule B-7)". */
  'common.rule': '(rule {id})',
};

const nl: Record<keyof typeof en, string> = {
  'common.cell': '({x},{y}){corner, select, nw { nw} ne { no} se { zo} sw { zw} other {}}',
  'common.turned': '{rotation, plural, =0 {zoals getrokken} other {{rotation}° gedraaid}}',
  'common.featureAt':
    '{the}{where, select, e { (oost)} se { (zuidoost)} s { (zuid)} sw { (zuidwest)} w { (west)} nw { (noordwest)} n { (noord)} ne { (noordoost)} middle { (midden)} other {}} op {cell}',
  'common.someFeatureAt': 'het gebied op {cell}',
  'common.the': 'de {noun}',
  'common.features': '{kind}',
  'common.meeple': 'horige',
  'common.bonus': 'bonuspunten',
  'common.removed': '{meeple} werd van het speelveld gehaald',
  'common.nobody': 'niemand',
  'common.aTile': 'een tegel',
  'common.unknown': 'onbekend: {details}',
  'common.resigned': '{known, select, yes {{player} gaf op.} other {Een speler gaf op.}}',
  'common.timeout':
    '{known, select, yes {{player} had geen tijd meer.} other {Een speler had geen tijd meer.}}',
  'common.aborted': 'Het spel werd gestopt voordat het afgelopen was.',
  'common.rule': '(regel {id})',
};

const ro: Record<keyof typeof en, string> = {
  'common.cell': '({x},{y}){corner, select, nw { nv} ne { ne} se { se} sw { sv} other {}}',
  'common.turned': '{rotation, plural, =0 {așa cum a fost tras} other {rotit cu {rotation}°}}',
  'common.featureAt':
    '{the}{where, select, e { (est)} se { (sud-est)} s { (sud)} sw { (sud-vest)} w { (vest)} nw { (nord-vest)} n { (nord)} ne { (nord-est)} middle { (mijloc)} other {}} de la {cell}',
  'common.someFeatureAt': 'teritoriul de la {cell}',
  'common.the': '{noun}',
  'common.features': '{kind}',
  'common.meeple': 'meeple',
  'common.bonus': 'puncte bonus',
  'common.removed': '{meeple} a fost scos de pe tablă',
  'common.nobody': 'nimeni',
  'common.aTile': 'un cartonaș',
  'common.unknown': 'necunoscut: {details}',
  'common.resigned': '{known, select, yes {{player} a abandonat.} other {Un jucător a abandonat.}}',
  'common.timeout':
    '{known, select, yes {{player} a rămas fără timp.} other {Un jucător a rămas fără timp.}}',
  'common.aborted': 'Jocul a fost oprit înainte de final.',
  'common.rule': '(regula {id})',
};

export const COMMON_MESSAGES: Messages = { en, nl, ro };
