import { describe, expect, it } from 'vitest';
import { escapeLike, likePrefix } from './list-where';

describe('LIKE patterns of typed text', () => {
  it('makes the wildcards and the escape character match themselves', () => {
    expect(escapeLike('50%_off\\now')).toBe('50\\%\\_off\\\\now');
    expect(escapeLike('plain text')).toBe('plain text');
  });

  it('turns a typed prefix into a lower-case prefix pattern', () => {
    expect(likePrefix('Fin_a')).toBe('fin\\_a%');
    expect(likePrefix('')).toBe('%');
  });
});
