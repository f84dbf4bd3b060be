/**
 * Games played on this device, kept in IndexedDB so that nothing is lost to a reload or a closed
 * tab: a save is the game's settings, its players, when it was started and last played, how it
 * stands (for the lists) and its whole record (the seed and every action, replayed to carry it on;
 * the seed stays on this device and is never shown). Finished games stay as the local history, whose
 * records open in the replay viewer.
 *
 * IndexedDB can be missing or refuse (private browsing, a full disk): every failure becomes a
 * `SaveError` saying why in words for players, and the game goes on unsaved.
 */
import type { DBSchema, IDBPDatabase } from 'idb';
import { openDB } from 'idb';
import type { MessageKey } from '../i18n/catalog.js';
import type { GameSettings, LocalProgress } from './table.js';

/** How a saved game stands: its progress without the record. */
export type SaveSummary = Omit<LocalProgress, 'record'>;

export interface LocalSave {
  /** The game's id, in its address (`#/local/<id>`). */
  id: string;
  settings: GameSettings;
  /** The players' names, one per seat. */
  names: string[];
  /** When it was started and last played (ms since 1970). */
  startedAt: number;
  playedAt: number;
  summary: SaveSummary;
  /** The whole game (record-format.md, with the seed): to carry it on, or to replay it once over. */
  record: Record<string, unknown>;
}

interface SavesSchema extends DBSchema {
  games: { key: string; value: LocalSave; indexes: { playedAt: number } };
}

/** Why a game could not be kept or read: storage full, none for this page, or refused. */
export type SaveFailure = 'full' | 'private' | 'refused';

/** The words for each failure, a clause (`t(SAVE_FAILURE_WORDS[kind])`). */
export const SAVE_FAILURE_WORDS: Readonly<Record<SaveFailure, MessageKey>> = {
  full: 'app.saveFull',
  private: 'app.savePrivate',
  refused: 'app.saveRefused',
};

/** Why a game could not be kept or read: its `kind`, in words for players by SAVE_FAILURE_WORDS. */
export class SaveError extends Error {
  override readonly name = 'SaveError';
  constructor(readonly kind: SaveFailure) {
    super(`IndexedDB: ${kind}`);
  }
}

/** The failure of IndexedDB (or its absence) that `e` is. */
export function saveFailure(e: unknown): SaveError {
  if (e instanceof SaveError) return e;
  const name = e instanceof DOMException || e instanceof Error ? e.name : '';
  if (name === 'QuotaExceededError') return new SaveError('full');
  if (
    typeof indexedDB === 'undefined' ||
    name === 'SecurityError' ||
    name === 'InvalidStateError' ||
    name === 'NotAllowedError'
  ) {
    return new SaveError('private');
  }
  return new SaveError('refused');
}

export interface SaveStore {
  get(id: string): Promise<LocalSave | undefined>;
  /** Every saved game, the last played first. */
  list(): Promise<LocalSave[]>;
  put(save: LocalSave): Promise<void>;
  remove(id: string): Promise<void>;
}

/** The device's saved games, in the IndexedDB database `name`; each call rejects with a `SaveError`. */
export function saveStore(name = 'carcassonne-games'): SaveStore {
  let opening: Promise<IDBPDatabase<SavesSchema>> | undefined;
  const db = (): Promise<IDBPDatabase<SavesSchema>> => {
    opening ??= openDB<SavesSchema>(name, 1, {
      upgrade(database) {
        const games = database.createObjectStore('games', { keyPath: 'id' });
        games.createIndex('playedAt', 'playedAt');
      },
    }).catch((e: unknown) => {
      // Try again next time (a refusal may pass, e.g. once storage is freed).
      opening = undefined;
      throw saveFailure(e);
    });
    return opening;
  };
  const run = async <T>(work: (database: IDBPDatabase<SavesSchema>) => Promise<T>): Promise<T> => {
    try {
      return await work(await db());
    } catch (e) {
      throw saveFailure(e);
    }
  };
  return {
    get: (id) => run((d) => d.get('games', id)),
    list: () => run(async (d) => (await d.getAllFromIndex('games', 'playedAt')).reverse()),
    // A plain copy: the settings may come from a reactive proxy, which IndexedDB cannot clone.
    put: (save) =>
      run(async (d) => void (await d.put('games', JSON.parse(JSON.stringify(save)) as LocalSave))),
    remove: (id) => run((d) => d.delete('games', id)),
  };
}

/** A new game's id: short, random, fit for an address. */
export function newGameId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export type SaveState = { kind: 'saved' } | { kind: 'saving' } | { kind: 'failed'; reason: SaveFailure };

/**
 * Saves one game at every change reported by its table, one write at a time (a change that comes
 * while writing waits, and only the latest is written). A failed write is tried again at the next
 * change.
 */
export class AutoSaver {
  private waiting: LocalProgress | undefined;
  private writing = false;
  private latest: LocalProgress | undefined;
  private state: SaveState = { kind: 'saved' };

  constructor(
    private readonly store: SaveStore,
    private readonly game: Pick<LocalSave, 'id' | 'settings' | 'names' | 'startedAt'>,
    private readonly onstate: (state: SaveState) => void = () => {},
    private readonly now: () => number = Date.now,
    /** How the game stood when it was last saved (a game opened again), if known. */
    private saved?: SaveSummary,
  ) {}

  get id(): string {
    return this.game.id;
  }

  /** A change of the game, to save. */
  report(progress: LocalProgress): void {
    // A game opened again reports the position it was saved at: nothing to write.
    const last = this.saved;
    if (last !== undefined && last.version === progress.version && last.status === progress.status) return;
    this.latest = progress;
    this.waiting = progress;
    if (!this.writing) void this.flush();
  }

  /**
   * Whether leaving now would lose something: a write in flight or waiting, or a game played here
   * that could not be saved.
   */
  get wouldLose(): boolean {
    return this.saving || (this.state.kind === 'failed' && (this.latest?.version ?? 0) > 0);
  }

  /** Whether a write is in flight or waiting. */
  get saving(): boolean {
    return this.writing || this.waiting !== undefined;
  }

  private async flush(): Promise<void> {
    this.writing = true;
    this.setState({ kind: 'saving' });
    while (this.waiting !== undefined) {
      const progress = this.waiting;
      this.waiting = undefined;
      const { record, ...summary } = progress;
      try {
        await this.store.put({ ...this.game, playedAt: this.now(), summary, record });
        this.state = { kind: 'saved' };
        this.saved = summary;
      } catch (e) {
        this.state = { kind: 'failed', reason: saveFailure(e).kind };
      }
    }
    this.writing = false;
    this.setState(this.state);
  }

  private setState(state: SaveState): void {
    this.state = state;
    this.onstate(state);
  }
}

/**
 * Asks the browser to warn before the page goes when `wouldLose()` says something would be lost,
 * never otherwise. Returns the function that stops it.
 */
export function warnBeforeLeaving(wouldLose: () => boolean): () => void {
  const listener = (event: BeforeUnloadEvent): void => {
    if (!wouldLose()) return;
    event.preventDefault();
    // Older browsers show the warning only when this is set.
    event.returnValue = '';
  };
  window.addEventListener('beforeunload', listener);
  return () => window.removeEventListener('beforeunload', listener);
}

/**
 * When a game was last played, as people say it in `locale` ("5 minutes ago", "yesterday",
 * "12 Mar 2026"): `now` within the last minute (the words are the caller's), `ago` within a week,
 * else the `date`.
 */
export function whenPlayed(
  at: number,
  now: number = Date.now(),
  locale = 'en',
): { kind: 'now' | 'ago' | 'date'; when: string } {
  const seconds = Math.round((now - at) / 1000);
  if (seconds < 45) return { kind: 'now', when: '' };
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return { kind: 'ago', when: relative.format(-minutes, 'minute') };
  const hours = Math.round(minutes / 60);
  if (hours < 24) return { kind: 'ago', when: relative.format(-hours, 'hour') };
  const days = Math.round(hours / 24);
  if (days < 7) return { kind: 'ago', when: relative.format(-days, 'day') };
  // English as in Britain: the day before the month ("12 Mar 2026"), as the other two languages.
  const date = new Date(at).toLocaleDateString(locale === 'en' ? 'en-GB' : locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
  return { kind: 'date', when: date };
}
