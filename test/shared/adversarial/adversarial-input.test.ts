import { Worker } from 'node:worker_threads';
import { PLATFORMS } from '../../../shared/domain/alert.ts';
import type { WorkerMessage } from './adversarial.worker.ts';

// Not a benchmark: linear code handles 1 MiB in milliseconds, a quadratic regex takes minutes. The
// bound only has to sit between the two, generously, on a busy machine: the slowest input takes about
// 0.5 s on an idle 2-vCPU machine, and the rest of the suite running beside it has made one 4 times slower.
const BUDGET_MS = 5_000;

/**
 * Runs a target's inputs in a worker; rejects, naming the input, as soon as one overruns the budget
 * (the worker is terminated, so a catastrophic regex does not hold the suite for minutes).
 */
function runWithinBudget(target: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./adversarial.worker.ts', import.meta.url), { workerData: { target } });
    const completed: string[] = [];
    let timer: NodeJS.Timeout | undefined;
    const fail = (error: Error) => {
      clearTimeout(timer);
      void worker.terminate();
      reject(error);
    };
    worker.on('message', (message: WorkerMessage) => {
      clearTimeout(timer);
      if (message.kind === 'start') {
        timer = setTimeout(() => fail(new Error(`${target} took over ${BUDGET_MS} ms on "${message.label}"`)), BUDGET_MS);
      } else if (message.kind === 'done') {
        completed.push(message.label);
      } else if (message.kind === 'error') {
        fail(new Error(`${target} threw on "${message.label}": ${message.message}`));
      } else {
        void worker.terminate();
        resolve(completed);
      }
    });
    worker.on('error', fail);
  });
}

describe('text processors on 1 MiB of adversarial text', () => {
  it.each([
    ...PLATFORMS.map((platform) => `parser:${platform}`),
    'informativeQuery',
    'wordpiece',
    'orTsQuery',
    'snippetOf',
    'keywordQueryText',
    'highlightOf',
    'renderString',
  ])(
    '%s stays within the budget on every input',
    async (target) => {
      const completed = await runWithinBudget(target);
      expect(completed.length).toBeGreaterThan(0);
    },
    300_000,
  );
});
