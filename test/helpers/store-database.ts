import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { createIncident } from '../../shared/db/access/incidents.ts';
import { openOrm, runMigrations, type Orm } from '../../shared/db/orm.ts';
import { createTestDatabase } from './test-database.ts';

export interface SeededOrganization {
  id: string;
  name: string;
  ownerId: string;
  ownerEmail: string;
}

/** A migrated database of its own on the shared test PostgreSQL, for testing stores without the API. */
export interface StoreDatabase {
  orm: Orm;
  /** A fresh unit of work with no organization filter set: stores scope by the organization they are given. */
  em(): EntityManager;
  sql<T = Record<string, unknown>>(query: string, params?: unknown[]): Promise<T[]>;
  /** A new organization with its owner. */
  organization(label: string): Promise<SeededOrganization>;
  /** A new open incident of the organization, created by hand; its id. */
  incident(organizationId: string, title: string): Promise<string>;
  stop(): Promise<void>;
}

/** The store tests' usual start: a database and two organizations, the one asked for and another. */
export async function openTwoOrganizations(): Promise<{ db: StoreDatabase; ours: SeededOrganization; theirs: SeededOrganization }> {
  const db = await openStoreDatabase();
  return { db, ours: await db.organization('ours'), theirs: await db.organization('theirs') };
}

export async function openStoreDatabase(): Promise<StoreDatabase> {
  const database = await createTestDatabase({ migrated: true });
  const orm = await openOrm({ databaseUrl: database.url, poolMax: 3 });
  await runMigrations(orm, database.url);
  const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []): Promise<T[]> =>
    orm.em.fork().getConnection().execute(query, params);
  return {
    orm,
    em: () => orm.em.fork() as EntityManager,
    sql,
    async organization(label) {
      const id = randomUUID();
      const ownerId = randomUUID();
      const name = `${label} ${id.slice(0, 8)}`;
      const ownerEmail = `${label}-${id.slice(0, 8)}@example.test`;
      await sql('insert into organizations (id, name, plan, settings, created_at, updated_at) values (?, ?, ?, ?::jsonb, now(), now())', [
        id,
        name,
        'free',
        '{}',
      ]);
      await sql(
        `insert into users (id, organization_id, email, name, role, password_hash, created_at, updated_at) values (?, ?, ?, ?, 'owner', 'x', now(), now())`,
        [ownerId, id, ownerEmail, `Owner of ${name}`],
      );
      return { id, name, ownerId, ownerEmail };
    },
    async incident(organizationId, title) {
      const em = orm.em.fork();
      const { id } = createIncident(em, { organizationId, title, severity: 'high', source: 'manual' });
      await em.flush();
      return id;
    },
    async stop() {
      await orm.close();
      await database.drop();
    },
  };
}
