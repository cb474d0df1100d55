/** Stops what global setup started; nothing outlives the test run. */
export default async function globalTeardown(): Promise<void> {
  await (globalThis as { __tocsinStopTestServices?: () => Promise<void> }).__tocsinStopTestServices?.();
}
