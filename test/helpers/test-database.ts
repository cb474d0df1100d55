import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { openOrm, runMigrations } from '../../shared/db/orm.ts';
import { TEST_ENV } from './test-services.ts';

/** The database global setup migrates once; each test file's migrated database is a copy of it. */
export const TEMPLATE_DATABASE_ENV = 'TOCSIN_TEST_TEMPLATE_DATABASE';

export function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run integration tests through jest's integration project`);
  return value;
}

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A database of the test's own on the shared PostgreSQL: empty, or (`migrated`) a copy of the
 * template global setup migrated, which costs a file copy instead of running every migration.
 */
export async function createTestDatabase(options: { migrated?: boolean } = {}): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = requiredEnv(TEST_ENV.postgresAdminUrl);
  const name = `t_${randomUUID().replaceAll('-', '').slice(0, 20)}`;
  const template = options.migrated ? process.env[TEMPLATE_DATABASE_ENV] : undefined;
  await adminQuery(adminUrl, template ? `create database "${name}" template "${template}"` : `create database "${name}"`);
  return { url: databaseUrl(adminUrl, name), drop: () => adminQuery(adminUrl, `drop database if exists "${name}" with (force)`) };
}

/** Migrates a new database to copy from; nothing may stay connected to it, or copies fail. */
export async function createTemplateDatabase(): Promise<string> {
  const adminUrl = requiredEnv(TEST_ENV.postgresAdminUrl);
  const name = `template_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  await adminQuery(adminUrl, `create database "${name}"`);
  const url = databaseUrl(adminUrl, name);
  const orm = await openOrm({ databaseUrl: url, poolMax: 1 });
  try {
    await runMigrations(orm, url);
  } finally {
    await orm.close(true);
  }
  return name;
}
