import { resolveStripeMock } from './stripe-mock.ts';
import { toolCacheDir } from '../shared/load-config.ts';

// `npm run stripe-mock:install`: builds stripe-mock (billing tests) into the tool cache with `go install`.
try {
  const path = await resolveStripeMock({
    explicitPath: process.env.STRIPE_MOCK_PATH || undefined,
    cacheDir: toolCacheDir(),
    log: (message) => process.stderr.write(`${message}\n`),
  });
  process.stdout.write(`${path}\n`);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
