import { randomBytes, randomInt } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** The random part: 8 base-32 characters, 40 bits. */
const RANDOM_SPACE = 2 ** 40;

/** The last id's instant and random part: ids of the same millisecond count up from it. */
let last = { at: Number.NaN, random: 0 };

/**
 * A sortable, unguessable id: prefix + time (ms, base 32) + 8 random base-32 characters. Ids made
 * in the same millisecond by this process sort in the order they were made (the random part of
 * each next one is the last one's plus a random step, as monotonic ULIDs do): rows ordered by
 * (created_at, id) come back in the order they were written, even at the same millisecond.
 */
export function newId(prefix: string, at: number = Date.now()): string {
  let time = '';
  for (let t = at; time.length < 9; t = Math.floor(t / 32)) time = ALPHABET[t % 32] + time;
  let random = at === last.at ? last.random + randomInt(1, 2 ** 24) : randomBytes(5).readUIntBE(0, 5);
  // The space of one millisecond ran out (never in practice): a fresh random part.
  if (random >= RANDOM_SPACE) random = randomBytes(5).readUIntBE(0, 5);
  last = { at, random };
  let rand = '';
  for (let r = random, i = 0; i < 8; i++, r = Math.floor(r / 32)) rand = ALPHABET[r % 32] + rand;
  return `${prefix}${time}${rand}`;
}
