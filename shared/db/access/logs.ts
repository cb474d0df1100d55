import { raw } from '@mikro-orm/core';

/** A filter for log entry queries: full-text match of the message (websearch syntax), the expression the migration's GIN index covers. */
export function logMessageMatches(text: string): Record<string, unknown> {
  return { [raw((alias) => `(to_tsvector('english', ${alias}.message) @@ websearch_to_tsquery('english', ?))`, [text])]: true };
}
