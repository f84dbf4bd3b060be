/** Game ids and seat tokens from node:crypto; tokens are stored only as hashes and compared in constant time. */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A game id: 72 random bits, URL-safe (12 characters). */
export const newGameId = (): string => randomBytes(9).toString('base64url');

/** A seat token: 256 random bits, URL-safe (43 characters). */
export const newToken = (): string => randomBytes(32).toString('base64url');

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Whether `token` hashes to `hash`, in time independent of where they differ. */
export function tokenMatches(token: string, hash: string): boolean {
  const a = Buffer.from(hashToken(token), 'hex');
  const b = Buffer.from(hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
