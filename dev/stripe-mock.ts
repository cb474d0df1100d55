import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { freePort } from '../shared/net/free-port.ts';
import { goBuild } from './go-install.ts';
import { installTool, type ToolDeclaration } from './tool-cache.ts';
import { startManagedProcess } from './managed-process.ts';
import { waitFor } from './wait-for.ts';

/** Stripe's own API mock (https://github.com/stripe/stripe-mock), which billing tests call instead of Stripe. */
export const STRIPE_MOCK_VERSION = '0.203.0';
const GO_PACKAGE = `github.com/stripe/stripe-mock@v${STRIPE_MOCK_VERSION}`;

type Log = (message: string) => void;

const isExecutable = (path: string) =>
  access(path, constants.X_OK).then(
    () => true,
    () => false,
  );

/** The build in the tool cache, keyed by version. */
export const STRIPE_MOCK_TOOL: ToolDeclaration = {
  name: 'stripe-mock',
  version: STRIPE_MOCK_VERSION,
  entry: 'stripe-mock',
  executable: true,
  sources: [goBuild({ goPackage: GO_PACKAGE })],
};

/**
 * STRIPE_MOCK_PATH, else the tool cache, else `go install` into the tool cache (the Go module proxy is
 * the only download). Throws when none gives a binary.
 */
export async function resolveStripeMock(options: { explicitPath?: string; cacheDir: string; log?: Log }): Promise<string> {
  if (options.explicitPath) {
    if (await isExecutable(options.explicitPath)) return options.explicitPath;
    throw new Error(`STRIPE_MOCK_PATH=${options.explicitPath} is not an executable`);
  }
  return installTool(STRIPE_MOCK_TOOL, { cacheDir: options.cacheDir, log: (message) => options.log?.(`stripe-mock: ${message}`) });
}

export interface RunningStripeMock {
  /** For STRIPE_API_BASE, e.g. `http://127.0.0.1:41234`. */
  url: string;
  stop(): Promise<void>;
}

/** Starts stripe-mock on a free loopback port (HTTP only) and waits until it answers. */
export async function startStripeMock(binary: string): Promise<RunningStripeMock> {
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
