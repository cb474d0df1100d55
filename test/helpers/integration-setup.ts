import { jest } from '@jest/globals';
import { DefaultLogger, Runtime } from '@temporalio/worker';

// Integration tests start workers and wait on real servers; their own deadlines are the real limit.
jest.setTimeout(180_000);

// Worker state changes are noise in test output; warnings and errors still show.
try {
  Runtime.install({ logger: new DefaultLogger(process.env.TOCSIN_TEST_VERBOSE === '1' ? 'INFO' : 'WARN') });
} catch {
  // already installed by an earlier test file in this Jest worker
}
