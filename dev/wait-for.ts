import { setTimeout as delay } from 'node:timers/promises';

/** The process being waited for ended first: waiting longer cannot help, starting it again may. */
export class ExitedBeforeReadyError extends Error {}

/** Polls `probe` until it returns a value other than undefined, or throws after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  options: { timeoutMs: number; intervalMs?: number; isAlive?: () => boolean; exitReport?: () => Promise<string> | string },
): Promise<T> {
  const deadline = Date.now() + options.timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    if (options.isAlive && !options.isAlive()) {
      const report = (await options.exitReport?.()) ?? '';
      throw new ExitedBeforeReadyError(`${what}: the process exited before it was ready${report ? `\n${report}` : ''}`);
    }
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      lastError = error;
    }
    await delay(options.intervalMs ?? 250);
  }
  const reason = lastError instanceof Error ? `: ${lastError.message}` : '';
  throw new Error(`${what} was not ready within ${options.timeoutMs} ms${reason}`);
}

/**
 * Runs `start` again, up to `attempts` times in all, when the server it starts exits before it is
 * ready. A port chosen free can be taken before the server binds it (by another server, or as an
 * outgoing connection's local port); each start chooses its ports again.
 */
export async function startAgainOnEarlyExit<T>(
  what: string,
  start: (attempt: number) => Promise<T>,
  log: (message: string) => void = () => undefined,
  attempts = 3,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await start(attempt);
    } catch (error) {
      if (!(error instanceof ExitedBeforeReadyError) || attempt === attempts) throw error;
      log(`${what}: ${error.message.split('\n')[0]}; starting it again on fresh ports`);
    }
  }
}
