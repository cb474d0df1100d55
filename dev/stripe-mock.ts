import { freePort } from '../shared/net/free-port.ts';
import { goTool } from './go-install.ts';
import { resolveTool, type ResolveToolOptions } from './tool-cache.ts';
import { startManagedProcess } from './managed-process.ts';
import { startAgainOnEarlyExit, waitFor } from './wait-for.ts';

/** Stripe's own API mock (https://github.com/stripe/stripe-mock), which billing tests call instead of Stripe. */
export const STRIPE_MOCK_VERSION = '0.203.0';

/** The build in the tool cache, keyed by version. */
export const STRIPE_MOCK_TOOL = goTool({ name: 'stripe-mock', version: STRIPE_MOCK_VERSION, module: 'github.com/stripe/stripe-mock' });

/**
 * STRIPE_MOCK_PATH, else the tool cache, else `go install` into the tool cache (the Go module proxy is
 * the only download). Throws when none gives a binary.
 */
export const resolveStripeMock = (options: ResolveToolOptions): Promise<string> =>
  resolveTool(STRIPE_MOCK_TOOL, 'STRIPE_MOCK_PATH', options);

export interface RunningStripeMock {
  /** For STRIPE_API_BASE, e.g. `http://127.0.0.1:41234`. */
  url: string;
  stop(): Promise<void>;
}

/** Starts stripe-mock on a free loopback port (HTTP only) and waits until it answers. */
export function startStripeMock(binary: string): Promise<RunningStripeMock> {
  return startAgainOnEarlyExit('stripe-mock', () => startStripeMockOnce(binary));
}

async function startStripeMockOnce(binary: string): Promise<RunningStripeMock> {
  const port = await freePort();
  const server = startManagedProcess('stripe-mock', binary, ['-http-addr', `127.0.0.1:${port}`], { onOutput: () => undefined });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor(
      'stripe-mock',
      async () => {
        // Any HTTP answer (401 without a key) means it serves.
        const response = await fetch(`${url}/v1/customers`, { signal: AbortSignal.timeout(1000) });
        return response.status > 0 ? true : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 100, isAlive: () => server.isAlive(), exitReport: () => server.exitReport() },
    );
  } catch (error) {
    await server.stop();
    throw error;
  }
  return { url, stop: () => server.stop() };
}
