import { MappingError } from '../../../shared/alerts/json-mapping.ts';
import { createMappingRunner, type MappingRunner } from '../../../shared/isolation/json-mapping.ts';

describe('mapping runner: templates evaluated in threads', () => {
  let runner: MappingRunner;
  afterEach(async () => {
    await runner?.close();
  });

  it('answers what the template makes of the body', async () => {
    runner = createMappingRunner({ threads: 1 });
    await expect(runner.evaluate('{"title": a & "!"}', { a: 'x' })).resolves.toEqual({ title: 'x!' });
  });

  it('a template that does not compile fails with its position', async () => {
    runner = createMappingRunner({ threads: 1 });
    const error = await runner.evaluate('{"a": }', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MappingError);
    expect((error as MappingError).stage).toBe('compile');
    expect((error as MappingError).problem.position).toEqual(expect.any(Number));
  });

  it('a runaway one built-in call long is cut off at the hard limit, the event loop stays free, and the next job runs', async () => {
    // One $sort of a large array is a single step: JSONata's own checks cannot see inside it.
    runner = createMappingRunner({ threads: 1, limits: { ms: 60_000, depth: 1_000, hardMs: 300, maxHeapMb: 256 } });
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 20);
    const error = await runner
      .evaluate('$sort([1..5000000], function($a, $b) { $a < $b })', {})
      .catch((caught: unknown) => caught)
      .finally(() => clearInterval(ticker));
    expect(error).toBeInstanceOf(MappingError);
    expect((error as MappingError).problem.message).toMatch(/more than 300 ms|MiB/);
    expect(ticks).toBeGreaterThan(3);
    await expect(runner.evaluate('1 + 1', {})).resolves.toBe(2);
  });
});
