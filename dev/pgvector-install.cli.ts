import { installPgvector } from './pgvector.ts';
import { runToolInstall } from './tool-install-cli.ts';

// `npm run pgvector:install`: pgvector for the embedded PostgreSQL (PyPI wheel) into the tool cache; prints its directory.
await runToolInstall(async ({ cacheDir, log }) => installPgvector({ cacheDir, log: (message) => log(`[pgvector:install] ${message}`) }));
