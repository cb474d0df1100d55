import { resolveTemporalCli, startTemporalDevServer, type LocalTemporal } from '../temporal.ts';
import { startTemporalServer } from '../temporal-server.ts';
import { installTemporalServer, type TemporalServerInstall } from '../temporal-server-install.ts';
import {
  notStartedHandle,
  onServer,
  restartable,
  startedHandle,
  waitUntilGone,
  type ServiceHandle,
  type ServiceOptions,
} from './handle.ts';
import type { StackSpec } from './plan.ts';
import type { PostgresHandle } from './postgres.service.ts';

export interface TemporalHandle extends ServiceHandle {
  readonly address: string;
  readonly uiUrl: string | null;
  /** The CLI the dev server runs from; undefined for other kinds. */
  readonly cliPath: string | undefined;
}

/** The Temporal dev server, the Temporal server on the stack's PostgreSQL (both killed by SIGKILL), a configured address, or none. */
export function temporalHandle(
  spec: StackSpec,
  dataDir: string | undefined,
  postgres: PostgresHandle,
  options: ServiceOptions,
): TemporalHandle {
  const log = (line: string) => options.log(line, 'temporal');
  const temporal = spec.temporal;
  if (temporal.kind === 'off' || temporal.kind === 'address') {
    return notStartedHandle('temporal', temporal.kind === 'address' ? 'use' : 'off', {
      address: temporal.kind === 'address' ? temporal.address : '',
      uiUrl: null,
      cliPath: undefined,
    });
  }
  const directory = dataDir as string;
  const namespace = temporal.namespace ?? 'default';
  let cliPath: string | undefined;
  let install: Promise<TemporalServerInstall> | undefined;
  let dropDatabases: (() => Promise<void>) | undefined;
  // Kept while it is down: a restart is on the same port.
  let address = '';
  let uiUrl: string | null = null;
  const launch = async (port: number | undefined): Promise<LocalTemporal> => {
    if (temporal.kind === 'dev') {
      cliPath ??= await resolveTemporalCli({ explicitPath: temporal.cliPath, cacheDir: options.cacheDir, log });
      log(`temporal: starting the dev server (${cliPath})`);
      return startTemporalDevServer({
        cliPath,
        dataDir: directory,
        namespace,
        port: port ?? temporal.port,
        uiPort: temporal.uiPort ?? null,
        log,
      });
    }
    install ??= installTemporalServer({ cacheDir: options.cacheDir, log });
    const database = temporal.database ?? 'temporal';
    // In a configured PostgreSQL its databases are dropped at the end; an embedded one dies with its root.
    if (postgres.action === 'use') {
      dropDatabases ??= async () => {
        for (const name of [database, `${database}_visibility`]) {
          await onServer(postgres.adminUrl, `drop database if exists "${name}" with (force)`);
        }
      };
    }
    log(`temporal-server: starting on PostgreSQL (databases ${database}, ${database}_visibility)`);
    return startTemporalServer({
      install: await install,
      dataDir: directory,
      postgresUrl: postgres.adminUrl,
      database,
      namespace,
      port: port ?? temporal.port,
      log,
    });
  };
  const server = restartable<LocalTemporal>(
    'temporal',
    async (port) => {
      const started = await launch(port);
      ({ address, uiUrl } = started);
      return started;
    },
    (running) => Number(running.address.split(':')[1]),
    async (running) => {
      process.kill(-running.pid, 'SIGKILL');
      await waitUntilGone(running.pid, 'Temporal');
    },
  );
  return startedHandle('temporal', server, {
    get address() {
      return address;
    },
    get uiUrl() {
      return uiUrl;
    },
    get cliPath() {
      return cliPath;
    },
    async stop() {
      await server.stop();
      await dropDatabases?.();
      dropDatabases = undefined;
    },
  });
}
