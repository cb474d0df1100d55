import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * A hot statement PostgreSQL parses once per connection and, after a few runs, plans once: the
 * ORM sends every statement as text with its values inlined, planned anew each time. Written with
 * `?` placeholders, as the ORM's statements are.
 */
export interface NamedStatement {
  name: string;
  /** With `?` placeholders: what runs inside a transaction, through the ORM. */
  text: string;
  /** With `$n` placeholders: what runs as the named statement. */
  numbered: string;
}

/** `text`'s `?` placeholders numbered; `text` must hold no other question mark. */
export function namedStatement(name: string, text: string): NamedStatement {
  let position = 0;
  return { name, text, numbered: text.replace(/\?/g, () => `$${++position}`) };
}

/** The `pg` pool under MikroORM's connection (its own `pg`, so typed by the one call used here). */
interface NativePool {
  query<R>(statement: { name: string; text: string; values: unknown[] }): Promise<{ rows: R[] }>;
}

/**
 * Runs `statement` on a connection of the ORM's pool as a named statement (the same connections
 * and type parsers as the ORM's own statements); inside a transaction of `em`, through the ORM on
 * the transaction's connection instead, so it reads what the transaction wrote.
 */
export async function runNamed<R>(em: EntityManager, statement: NamedStatement, values: unknown[]): Promise<R[]> {
  if (em.isInTransaction()) return em.execute<R[]>(statement.text, values);
  const pool = (await em.getConnection().getNativeClient()) as unknown as NativePool;
  return (await pool.query<R>({ name: statement.name, text: statement.numbered, values })).rows;
}
