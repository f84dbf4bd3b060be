import type { Translation } from '../catalog.js';
import app from './app.json' with { type: 'json' };
import board from './board.json' with { type: 'json' };
import game from './game.json' with { type: 'json' };
import setup from './setup.json' with { type: 'json' };
import account from './account.json' with { type: 'json' };
import play from './play.json' with { type: 'json' };

export default { app, board, game, setup, account, play } satisfies Translation;
