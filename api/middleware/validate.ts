import type { ZodType } from 'zod';
import { ValidationError } from '../../shared/errors.ts';
import { findUnstorableText } from '../../shared/text-safety.ts';

/** Parses one part of a request with its zod schema; field paths are prefixed with the part. */
export function validateRequestPart(part: 'params' | 'query' | 'body', schema: ZodType | undefined, value: unknown): unknown {
  if (!schema) return value;
  const unstorable = findUnstorableText(value);
  if (unstorable) {
    throw new ValidationError([
      { path: [part, ...unstorable.map(String)].join('.'), message: 'Contains a NUL character or invalid Unicode' },
    ]);
  }
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new ValidationError(
    result.error.issues.map((issue) => ({
      path: [part, ...issue.path.map(String)].join('.'),
      message: issue.message,
    })),
  );
}
