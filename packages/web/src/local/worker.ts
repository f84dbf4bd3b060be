/**
 * The Web Worker (a module worker) that hosts a `LocalTable` for offline play, so the engine and
 * the bots never block the page. It receives `{ kind: 'start', settings, names }` first, then the
 * client messages of the protocol, and posts back the server's messages (`net/local.ts` is the
 * page's side). The client plays every human seat (hotseat: see table.ts). `{ kind: 'record' }`
 * asks for the game's record, given only once the game is over (null before). A `start` with a
 * saved `record` carries that game on. After the start and every change, the worker posts
 * `{ kind: 'progress' }` with the game's progress and whole record, for the page to save.
 * The table speaks the start's `locale` (else the browser's language); `{ kind: 'locale' }`
 * changes it when the player changes theirs.
 */
import type { Locale } from '@carc/art';
import { localeOf } from '@carc/art';
import type { ClientMessage, ServerMessage } from '@carc/protocol';
import type { LocalProgress, LocalSettings } from './table.js';
import { LocalTable } from './table.js';

/** What the page posts to the worker. */
export type WorkerInbound =
  | {
      kind: 'start';
      settings: LocalSettings;
      names?: readonly (string | undefined)[];
      seed?: string;
      /** A saved game's record, to carry it on. */
      record?: Record<string, unknown>;
      botBudgetMs?: number;
      botDelayMs?: number;
      /** The players' language (default: the browser's). */
      locale?: Locale;
    }
  | { kind: 'record' }
  | { kind: 'locale'; locale: Locale }
  | ClientMessage;

/** What the worker posts to the page: the server's messages, and the record when asked. */
export type WorkerOutbound =
  | ServerMessage
  | { kind: 'record'; record: Record<string, unknown> | null }
  | { kind: 'progress'; progress: LocalProgress };

/** The page's end of the worker, as the worker sees it. */
interface WorkerScope {
  postMessage(message: WorkerOutbound): void;
  onmessage: ((event: MessageEvent<WorkerInbound>) => void) | null;
}

/** The browser's language, as the page speaks it unless the player chose another. */
const browserLocale = (): Locale =>
  localeOf(typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]));

/** Connects a worker scope to a table created by its first message. Exported for tests. */
export function serveTable(scope: WorkerScope): void {
  let table: LocalTable | undefined;
  let locale: Locale | undefined;
  const send = (message: ServerMessage): void => scope.postMessage(message);
  scope.onmessage = (event) => {
    const data = event.data;
    if ('kind' in data && data.kind === 'record') {
      scope.postMessage({ kind: 'record', record: table?.finishedRecord() ?? null });
      return;
    }
    if ('kind' in data && data.kind === 'locale') {
      locale = data.locale;
      table?.setLocale(locale);
      return;
    }
    if ('kind' in data) {
      table?.close();
      locale = data.locale ?? locale ?? browserLocale();
      const created = LocalTable.create({
        settings: data.settings,
        locale,
        send,
        onchange: (progress) => scope.postMessage({ kind: 'progress', progress }),
        ...(data.names === undefined ? {} : { names: data.names }),
        ...(data.seed === undefined ? {} : { seed: data.seed }),
        ...(data.record === undefined ? {} : { record: data.record }),
        ...(data.botBudgetMs === undefined ? {} : { botBudgetMs: data.botBudgetMs }),
        ...(data.botDelayMs === undefined ? {} : { botDelayMs: data.botDelayMs }),
      });
      if (created.ok) {
        table = created.value;
        scope.postMessage({ kind: 'progress', progress: table.progress() });
      } else send({ type: 'error', ...created.error });
      return;
    }
    if (table === undefined) {
      send({ type: 'error', code: 'lobby/no-game', message: 'no game started in this worker' });
      return;
    }
    table.handle(data, 'hotseat');
  };
}

serveTable(self as unknown as WorkerScope);
