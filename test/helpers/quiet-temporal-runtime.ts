import { DefaultLogger, Runtime } from '@temporalio/worker';

/**
 * Worker state changes are noise in test output; warnings and errors still show. Call before a
 * file's first worker or native connection: the first of either makes the SDK's runtime. Only the
 * files that start one import this, so the others never load the worker SDK.
 */
export function installQuietTemporalRuntime(): void {
  try {
    Runtime.install({ logger: new DefaultLogger(process.env.TOCSIN_TEST_VERBOSE === '1' ? 'INFO' : 'WARN') });
  } catch {
    // already installed earlier in this Jest worker
  }
}
