import { chmod, cp, mkdtemp, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { startEmbeddedPostgres, type LocalPostgres } from '../../dev/postgres.ts';
import { installPgvector } from '../../dev/pgvector.ts';
import { toolCacheDir } from '../../shared/load-config.ts';

// The tool cache usually lives in the home directory, which the `postgres` system user (the server's,
// when started as root) cannot enter: pgvector must load all the same.
describe('embedded PostgreSQL with pgvector in a directory its server user cannot enter', () => {
  let root: string;
  let privateCache: string;
  let postgres: LocalPostgres;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'pg-vector-'));
    await chmod(root, 0o755);
    privateCache = await mkdtemp(join(tmpdir(), 'pg-vector-cache-')); // 0700, like /root
    const installed = await installPgvector({ cacheDir: toolCacheDir() });
    await cp(installed, join(privateCache, 'pgvector'), { recursive: true });
    postgres = await startEmbeddedPostgres({ dataDir: join(root, 'postgres'), pgvectorDir: join(privateCache, 'pgvector') });
  });

  afterAll(async () => {
    await postgres?.stop();
    await rm(root, { recursive: true, force: true });
    await rm(privateCache, { recursive: true, force: true });
  });

  it('creates the extension and answers a vector query', async () => {
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    try {
      await client.query('create extension if not exists vector');
      const { rows } = await client.query(`select '[1,2,3]'::vector <-> '[1,2,4]'::vector as distance`);
      expect(Number(rows[0].distance)).toBeCloseTo(1);
    } finally {
      await client.end();
    }
  });

  it('as root, reads the copy beside the data directory', () => {
    expect(existsSync(join(root, 'pgvector', 'lib', 'vector.so'))).toBe(process.getuid?.() === 0);
  });
});
