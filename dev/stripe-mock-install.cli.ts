import { resolveStripeMock } from './stripe-mock.ts';
import { runToolInstall } from './tool-install-cli.ts';

// `node dev/stripe-mock-install.cli.ts`: builds stripe-mock (billing tests) into the tool cache with `go install`.
await runToolInstall((context) => resolveStripeMock({ explicitPath: process.env.STRIPE_MOCK_PATH || undefined, ...context }));
