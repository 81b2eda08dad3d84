import type { z } from 'zod';
import type { FastifySchemaCompiler } from 'fastify';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import { AppError } from './app-error';

export interface FieldProblem {
  field: string;
  message: string;
}

type Checked<T> = { value: T; error?: undefined } | { value?: undefined; error: AppError };

/** Checks input against a contract schema: the parsed value, or an error naming the field. */
export function checkInput<S extends z.ZodType>(schema: S, input: unknown): Checked<z.infer<S>> {
  // reportInput: without it zod leaves issue.input unset and every wrong type reads "is required".
  const result = schema.safeParse(input ?? {}, { reportInput: true });
  if (result.success) {
    // PostgreSQL text cannot hold U+0000: refuse it here rather than fail in the database (a 500).
    const nulField = fieldWithNul(result.data);
    if (nulField !== undefined)
      return { error: invalid([{ field: nulField, message: 'must not contain NUL characters' }]) };
    return { value: result.data };
  }
  return {
    error: invalid(
      result.error.issues.map((issue) => ({
        field: issue.path.map(String).join('.') || '(body)',
        message: readable(issue),
      })),
    ),
  };
}

/** Parses input with a contract schema; a bad input is an error naming the field, never a 500. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const checked = checkInput(schema, input);
  if (checked.error) throw checked.error;
  return checked.value;
}

/**
 * Fastify's validator for the contract schemas attached to routes (`schema: { body, querystring }`):
 * the handler receives the parsed value (defaults applied), a bad input answers 001000B001 naming
 * the field. Types come from fastify-type-provider-zod's ZodTypeProvider.
 */
export const contractValidator: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) =>
    checkInput(schema, data);

function invalid(fields: FieldProblem[]): AppError {
  const first = fields[0];
  return new AppError(ERROR_CODES.INVALID_REQUEST, {
    msg: `Invalid request: ${first.field} ${first.message}.`,
    data: { fields },
  });
}

/** The path of the first string holding U+0000, walked without recursion (a body may nest deeply). */
function fieldWithNul(root: unknown): string | undefined {
  interface Node {
    value: unknown;
    key?: string;
    parent?: Node;
  }
  const stack: Node[] = [{ value: root }];
  while (stack.length) {
    const node = stack.pop()!;
    const { value } = node;
    if (typeof value === 'string') {
      if (!value.includes('\u0000')) continue;
      const path: string[] = [];
      for (let n: Node | undefined = node; n?.key !== undefined; n = n.parent) path.unshift(n.key);
      return path.join('.') || '(body)';
    }
    if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) stack.push({ value: item, key, parent: node });
    }
  }
  return undefined;
}

function readable(issue: z.core.$ZodIssue): string {
  // A missing field is an invalid_type, or an invalid_value for an enum.
  if ((issue.code === 'invalid_type' || issue.code === 'invalid_value') && issue.input === undefined)
    return 'is required';
  if (issue.code === 'invalid_type') return `must be ${/^[aeiou]/.test(issue.expected) ? 'an' : 'a'} ${issue.expected}`;
  if (issue.code === 'invalid_value') return `must be one of ${issue.values.map(String).join(', ')}`;
  if (issue.code === 'unrecognized_keys') return `has unknown fields ${issue.keys.join(', ')}`;
  return issue.message.replace(/\.$/, '');
}
