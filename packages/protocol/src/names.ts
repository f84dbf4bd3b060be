/**
 * Player names as people see them. A name is normalised (NFC, trimmed) and must show something:
 * 1 to 40 characters as they are drawn (grapheme clusters: a flag or a family emoji is one), at
 * least one letter, digit, punctuation mark or symbol, and none of what would hide or disguise it
 * (control characters, lone surrogates, line separators, direction overrides that turn the text
 * around it).
 */
import { z } from 'zod';

export const MAX_NAME_CHARACTERS = 40;
/** What a name may take in storage, whatever it looks like (UTF-16 code units). */
const MAX_NAME_UNITS = 200;

const CONTROL = /[\p{Cc}\p{Zl}\p{Zp}]/u;
const LONE_SURROGATE = /\p{Cs}/u;
/** Bidirectional embeddings, overrides, isolates and marks. */
const DIRECTION = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** The name to store, or why it is refused. */
export function normaliseName(raw: string): { ok: true; name: string } | { ok: false; message: string } {
  if (LONE_SURROGATE.test(raw)) return { ok: false, message: 'a lone surrogate (half a character)' };
  const name = raw.normalize('NFC').trim();
  if (CONTROL.test(name)) return { ok: false, message: 'a control character or line break' };
  if (DIRECTION.test(name)) return { ok: false, message: 'a text direction control character' };
  if (!VISIBLE.test(name)) return { ok: false, message: 'no visible character' };
  if (name.length > MAX_NAME_UNITS || [...graphemes.segment(name)].length > MAX_NAME_CHARACTERS) {
    return { ok: false, message: `longer than ${MAX_NAME_CHARACTERS} characters` };
  }
  return { ok: true, name };
}

/** The schema of a player's name in HTTP bodies. */
export const playerName = z.string().transform((raw, ctx) => {
  const r = normaliseName(raw);
  if (r.ok) return r.name;
  ctx.issues.push({ code: 'custom', message: `a name with ${r.message}`, input: raw });
  return z.NEVER;
});
