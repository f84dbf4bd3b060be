/** The Princess & the Dragon's messages: the dragon, the fairy, the princess and the portal (D-3..D-19). */
import type { Messages } from '../types.js';

const en = {
  'princess-and-dragon.piece.dragon': 'dragon',
  'princess-and-dragon.piece.fairy': 'fairy',
  'princess-and-dragon.piece.princess': 'princess',
  'princess-and-dragon.piece.volcano': 'volcano',
  'princess-and-dragon.piece.portal': 'magic portal',
  'princess-and-dragon.bonus.D-15': 'fairy point',
  'princess-and-dragon.bonus.D-17': 'fairy bonus',
  'princess-and-dragon.removal.D-7': 'the dragon ate {meeple}',
  'princess-and-dragon.removal.D-10': 'the princess sent {meeple} home',

  /** `n`: which of the owner's meeples on the spot (H-13), or "none". */
  'princess-and-dragon.action.fairy':
    '{onTile, select, yes {the fairy onto the tile at {cell}} other {the fairy next to the meeple{n, select, none {} other { #{n}}} on {feature}}}',
  'princess-and-dragon.action.princess':
    'the princess sends {owner}’s knight{n, select, none {} other { #{n}}} on {feature} home',
  'princess-and-dragon.action.dragon':
    'the dragon {direction, select, n {north} e {east} s {south} w {west} other {{direction}}}{to, select, yes { to {cell}} other {}}',

  'princess-and-dragon.event.set-aside':
    '{player} drew {tile}: the dragon is not in play yet, so it is set aside{rule}',
  'princess-and-dragon.event.returned-to-pile':
    '{count, plural, one {# set-aside tile} other {# set-aside tiles}} went back into the pile: {tiles}{rule}',
  'princess-and-dragon.event.dragon':
    '{moved, select, yes {{player} moved the dragon to {cell}{step, select, none {} other { (step {step})}}} other {The dragon appeared on the volcano at {cell}}}{rule}',
  'princess-and-dragon.event.fairy':
    '{player} moved the fairy to {cell}{onTile, select, yes { (onto the tile)} other {}}{rule}',
};

const nl: Record<keyof typeof en, string> = {
  'princess-and-dragon.piece.dragon': 'draak',
  'princess-and-dragon.piece.fairy': 'fee',
  'princess-and-dragon.piece.princess': 'jonkvrouw',
  'princess-and-dragon.piece.volcano': 'vulkaan',
  'princess-and-dragon.piece.portal': 'magische poort',
  'princess-and-dragon.bonus.D-15': 'feepunt',
  'princess-and-dragon.bonus.D-17': 'feebonus',
  'princess-and-dragon.removal.D-7': 'de draak verslond {meeple}',
  'princess-and-dragon.removal.D-10': 'de jonkvrouw stuurde {meeple} naar huis',

  'princess-and-dragon.action.fairy':
    '{onTile, select, yes {de fee naar de tegel op {cell}} other {de fee naast de horige{n, select, none {} other { #{n}}} {kind, select, city {in} monastery {in} field {in} other {op}} {feature}}}',
  'princess-and-dragon.action.princess':
    'de jonkvrouw stuurt de ridder{n, select, none {} other { #{n}}} van {owner} in {feature} naar huis',
  'princess-and-dragon.action.dragon':
    'de draak {direction, select, n {noordwaarts} e {oostwaarts} s {zuidwaarts} w {westwaarts} other {{direction}}}{to, select, yes { naar {cell}} other {}}',

  'princess-and-dragon.event.set-aside':
    '{player} trok {tile}: de draak is nog niet in het spel, dus de tegel wordt apart gelegd{rule}',
  'princess-and-dragon.event.returned-to-pile':
    '{count, plural, one {# apart gelegde tegel ging} other {# apart gelegde tegels gingen}} terug in de stapel: {tiles}{rule}',
  'princess-and-dragon.event.dragon':
    '{moved, select, yes {{player} verplaatste de draak naar {cell}{step, select, none {} other { (stap {step})}}} other {De draak verscheen op de vulkaan, op {cell}}}{rule}',
  'princess-and-dragon.event.fairy':
    '{player} verplaatste de fee naar {cell}{onTile, select, yes { (op de tegel)} other {}}{rule}',
};

const ro: Record<keyof typeof en, string> = {
  'princess-and-dragon.piece.dragon': 'dragon',
  'princess-and-dragon.piece.fairy': 'zână',
  'princess-and-dragon.piece.princess': 'prințesă',
  'princess-and-dragon.piece.volcano': 'vulcan',
  'princess-and-dragon.piece.portal': 'portal magic',
  'princess-and-dragon.bonus.D-15': 'punctul zânei',
  'princess-and-dragon.bonus.D-17': 'bonusul zânei',
  'princess-and-dragon.removal.D-7': 'dragonul a mâncat {meeple}',
  'princess-and-dragon.removal.D-10': 'prințesa a trimis acasă {meeple}',

  'princess-and-dragon.action.fairy':
    '{onTile, select, yes {zâna pe cartonașul de la {cell}} other {zâna lângă {n, select, none {meeple-ul} other {meeple-ul #{n}}} {kind, select, city {din} monastery {din} other {de pe}} {feature}}}',
  'princess-and-dragon.action.princess':
    'prințesa trimite acasă {n, select, none {cavalerul lui {owner}} other {cavalerul #{n} al lui {owner}}} din {feature}',
  'princess-and-dragon.action.dragon':
    'dragonul spre {direction, select, n {nord} e {est} s {sud} w {vest} other {{direction}}}{to, select, yes {, la {cell}} other {}}',

  'princess-and-dragon.event.set-aside':
    '{player} a tras {tile}: dragonul nu este încă în joc, așa că cartonașul este pus deoparte{rule}',
  'princess-and-dragon.event.returned-to-pile':
    '{count, plural, one {# cartonaș pus deoparte s-a întors} few {# cartonașe puse deoparte s-au întors} other {# de cartonașe puse deoparte s-au întors}} în teanc: {tiles}{rule}',
  'princess-and-dragon.event.dragon':
    '{moved, select, yes {{player} a mutat dragonul la {cell}{step, select, none {} other { (pasul {step})}}} other {Dragonul a apărut pe vulcanul de la {cell}}}{rule}',
  'princess-and-dragon.event.fairy':
    '{player} a mutat zâna la {cell}{onTile, select, yes { (pe cartonaș)} other {}}{rule}',
};

export const PRINCESS_DRAGON_MESSAGES: Messages = { en, nl, ro };
