import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { startManagedProcess, type ManagedProcess } from './managed-process.ts';
import { apiNodeFlags, workerNodeFlags } from './node-flags.ts';
import { waitFor } from './wait-for.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Tocsin's two processes, as an operator runs them: `node api/main.ts` and `node worker/main.ts`. */
export type AppRole = 'api' | 'worker';

/**
 * Starts one of Tocsin's processes with its Node flags, from the repository root, in its own process
 * group. `npm start`, the benchmarks, the fault suite and the contract suite all start them here.
 */
export function spawnApp(
  role: AppRole,
  options: { env: NodeJS.ProcessEnv; onOutput: (line: string) => void; name?: string },
): ManagedProcess {
  return startManagedProcess(
    options.name ?? role,
    process.execPath,
    [...(role === 'api' ? apiNodeFlags() : workerNodeFlags()), `${ROOT}${role}/main.ts`],
    {
      env: options.env,
      cwd: ROOT,
      onOutput: options.onOutput,
    },
  );
}

/** Resolves once `url` (a process's /readyz) answers 200; fails at once if the process exits first. */
export async function waitUntilReady(url: string, child: ManagedProcess, timeoutMs = 180_000): Promise<void> {
  await waitFor(
    `${child.name} to be ready`,
    async () => {
      const response = await fetch(url, { signal: AbortSignal.timeout(2500) }).catch(() => undefined);
      await response?.body?.cancel();
      return response?.status === 200 ? true : undefined;
    },
    { timeoutMs, intervalMs: 250, isAlive: () => child.isAlive(), exitReport: () => child.exitReport() },
  );
}

/** `spawnApp`, then `waitUntilReady` on its readiness URL; the process is stopped if it never gets ready. */
export async function startApp(
  role: AppRole,
  options: { env: NodeJS.ProcessEnv; onOutput: (line: string) => void; readyUrl: string; name?: string; timeoutMs?: number },
): Promise<ManagedProcess> {
  const child = spawnApp(role, options);
  try {
    await waitUntilReady(options.readyUrl, child, options.timeoutMs);
  } catch (error) {
    await child.stop(5_000);
    throw error;
  }
  return child;
}

/**
 * The environment a harness (the benchmarks, the fault suite, the contract suite) starts both
 * processes with: its own database and task queue, fresh secrets, loopback only. Development mode
 * only because production refuses session cookies over plain HTTP; the code paths are the same.
 */
export function harnessAppEnv(options: { databaseUrl: string; temporalAddress: string | undefined; taskQueue: string }): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    DATABASE_URL: options.databaseUrl,
    TEMPORAL_ADDRESS: options.temporalAddress,
    TEMPORAL_TASK_QUEUE: options.taskQueue,
    JWT_SECRET: randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    HOST: '127.0.0.1',
  };
}
