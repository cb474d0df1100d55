import { appendFileSync } from 'node:fs';

// Prints one plain closing line, `tests: N passed, N failed, N skipped`, so CI logs state the outcome
// in a runner-neutral form. Jest's own summary reporter runs after custom ones, so the line is written
// when the process exits, after that summary. With TOCSIN_TEST_TALLY set (.ci/run), the counts are also
// appended to that file, and .ci/run closes its log with the sum over every suite it ran.
export default class SummaryReporter {
  onRunComplete(_contexts, results) {
    const counts = {
      passed: results.numPassedTests,
      failed: results.numFailedTests,
      skipped: results.numPendingTests + results.numTodoTests,
    };
    if (process.env.TOCSIN_TEST_TALLY) appendFileSync(process.env.TOCSIN_TEST_TALLY, `${JSON.stringify(counts)}\n`);
    process.once('exit', () => {
      process.stdout.write(`\ntests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`);
    });
  }
}
