import { describe, expect, it } from '@jest/globals';
import { join } from 'node:path';
import LongFirstSequencer, { LONGER_THAN_THEIR_SIZE } from '../helpers/test-sequencer.ts';

const rootDir = '/checkout';
const sizes: Record<string, number> = {};
// No timing cache (`cache: false`), as in a fresh clone: Jest falls back to file sizes.
const context = {
  config: { rootDir, cache: false, cacheDirectory: '/nonexistent', id: 'sequencer-test' },
  hasteFS: { getSize: (path: string) => sizes[path] },
};
const testOf = (file: string, size: number) => {
  const path = join(rootDir, file);
  sizes[path] = size;
  return { path, context };
};

/** The files in the order the sequencer runs them, repo-relative. */
const sortedFiles = (tests: Array<ReturnType<typeof testOf>>): string[] =>
  (new LongFirstSequencer({ contexts: [], globalConfig: {} } as never).sort(tests as never) as unknown as Array<{ path: string }>).map(
    (test) => test.path.slice(rootDir.length + 1),
  );

describe('the test sequencer in a fresh clone', () => {
  it('runs the files known to outlast their size first, then the rest largest first', () => {
    const [long] = LONGER_THAN_THEIR_SIZE;
    const tests = [
      testOf('suite/a.int.test.ts', 9_000),
      testOf(long as string, 2_000),
      testOf('suite/b.test.ts', 5_000),
      testOf('suite/c.test.ts', 100),
    ];
    expect(sortedFiles(tests)).toEqual([long, 'suite/a.int.test.ts', 'suite/b.test.ts', 'suite/c.test.ts']);
  });

  it('keeps the order by size when none of the files is named', () => {
    const tests = [testOf('suite/small.test.ts', 10), testOf('suite/large.test.ts', 10_000), testOf('suite/medium.test.ts', 1_000)];
    expect(sortedFiles(tests)).toEqual(['suite/large.test.ts', 'suite/medium.test.ts', 'suite/small.test.ts']);
  });
});
