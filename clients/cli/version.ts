import { createRequire } from 'node:module';

// Set by esbuild in the executables (clients/cli/build); from package.json when run from source.
declare const TOCSIN_CLI_VERSION: string | undefined;

export const CLI_VERSION: string =
  typeof TOCSIN_CLI_VERSION === 'string'
    ? TOCSIN_CLI_VERSION
    : (createRequire(import.meta.url)('../../package.json') as { version: string }).version;

/** `tocsin-cli/0.1.0 (linux; x64)`: GET /helper/download reads the platform from it. */
export const userAgent = () =>
  `tocsin-cli/${CLI_VERSION} (${process.platform === 'win32' ? 'windows' : process.platform}; ${process.arch})`;
