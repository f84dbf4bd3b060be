/** The Tower's messages: tower pieces, captures, prisoners and ransoms (T-0..T-8). */
import type { Messages } from '../types.js';

const en = {
  'tower.piece.tower-piece': 'tower piece',
  'tower.piece.prisoner': 'prisoner',
  'tower.feature.tower.one': 'tower',
  'tower.feature.tower.many': 'towers',
  'tower.feature.tower.the': 'the tower',
  'tower.feature.tower.gender': 'n',
  'tower.feature.tower.role': 'meeple',
  'tower.removal.T-3': '{meeple} was taken prisoner',

  'tower.action.tower': 'a tower piece at {cell} (height {height} to {next})',
  'tower.action.tower-meeple': 'a meeple on top of the tower at {cell} (closes it)',
  /** `n`: which of the owner's meeples on the spot (H-13), or "none". */
  'tower.action.capture': 'capture {owner}’s meeple{n, select, none {} other { #{n}}} on {feature}',
  'tower.action.ransom': 'pay {captor} {points, plural, one {# point} other {# points}} to free a meeple',

  'tower.event.tower': '{player} built a tower piece at {cell}: height {height}{rule}',
  'tower.event.prisoner': '{captor} took a meeple of {owner} prisoner{rule}',
  'tower.event.exchange': '{first} and {second} exchanged prisoners{rule}',
  'tower.event.ransom':
    '{player} paid {captor} {points, plural, one {# point} other {# points}} to free a meeple{rule}',

  'tower.points.ransom-paid': 'ransoms paid',
  'tower.points.ransom-received': 'ransoms received',
};

const nl: Record<keyof typeof en, string> = {
  'tower.piece.tower-piece': 'torendeel',
  'tower.piece.prisoner': 'gevangene',
  'tower.feature.tower.one': 'toren',
  'tower.feature.tower.many': 'torens',
  'tower.feature.tower.the': 'de toren',
  'tower.feature.tower.gender': 'de',
  'tower.feature.tower.role': 'horige',
  'tower.removal.T-3': '{meeple} werd gevangengenomen',

  'tower.action.tower': 'een torendeel op {cell} (hoogte {height} naar {next})',
  'tower.action.tower-meeple': 'een horige boven op de toren op {cell} (sluit hem af)',
  'tower.action.capture':
    'de horige{n, select, none {} other { #{n}}} van {owner} {kind, select, city {in} monastery {in} field {in} other {op}} {feature} gevangennemen',
  'tower.action.ransom':
    '{captor} {points, plural, one {# punt} other {# punten}} betalen om een horige vrij te kopen',

  'tower.event.tower': '{player} bouwde een torendeel op {cell}: hoogte {height}{rule}',
  'tower.event.prisoner': '{captor} nam een horige van {owner} gevangen{rule}',
  'tower.event.exchange': '{first} en {second} ruilden gevangenen uit{rule}',
  'tower.event.ransom':
    '{player} betaalde {captor} {points, plural, one {# punt} other {# punten}} om een horige vrij te kopen{rule}',

  'tower.points.ransom-paid': 'betaald losgeld',
  'tower.points.ransom-received': 'ontvangen losgeld',
};

const ro: Record<keyof typeof en, string> = {
  'tower.piece.tower-piece': 'piesă de turn',
  'tower.piece.prisoner': 'prizonier',
  'tower.feature.tower.one': 'turn',
  'tower.feature.tower.many': 'turnuri',
  'tower.feature.tower.the': 'turnul',
  'tower.feature.tower.gender': 'n',
  'tower.feature.tower.role': 'meeple',
  'tower.removal.T-3': '{meeple} a fost luat prizonier',

  'tower.action.tower': 'o piesă de turn la {cell} (înălțimea de la {height} la {next})',
  'tower.action.tower-meeple': 'un meeple în vârful turnului de la {cell} (îl închide)',
  'tower.action.capture':
    'capturează {n, select, none {meeple-ul lui {owner}} other {meeple-ul #{n} al lui {owner}}} {kind, select, city {din} monastery {din} other {de pe}} {feature}',
  'tower.action.ransom':
    'plătește-i lui {captor} {points, plural, one {# punct} few {# puncte} other {# de puncte}} ca să eliberezi un meeple',

  'tower.event.tower': '{player} a construit o piesă de turn la {cell}: înălțimea {height}{rule}',
  'tower.event.prisoner': '{captor} a luat prizonier un meeple al lui {owner}{rule}',
  'tower.event.exchange': '{first} și {second} au făcut schimb de prizonieri{rule}',
  'tower.event.ransom':
    '{player} i-a plătit lui {captor} {points, plural, one {# punct} few {# puncte} other {# de puncte}} ca să elibereze un meeple{rule}',

  'tower.points.ransom-paid': 'răscumpărări plătite',
  'tower.points.ransom-received': 'răscumpărări primite',
};

export const TOWER_MESSAGES: Messages = { en, nl, ro };
