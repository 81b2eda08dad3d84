import { randomBytes, randomInt } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** The random part: 8 base-32 characters, 40 bits. */
const RANDOM_SPACE = 2 ** 40;

/** The last id's instant and random part: ids of the same millisecond count up from it. */
let last = { at: Number.NaN, random: 0 };

/**
 * A sortable, unguessable id: prefix + time (ms, base 32) + 8 random base-32 characters. Ids made
 * in the same millisecond by this process sort in the order they were made, as monotonic ULIDs do:
 * the first of a millisecond starts at a random point of the lower half of the space, each next one
 * adds a random step below 2^16, so over eight million ids fit in a millisecond before the space
 * could run out. Rows ordered by (created_at, id) come back in the order they were written.
 */
export function newId(prefix: string, at: number = Date.now()): string {
  let time = '';
  for (let t = at; time.length < 9; t = Math.floor(t / 32)) time = ALPHABET[t % 32] + time;
  const random =
    at === last.at && last.random < RANDOM_SPACE - 2 ** 16
      ? last.random + randomInt(1, 2 ** 16)
      : randomBytes(5).readUIntBE(0, 5) % (RANDOM_SPACE / 2);
  last = { at, random };
  let rand = '';
  for (let r = random, i = 0; i < 8; i++, r = Math.floor(r / 32)) rand = ALPHABET[r % 32] + rand;
  return `${prefix}${time}${rand}`;
}
