import type { z } from 'zod';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import { AppError } from './app-error';

export interface FieldProblem {
  field: string;
  message: string;
}

/** Parses input with a contract schema; a bad input is an error naming the field, never a 500. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  // reportInput: without it zod leaves issue.input unset and every wrong type reads "is required".
  const result = schema.safeParse(input ?? {}, { reportInput: true });
  if (result.success) {
    // PostgreSQL text cannot hold U+0000: refuse it here rather than fail in the database (a 500).
    const nulField = fieldWithNul(result.data, []);
    if (nulField !== undefined) {
      const message = 'must not contain NUL characters';
      throw new AppError(ERROR_CODES.INVALID_REQUEST, {
        msg: `Invalid request: ${nulField} ${message}.`,
        data: { fields: [{ field: nulField, message }] },
      });
    }
    return result.data;
  }
  const fields: FieldProblem[] = result.error.issues.map((issue) => ({
    field: issue.path.map(String).join('.') || '(body)',
    message: readable(issue),
  }));
  const first = fields[0];
  throw new AppError(ERROR_CODES.INVALID_REQUEST, {
    msg: `Invalid request: ${first.field} ${first.message}.`,
    data: { fields },
  });
}

function fieldWithNul(value: unknown, path: string[]): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') || '(body)' : undefined;
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = fieldWithNul(item, [...path, key]);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

function readable(issue: z.core.$ZodIssue): string {
  // A missing field is an invalid_type, or an invalid_value for an enum.
  if ((issue.code === 'invalid_type' || issue.code === 'invalid_value') && issue.input === undefined) return 'is required';
  if (issue.code === 'invalid_type') return `must be ${/^[aeiou]/.test(issue.expected) ? 'an' : 'a'} ${issue.expected}`;
  if (issue.code === 'invalid_value') return `must be one of ${issue.values.map(String).join(', ')}`;
  if (issue.code === 'unrecognized_keys') return `has unknown fields ${issue.keys.join(', ')}`;
  return issue.message.replace(/\.$/, '');
}
