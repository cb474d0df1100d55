import { startTestServices } from './test-services.ts';

/** Jest global setup of the integration project: the real servers every test file shares. */
export default async function globalSetup(): Promise<void> {
  const verbose = process.env.TOCSIN_TEST_VERBOSE === '1';
  const stop = await startTestServices((message) => {
    if (verbose) process.stderr.write(`${message}\n`);
  });
  (globalThis as { __tocsinStopTestServices?: () => Promise<void> }).__tocsinStopTestServices = stop;
}
