import { resolveTemporalCli } from './temporal.ts';
import { runToolInstall } from './tool-install-cli.ts';

// `npm run temporal:install`: finds, downloads or builds the Temporal CLI into the tool cache.
await runToolInstall((context) => resolveTemporalCli({ explicitPath: process.env.TEMPORAL_CLI_PATH || undefined, ...context }));
