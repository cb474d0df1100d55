import { rmSync } from 'node:fs';
import { buildConsole, consoleBuildIsCurrent, CONSOLE_DIST_DIR } from './build.ts';

// `npm run console:build`: the console into console/dist, skipped when it is current (`--force` rebuilds).
const say = (message: string) => console.error(`[console] ${message}`);
if (process.argv.includes('--force')) rmSync(CONSOLE_DIST_DIR, { recursive: true, force: true });
if (consoleBuildIsCurrent()) say('console/dist is current');
else await buildConsole(say);
