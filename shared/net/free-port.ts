import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';

function listenOn(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => resolve(server));
  });
}

const LOWEST_CHOSEN_PORT = 10_000;

/**
 * The first port of the kernel's ephemeral range (Linux's default when it cannot be read). A port
 * is chosen below it: between being chosen and being bound by the process it is for, a port from
 * that range can be taken as the local end of any outgoing connection (EADDRINUSE at listen).
 */
export function ephemeralPortsStart(): number {
  ephemeralStart ??= readEphemeralPortsStart();
  return ephemeralStart;
}
let ephemeralStart: number | undefined;

function readEphemeralPortsStart(): number {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (low !== undefined && Number.isInteger(low) && low > 0) return low;
  } catch {
    // not Linux: macOS and Windows start theirs at 49152, above Linux's default
  }
  return 32_768;
}

/** How many slices the chosen range is cut into: three for jest's workers (the suites run two at once), one outside jest. */
const SLICES = 4;

/**
 * Where ports are chosen: below the ephemeral range and below 32768 (the Temporal server keeps a
 * member's port as a smallint), in slices. Under jest, one slice per worker (`JEST_WORKER_ID`, which
 * the apps a test starts inherit; workers past the third share): a port a test file's process gives
 * up while it is down (killed, to be restarted on the same port) is never handed to the test file
 * running beside it. Outside jest (the contract run CI starts beside the fault scenarios, `npm
 * start`), the last slice, which no jest worker draws from.
 */
export function chosenPortRange(ephemeralStart: number, jestWorkerId: string | undefined): { low: number; high: number } {
  const ceiling = Math.min(ephemeralStart, 32_768);
  const size = Math.floor((ceiling - LOWEST_CHOSEN_PORT) / SLICES);
  const worker = Number(jestWorkerId);
  const slice = Number.isInteger(worker) && worker >= 1 ? (worker - 1) % (SLICES - 1) : SLICES - 1;
  const low = LOWEST_CHOSEN_PORT + slice * size;
  return { low, high: slice === SLICES - 1 ? ceiling : low + size };
}

/** A held listener on a random port of chosenPortRange; the kernel's choice when that leaves too few. */
async function holdChosenPort(besides: number[]): Promise<Server> {
  const { low, high } = chosenPortRange(ephemeralPortsStart(), process.env.JEST_WORKER_ID);
  if (high - low >= 1000) {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const port = low + Math.floor(Math.random() * (high - low));
      if (besides.includes(port)) continue;
      try {
        return await listenOn(port);
      } catch {
        // taken: another draw
      }
    }
  }
  return listenOn(0);
}

function portOf(server: Server): number {
  const address = server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

const close = (server: Server) => new Promise((resolve) => server.close(resolve));

/**
 * `count` distinct free loopback ports, none of them in `besides`: all are held at once while
 * chosen, so two calls in a row cannot hand out the same port.
 */
export async function freePorts(count: number, besides: number[] = []): Promise<number[]> {
  const held: Server[] = [];
  try {
    const ports: number[] = [];
    while (ports.length < count) {
      const server = await holdChosenPort([...besides, ...ports]);
      held.push(server);
      const port = portOf(server);
      if (!besides.includes(port)) ports.push(port);
    }
    return ports;
  } finally {
    await Promise.all(held.map(close));
  }
}

/** A free loopback port for a process to bind later; `preferred` is used when it is free. */
export async function freePort(preferred = 0): Promise<number> {
  if (preferred > 0) {
    try {
      const server = await listenOn(preferred);
      await close(server);
      return preferred;
    } catch {
      // taken: fall through to any free port
    }
  }
  const [port] = await freePorts(1);
  return port as number;
}
