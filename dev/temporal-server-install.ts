// The Temporal server and its SQL schema tool, built into the tool cache (`npm run temporal-server:install`).
import { copyFile, mkdir, readdir, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { goBuild } from './go-install.ts';
import { installTool, run, toolDir, type InstallContext, type ToolDeclaration } from './tool-cache.ts';

/** The server version the Temporal CLI v1.5.1 (dev/temporal.ts) embeds, so both run the same server code. */
export const TEMPORAL_SERVER_VERSION = '1.29.1';
const MODULE = `go.temporal.io/server@v${TEMPORAL_SERVER_VERSION}`;
/** The PostgreSQL schemas as shipped in the server's module, for the schema tool's `postgres12` plugin. */
const SCHEMA_SUBDIR = join('schema', 'postgresql', 'v12');
const SCHEMA_STORES = ['temporal', 'visibility'] as const;

/** What the installer puts in the tool cache. */
export interface TemporalServerInstall {
  server: string;
  sqlTool: string;
  /** `schema/postgresql/v12` of the server's source: `temporal/versioned` and `visibility/versioned`. */
  schemaDir: string;
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
 * Both binaries with `go install` (the Go module proxy is the one download, as for Mailpit and
 * stripe-mock), and the schema folders of the same module beside them.
 */
export const TEMPORAL_SERVER_TOOL: ToolDeclaration = {
  name: 'temporal-server',
  version: TEMPORAL_SERVER_VERSION,
  entry: 'temporal-server',
  executable: true,
  requires: ['temporal-sql-tool', ...SCHEMA_STORES.map((store) => join(SCHEMA_SUBDIR, store, 'versioned'))],
  sources: [
    {
      describe: `go install ${MODULE} (server and SQL schema tool)`,
      async fetch(context) {
        await goBuild({ goPackage: `go.temporal.io/server/cmd/server@v${TEMPORAL_SERVER_VERSION}` }).fetch(context);
        await goBuild({ goPackage: `go.temporal.io/server/cmd/tools/sql@v${TEMPORAL_SERVER_VERSION}` }).fetch(context);
        await rename(join(context.stage, 'server'), join(context.stage, 'temporal-server'));
        await rename(join(context.stage, 'sql'), join(context.stage, 'temporal-sql-tool'));
        const { stdout } = await run('go', ['mod', 'download', '-json', MODULE], { maxBuffer: 16 * 1024 * 1024 });
        const moduleDir = (JSON.parse(stdout) as { Dir?: string }).Dir;
        if (!moduleDir) throw new Error(`go mod download ${MODULE} did not name the module's directory`);
        for (const store of SCHEMA_STORES)
          await copyTree(join(moduleDir, SCHEMA_SUBDIR, store, 'versioned'), join(context.stage, SCHEMA_SUBDIR, store, 'versioned'));
      },
    },
  ],
};

/** The server, its schema tool and schemas from the tool cache, built there first if missing. */
export async function installTemporalServer(context: InstallContext): Promise<TemporalServerInstall> {
  await installTool(TEMPORAL_SERVER_TOOL, context);
  const dir = toolDir(context.cacheDir, TEMPORAL_SERVER_TOOL);
  return { server: join(dir, 'temporal-server'), sqlTool: join(dir, 'temporal-sql-tool'), schemaDir: join(dir, SCHEMA_SUBDIR) };
}
