import { resolveMailpit } from './mailpit.ts';
import { runToolInstall } from './tool-install-cli.ts';

// `node dev/mailpit-install.cli.ts`: builds Mailpit (the SMTP server mail tests read back) into the tool cache with `go install`.
await runToolInstall((context) => resolveMailpit({ explicitPath: process.env.MAILPIT_PATH || undefined, ...context }));
