import { jest } from '@jest/globals';
import { runFaultScenario } from './scenario.ts';

jest.setTimeout(15 * 60_000);

describe('fault: the Temporal server is SIGKILLed mid-storm and restarted on the same database', () => {
  it('applies every acknowledged alert exactly once and drains after Temporal is back', async () => {
    // The API answers 503 while Temporal is away and senders retry; what Temporal acknowledged
    // before the kill is in its database file. A signal Temporal persisted just before the kill,
    // whose answer never reached the API, is answered 503 and retried by the sender: the retry
    // carries the same receipt, so the alert is still applied once.
    await runFaultScenario({ name: 'temporal-kill', target: (stack) => stack.temporal, downMs: 5000 });
  });
});
