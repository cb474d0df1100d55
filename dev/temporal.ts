import { constants } from 'node:fs';
import { access, mkdir, readdir, rename } from 'node:fs/promises';
import { delimiter, join, resolve } from 'node:path';
import { Connection } from '@temporalio/client';
import { SEARCH_ATTRIBUTE_DEFINITIONS } from '../shared/domain/search-attributes.ts';
import { freePort, freePorts } from '../shared/net/free-port.ts';
import { goBuild } from './go-install.ts';
import { installTool, toolDir, type ToolDeclaration, type ToolSource } from './tool-cache.ts';
import { startManagedProcess } from './managed-process.ts';
import { startAgainOnEarlyExit, waitFor } from './wait-for.ts';

export const TEMPORAL_CLI_VERSION = '1.5.1';
const GO_PACKAGE = `github.com/temporalio/cli/cmd/temporal@v${TEMPORAL_CLI_VERSION}`;

type Log = (message: string) => void;

async function isExecutable(path: string): Promise<boolean> {
  try {
    await access(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

async function findOnPath(name: string, pathVariable = process.env.PATH ?? ''): Promise<string | undefined> {
  for (const dir of pathVariable.split(delimiter).filter(Boolean)) {
    const candidate = join(dir, name);
    if (await isExecutable(candidate)) return candidate;
  }
  return undefined;
}

/**
 * The SDK's own download of this CLI version: fast for users who are online; offline it fails
 * within milliseconds.
 */
const sdkDownload: ToolSource = {
  describe: `the Temporal SDK's download of CLI v${TEMPORAL_CLI_VERSION}`,
  async fetch({ stage, work }) {
    const { TestWorkflowEnvironment } = await import('@temporalio/testing');
    const env = await TestWorkflowEnvironment.createLocal({
      server: { executable: { type: 'cached-download', downloadDir: work, version: `v${TEMPORAL_CLI_VERSION}` }, ui: false },
    });
    await env.teardown();
    for (const file of await readdir(work)) {
      if (file.startsWith('temporal') && (await isExecutable(join(work, file)))) {
        await mkdir(stage, { recursive: true });
        await rename(join(work, file), join(stage, 'temporal'));
        return;
      }
    }
    throw new Error(`no temporal executable in ${work}`);
  },
};

/** The CLI in the tool cache: the SDK's download first, else a Go build. */
export const TEMPORAL_CLI_TOOL: ToolDeclaration = {
  name: 'temporal',
  version: TEMPORAL_CLI_VERSION,
  entry: 'temporal',
  executable: true,
  sources: [sdkDownload, goBuild({ goPackage: GO_PACKAGE })],
};

/**
 * Finds the Temporal CLI: TEMPORAL_CLI_PATH, then PATH, then the tool cache, where it is
 * downloaded or built when missing. Throws one message naming every option.
 */
export async function resolveTemporalCli(options: { explicitPath?: string; cacheDir: string; log?: Log }): Promise<string> {
  const log = options.log ?? (() => undefined);
  if (options.explicitPath) {
    if (await isExecutable(options.explicitPath)) return options.explicitPath;
    throw new Error(`TEMPORAL_CLI_PATH=${options.explicitPath} is not an executable file`);
  }
  const onPath = await findOnPath('temporal');
  if (onPath) return onPath;
  try {
    return await installTool(TEMPORAL_CLI_TOOL, { cacheDir: options.cacheDir, log: (message) => log(`temporal: ${message}`) });
  } catch (error) {
    throw new Error(
      [
        'No Temporal CLI found, and none could be downloaded or built. Any one of these fixes it:',
        '  - set TEMPORAL_ADDRESS to a running Temporal server (then none is started);',
        '  - set TEMPORAL_CLI_PATH to a `temporal` binary, or put one on PATH (https://docs.temporal.io/cli);',
        `  - install Go and let Tocsin run \`go install ${GO_PACKAGE}\` into ${toolDir(options.cacheDir, TEMPORAL_CLI_TOOL)};`,
        '  - be online, so the Temporal SDK can download the CLI itself.',
        error instanceof Error ? error.message : String(error),
      ].join('\n'),
      { cause: error },
    );
  }
}

export interface TemporalDevServerOptions {
  cliPath: string;
  dataDir: string;
  namespace: string;
  /** The frontend port; by default any free one. */
  port?: number;
  /** The UI's port; null: no UI. */
  uiPort?: number | null;
  log?: Log;
}

export interface LocalTemporal {
  address: string;
  uiUrl: string | null;
  pid: number;
  stop(): Promise<void>;
}

/**
 * One partition per task queue. With the server's default of four, a new workflow's first task (a
 * bucket's start, a continue-as-new) lands on a random partition and waits there until one of the
 * worker's few non-sticky pollers polls that one (docs/decisions/0027). Partitions spread matching
 * over a cluster's hosts; the dev server is one process.
 */
export const ONE_PARTITION_PER_TASK_QUEUE = { 'matching.numTaskqueueReadPartitions': 1, 'matching.numTaskqueueWritePartitions': 1 };

/**
 * Room for the signals that queue behind a running workflow task: past 100 events or 2 MB (the
 * server's defaults) the server fails the task to flush them, and the TypeScript SDK can then go on
 * with a run it should have replayed, losing the signals of those seconds (docs/ingestion.md). A
 * storm sends a bucket tens of signals a second, each up to 100 alerts with their raw
 * payloads; workers accept 128 MB per gRPC message, so a flushed batch of 16 MB reaches them.
 */
export const ROOM_FOR_BUFFERED_SIGNALS = {
  'history.maximumBufferedEventsBatch': 1000,
  'history.maximumBufferedEventsSizeInBytes': 16 * 1024 * 1024,
};

/** Dynamic config every Temporal server Tocsin starts runs with (the dev server, the server, Compose's). */
export const TOCSIN_TEMPORAL_DYNAMIC_CONFIG = { ...ONE_PARTITION_PER_TASK_QUEUE, ...ROOM_FOR_BUFFERED_SIGNALS };

/**
 * Starts `temporal server start-dev` on loopback with a SQLite file, and waits until it serves.
 * The ports come from the kernel and are free only until something else takes them; a server that
 * exits before it serves (a port taken in between) is started again on fresh ports, keeping a
 * frontend port the caller asked for.
 */
export async function startTemporalDevServer(options: TemporalDevServerOptions): Promise<LocalTemporal> {
  return startAgainOnEarlyExit('temporal', () => startTemporalDevServerOnce(options), options.log);
}

async function startTemporalDevServerOnce(options: TemporalDevServerOptions): Promise<LocalTemporal> {
  const log = options.log ?? (() => undefined);
  const dataDir = resolve(options.dataDir);
  await mkdir(dataDir, { recursive: true });
  const port = await freePort(options.port ?? 0);
  const uiPort = options.uiPort === null ? null : await freePort(options.uiPort ?? 0);
  const [httpPort, metricsPort] = await freePorts(2, [port, ...(uiPort === null ? [] : [uiPort])]);
  const args = [
    'server',
    'start-dev',
    '--ip',
    '127.0.0.1',
    '--port',
    String(port),
    '--http-port',
    String(httpPort),
    '--metrics-port',
    String(metricsPort),
    '--db-filename',
    join(dataDir, 'temporal.db'),
    '--namespace',
    options.namespace,
    '--log-level',
    'error',
    ...Object.entries(TOCSIN_TEMPORAL_DYNAMIC_CONFIG).flatMap(([key, value]) => ['--dynamic-config-value', `${key}=${value}`]),
    // WAL with normal sync: durable across process crashes, several times faster than the defaults.
    '--sqlite-pragma',
    'journal_mode=wal',
    '--sqlite-pragma',
    'synchronous=normal',
    ...Object.entries(SEARCH_ATTRIBUTE_DEFINITIONS).flatMap(([name, type]) => ['--search-attribute', `${name}=${type}`]),
    // The dev server's UI has no authentication and no switch for its write actions (start-dev fixes
    // its UI configuration), so it listens on loopback only, whatever --ip says.
    ...(uiPort === null ? ['--headless'] : ['--ui-port', String(uiPort), '--ui-ip', '127.0.0.1']),
  ];
  const server = startManagedProcess('temporal', options.cliPath, args, {
    onOutput: (line) => log(`temporal: ${line}`),
  });
  const address = `127.0.0.1:${port}`;
  try {
    await waitFor(
      'Temporal dev server',
      async () => {
        const connection = await Connection.connect({ address, connectTimeout: 1000 });
        try {
          await connection.workflowService.describeNamespace({ namespace: options.namespace });
          return true;
        } finally {
          await connection.close();
        }
      },
      { timeoutMs: 60_000, intervalMs: 250, isAlive: () => server.isAlive(), exitReport: () => server.exitReport() },
    );
  } catch (error) {
    await server.stop();
    throw error;
  }
  return {
    address,
    uiUrl: uiPort === null ? null : `http://127.0.0.1:${uiPort}`,
    pid: server.pid,
    stop: () => server.stop(),
  };
}
