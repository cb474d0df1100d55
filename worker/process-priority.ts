import { readdirSync } from 'node:fs';
import { constants, setPriority } from 'node:os';

/**
 * Lowers this process to the lowest CPU priority. On Linux the nice value is per thread, so every
 * thread running now is lowered (the ones started later inherit it from their creator); elsewhere
 * the call applies to the process. Returns whether it took effect.
 */
export function lowerProcessPriority(): boolean {
  const threads = (() => {
    try {
      return readdirSync('/proc/self/task').map(Number);
    } catch {
      return [0];
    }
  })();
  let lowered = false;
  for (const thread of threads) {
    try {
      setPriority(thread, constants.priority.PRIORITY_LOW);
      lowered = true;
    } catch {
      // Not permitted, or the thread has ended: the queue's slots still bound the follow-up.
    }
  }
  return lowered;
}
