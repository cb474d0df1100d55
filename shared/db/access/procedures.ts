import { raw } from '@mikro-orm/core';

/** A filter for procedure queries: the procedures whose tags include `tag`. */
export function procedureTaggedWith(tag: string): Record<string, unknown> {
  return { [raw((alias) => `${alias}.tags @> ?::jsonb`, [JSON.stringify([tag])])]: true };
}
