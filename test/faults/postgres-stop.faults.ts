import { jest } from '@jest/globals';
import { runFaultScenario } from './scenario.ts';

jest.setTimeout(15 * 60_000);

describe('fault: PostgreSQL shuts down immediately mid-storm for about 10 s', () => {
  it('applies every acknowledged alert exactly once and drains after PostgreSQL is back', async () => {
    // The API keeps queueing into Temporal (it reads only cached integrations); ingestion
    // activities fail and Temporal retries them until the database is back.
    await runFaultScenario({ name: 'postgres-stop', target: (stack) => stack.postgres, downMs: 10_000 });
  });
});
