import type { Test } from '@jest/test-result';
import type TestSequencerModule from '@jest/test-sequencer';
import { createRequire } from 'node:module';
import { relative, sep } from 'node:path';

// Loaded as CommonJS, the shape its types describe (its ESM entry's default is the class itself).
const { default: TestSequencer } = createRequire(import.meta.url)('@jest/test-sequencer') as typeof TestSequencerModule;

/**
 * Files that run far longer than their size says (repo-relative). Jest runs the longest files first
 * when it knows their times from an earlier run in the same checkout; a fresh clone (CI) knows none,
 * and Jest's order by file size put the adversarial-input suite (2 KB, about 70 s: megabyte inputs
 * through every parser in a thread) last, running alone on one of two workers for a minute.
 */
export const LONGER_THAN_THEIR_SIZE = ['test/shared/adversarial/adversarial-input.test.ts'];

const isLongWithoutTime = (test: Test): boolean =>
  test.duration == null && LONGER_THAN_THEIR_SIZE.includes(relative(test.context.config.rootDir, test.path).split(sep).join('/'));

/** Jest's order, but for the files above going first when their time is not known. */
export default class LongFirstSequencer extends TestSequencer {
  override sort(tests: Array<Test>): Array<Test> {
    const sorted = super.sort(tests) as Array<Test>;
    return [...sorted.filter(isLongWithoutTime), ...sorted.filter((test) => !isLongWithoutTime(test))];
  }
}
