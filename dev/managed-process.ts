import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as delay } from 'node:timers/promises';

export interface ManagedProcess {
  readonly name: string;
  readonly pid: number;
  readonly child: ChildProcess;
  isAlive(): boolean;
  /**
   * How it ended and its last lines of output, for an error message; empty while it runs. Waits a
   * moment for output still in the pipes: the last lines are the ones that say why.
   */
  exitReport(): Promise<string>;
  /** SIGTERM to the whole process group, SIGKILL after `graceMs`; resolves once it has exited. */
  stop(graceMs?: number): Promise<void>;
  /** Whether `stop` was called: an exit that follows it is the one asked for, not a failure. */
  stopRequested(): boolean;
}

const running = new Set<ManagedProcess>();
const REMEMBERED_LINES = 15;

// Last resort when the launcher itself exits without a clean stop (an uncaught error, process.exit):
// nothing it started may outlive it.
process.once('exit', () => {
  for (const managed of running) killGroup(managed.pid, 'SIGKILL');
});

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  }
}

/** Whether a process with this id exists (signal 0 checks without delivering anything). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts a long-running child in its own process group, so stopping it also stops whatever it
 * forked (Elasticsearch's controller, a shell wrapper). Output goes to `onOutput` line by line.
 */
export function startManagedProcess(
  name: string,
  command: string,
  args: string[],
  options: SpawnOptions & { onOutput?: (line: string) => void } = {},
): ManagedProcess {
  const { onOutput, ...spawnOptions } = options;
  const child = spawn(command, args, { ...spawnOptions, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  if (child.pid === undefined) throw new Error(`${name}: could not start ${command}`);
  const pid = child.pid;
  let exited = false;
  let stopping = false;
  let ending = '';
  const recentLines: string[] = [];
  const exitedPromise = once(child, 'exit').then(([code, signal]) => {
    exited = true;
    ending = signal ? `killed by ${String(signal)}` : `exit code ${String(code)}`;
  });
  const closedPromise = once(child, 'close').catch(() => undefined);
  child.once('error', (error) => {
    exited = true;
    ending = error.message;
  });
  for (const stream of [child.stdout, child.stderr]) {
    let buffered = '';
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.trim()) continue;
        recentLines.push(line);
        if (recentLines.length > REMEMBERED_LINES) recentLines.shift();
        onOutput?.(line);
      }
    });
  }
  const managed: ManagedProcess = {
    name,
    pid,
    child,
    isAlive: () => !exited,
    async exitReport() {
      if (!exited) return '';
      await Promise.race([closedPromise, delay(1000, undefined, { ref: false })]);
      return [`${name} ended (${ending || 'exited'})`, ...recentLines.map((line) => `  ${line}`)].join('\n');
    },
    stopRequested: () => stopping,
    async stop(graceMs = 10_000) {
      stopping = true;
      if (!exited) {
        killGroup(pid, 'SIGTERM');
        const timer = setTimeout(() => killGroup(pid, 'SIGKILL'), graceMs);
        await exitedPromise;
        clearTimeout(timer);
      }
      // Children that ignored SIGTERM after the leader exited are still in the group.
      killGroup(pid, 'SIGKILL');
      running.delete(managed);
    },
  };
  running.add(managed);
  return managed;
}
