// What every service handle of the stack shares: the handle's shape, one running instance at a time,
// restarts on the first start's port.
import pg from 'pg';
import { processAlive } from '../managed-process.ts';
import { waitFor } from '../wait-for.ts';
import type { ServiceAction, ServiceName } from './plan.ts';

export interface ServiceHandle {
  readonly name: ServiceName;
  /** `start`: this stack runs it; `use`: a configured server; `off`: not part of the stack. */
  readonly action: ServiceAction;
  /** The running process (PostgreSQL: its postmaster), while a started service is up. */
  readonly pid: number | undefined;
  isUp(): boolean;
  /** Takes it down the way a crash would (PostgreSQL: SIGQUIT, an immediate shutdown; Temporal: SIGKILL; Elasticsearch: a stop). */
  kill(): Promise<void>;
  /** Starts it again on the same data and port, and waits until it serves. */
  start(): Promise<void>;
  /** Stops it gracefully; a no-op when it is down or not started here (a configured PostgreSQL drops the databases the stack created in it). */
  stop(): Promise<void>;
}

/** The launcher's options once defaults are applied. */
export interface ServiceOptions {
  log: (line: string, service: ServiceName) => void;
  cacheDir: string;
}

export async function onServer(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function waitUntilGone(pid: number, what: string): Promise<void> {
  await waitFor(`${what} (pid ${pid}) to exit`, async () => (processAlive(pid) ? undefined : true), { timeoutMs: 60_000, intervalMs: 50 });
}

const notStartedHere = (name: ServiceName, action: ServiceAction) => async () => {
  throw new Error(`${name} is ${action === 'off' ? 'not part of this stack' : 'a configured server, not started by this stack'}`);
};

/** The handle with a service's own members added, getters kept as getters (they read the running instance). */
function extended<Base extends object, Extra extends object>(base: Base, extra: Extra): Base & Extra {
  return Object.defineProperties(base, Object.getOwnPropertyDescriptors(extra)) as Base & Extra;
}

/** A service this stack does not start: a configured server (`use`) or none (`off`); `extra` may replace `stop`. */
export function notStartedHandle<Extra extends object>(
  name: ServiceName,
  action: 'use' | 'off',
  extra: Extra,
): ServiceHandle & NoInfer<Extra> {
  const base: ServiceHandle = {
    name,
    action,
    pid: undefined,
    isUp: () => action === 'use',
    kill: notStartedHere(name, action),
    start: notStartedHere(name, action),
    stop: async () => undefined,
  };
  return extended(base, extra);
}

/** A service this stack starts, run through `restartable`; `extra` may replace `stop`. */
export function startedHandle<Extra extends object>(
  name: ServiceName,
  server: { readonly current: { pid: number } | undefined; start(): Promise<void>; kill(): Promise<void>; stop(): Promise<void> },
  extra: Extra,
): ServiceHandle & NoInfer<Extra> {
  const base: ServiceHandle = {
    name,
    action: 'start',
    get pid() {
      return server.current?.pid;
    },
    isUp: () => server.current !== undefined,
    kill: () => server.kill(),
    start: () => server.start(),
    stop: () => server.stop(),
  };
  return extended(base, extra);
}

/** What every started service shares: one running instance at a time, restarts on its first port. */
export function restartable<T extends { pid: number; stop(): Promise<void> }>(
  name: ServiceName,
  launch: (port: number | undefined) => Promise<T>,
  portOf: (running: T) => number,
  crash: (running: T) => Promise<void>,
) {
  let running: T | undefined;
  let port: number | undefined;
  return {
    get current() {
      return running;
    },
    async start() {
      if (running) throw new Error(`${name} is already running`);
      const started = await launch(port);
      if (port !== undefined && portOf(started) !== port) {
        await started.stop();
        throw new Error(`${name}: port ${port} was taken while it was down`);
      }
      port = portOf(started);
      running = started;
    },
    async kill() {
      if (!running) throw new Error(`${name} is not running`);
      await crash(running);
      running = undefined;
    },
    async stop() {
      const stopping = running;
      running = undefined;
      await stopping?.stop();
    },
  };
}
