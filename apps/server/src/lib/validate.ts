import type { z } from 'zod';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import { AppError } from './app-error';

export interface FieldProblem {
  field: string;
  message: string;
}

/** Parses input with a contract schema; a bad input is an error naming the field, never a 500. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
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

function readable(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type') {
    return issue.input === undefined ? 'is required' : `must be a ${issue.expected}`;
  }
  if (issue.code === 'invalid_value') return `must be one of ${issue.values.map(String).join(', ')}`;
  if (issue.code === 'unrecognized_keys') return `has unknown fields ${issue.keys.join(', ')}`;
  return issue.message.replace(/\.$/, '');
}
