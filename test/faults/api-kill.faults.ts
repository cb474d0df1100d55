import { jest } from '@jest/globals';
import { runFaultScenario } from './scenario.ts';

jest.setTimeout(15 * 60_000);

describe('fault: the API is SIGKILLed mid-storm and restarted', () => {
  it('applies every acknowledged alert exactly once and drains after the restart', async () => {
    // Senders see refused connections and retry. A request killed after Temporal accepted its
    // alert but before the 200 reached the sender is retried with the same body and
    // Idempotency-Key: the same receipt, so the alert is applied once.
    await runFaultScenario({ name: 'api-kill', target: (stack) => stack.api, downMs: 2000 });
  });
});
