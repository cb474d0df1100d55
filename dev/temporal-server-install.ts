// The Temporal server and its SQL schema tool, built into the tool cache (`npm run temporal-server:install`).
import { execFile } from 'node:child_process';
import { constants, existsSync } from 'node:fs';
import { access, copyFile, mkdir, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { goInstall } from './go-install.ts';

/** The server version the Temporal CLI v1.5.1 (dev/temporal.ts) embeds, so both run the same server code. */
export const TEMPORAL_SERVER_VERSION = '1.29.1';
const MODULE = `go.temporal.io/server@v${TEMPORAL_SERVER_VERSION}`;
/** The PostgreSQL schemas as shipped in the server's module, for the schema tool's `postgres12` plugin. */
const SCHEMA_SUBDIR = join('schema', 'postgresql', 'v12');

type Log = (message: string) => void;

/** What the installer puts in the tool cache. */
export interface TemporalServerInstall {
  server: string;
  sqlTool: string;
  /** `schema/postgresql/v12` of the server's source: `temporal/versioned` and `visibility/versioned`. */
  schemaDir: string;
}

const isExecutable = (path: string) =>
  access(path, constants.X_OK).then(
    () => true,
    () => false,
  );

/** Where the build lives in the tool cache, keyed by version like the CLI's. */
export function temporalServerInstallOf(cacheDir: string): TemporalServerInstall {
  const dir = join(cacheDir, `temporal-server-${TEMPORAL_SERVER_VERSION}`);
  return { server: join(dir, 'temporal-server'), sqlTool: join(dir, 'temporal-sql-tool'), schemaDir: join(dir, SCHEMA_SUBDIR) };
}

async function copyTree(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true });
  for (const entry of await readdir(from, { withFileTypes: true })) {
    // Folder by folder, not cp: cp would copy the module cache's read-only folder modes, which stop a later rm.
    if (entry.isDirectory()) await copyTree(join(from, entry.name), join(to, entry.name));
    else await copyFile(join(from, entry.name), join(to, entry.name));
  }
}

/**
 * The server and `temporal-sql-tool` from the tool cache, else built with `go install` (the Go
 * module proxy is the one download every tool here relies on, like Mailpit's and stripe-mock's)
 * together with the schema folders of the same module, published into the cache in one rename.
 */
export async function installTemporalServer(options: { cacheDir: string; log?: Log }): Promise<TemporalServerInstall> {
  const install = temporalServerInstallOf(options.cacheDir);
  if ((await isExecutable(install.server)) && (await isExecutable(install.sqlTool)) && existsSync(join(install.schemaDir, 'temporal')))
    return install;
  const dir = join(options.cacheDir, `temporal-server-${TEMPORAL_SERVER_VERSION}`);
  const build = `${dir}.build`;
  options.log?.(
    `temporal-server: building ${MODULE} (server and SQL schema tool) with Go into ${dir}; the first build takes several minutes`,
  );
  const server = await goInstall({
    goPackage: `go.temporal.io/server/cmd/server@v${TEMPORAL_SERVER_VERSION}`,
    binDir: join(build, 'server'),
    binary: 'server',
  });
  const sqlTool = await goInstall({
    goPackage: `go.temporal.io/server/cmd/tools/sql@v${TEMPORAL_SERVER_VERSION}`,
    binDir: join(build, 'sql'),
    binary: 'sql',
  });
  const { stdout } = await promisify(execFile)('go', ['mod', 'download', '-json', MODULE], { maxBuffer: 16 * 1024 * 1024 });
  const moduleDir = (JSON.parse(stdout) as { Dir?: string }).Dir;
  if (!moduleDir) throw new Error(`go mod download ${MODULE} did not name the module's directory`);
  const part = `${dir}.part`;
  await rm(part, { recursive: true, force: true });
  await mkdir(part, { recursive: true });
  await rename(server, join(part, 'temporal-server'));
  await rename(sqlTool, join(part, 'temporal-sql-tool'));
  for (const store of ['temporal', 'visibility'])
    await copyTree(join(moduleDir, SCHEMA_SUBDIR, store, 'versioned'), join(part, SCHEMA_SUBDIR, store, 'versioned'));
  await rm(dir, { recursive: true, force: true });
  await rename(part, dir);
  await rm(build, { recursive: true, force: true });
  return install;
}
