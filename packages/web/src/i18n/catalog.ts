/**
 * The client's messages: English is built in (and the fallback), the other languages load when
 * chosen. One JSON file per part of the client and language (`en/setup.json`…), keys in the file
 * without its name: `t('setup.start')` is `"start"` of `setup.json`. A translation lacking a key
 * does not compile (`Translation`); a test checks the arguments of every message match.
 */
import type { Catalog } from '@carc/art';
import app from './en/app.json' with { type: 'json' };
import board from './en/board.json' with { type: 'json' };
import game from './en/game.json' with { type: 'json' };
import setup from './en/setup.json' with { type: 'json' };
import account from './en/account.json' with { type: 'json' };
import play from './en/play.json' with { type: 'json' };

const ENGLISH = { app, board, game, setup, account, play };

type Namespaces = typeof ENGLISH;

/** Every message's key: "<file>.<key>". */
export type MessageKey = {
  [N in keyof Namespaces]: `${N}.${Extract<keyof Namespaces[N], string>}`;
}[keyof Namespaces];

/** A language's messages: every key of the English files, no other. */
export type Translation = {
  readonly [N in keyof Namespaces]: { readonly [K in keyof Namespaces[N]]: string };
};

/** The files as one catalog keyed "<file>.<key>". */
export function flatten(t: Translation): Catalog {
  const out: Record<string, string> = {};
  for (const [ns, messages] of Object.entries(t)) {
    for (const [key, message] of Object.entries(messages as Readonly<Record<string, string>>)) {
      out[`${ns}.${key}`] = message;
    }
  }
  return out;
}

export const ENGLISH_CATALOG: Catalog = flatten(ENGLISH);
