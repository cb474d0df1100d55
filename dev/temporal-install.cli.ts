import { resolveTemporalCli } from './temporal.ts';
import { toolCacheDir } from '../shared/load-config.ts';

// `npm run temporal:install`: finds, downloads or builds the Temporal CLI into the tool cache.
try {
  const path = await resolveTemporalCli({
    explicitPath: process.env.TEMPORAL_CLI_PATH || undefined,
    cacheDir: toolCacheDir(),
    log: (message) => process.stderr.write(`${message}\n`),
  });
  process.stdout.write(`${path}\n`);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
