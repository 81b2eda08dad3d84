import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A sortable, unguessable id: prefix + time (ms, base 32) + 8 random base-32 characters. */
export function newId(prefix: string, at: number = Date.now()): string {
  let time = '';
  for (let t = at; time.length < 9; t = Math.floor(t / 32)) time = ALPHABET[t % 32] + time;
  const bytes = randomBytes(8);
  let rand = '';
  for (const b of bytes) rand += ALPHABET[b % 32];
  return `${prefix}${time}${rand}`;
}
