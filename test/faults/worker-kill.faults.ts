import { jest } from '@jest/globals';
import { runFaultScenario } from './scenario.ts';

jest.setTimeout(15 * 60_000);

describe('fault: the worker is SIGKILLed mid-storm and restarted', () => {
  it('applies every acknowledged alert exactly once and drains after the restart', async () => {
    // Alerts wait in Temporal (signals on their bucket ingestion workflows) while no worker polls.
    await runFaultScenario({ name: 'worker-kill', target: (stack) => stack.worker, downMs: 2000 });
  });
});
