import { installElasticsearch } from './elasticsearch.ts';
import { runToolInstall } from './tool-install-cli.ts';

// `npm run es:install`: Elasticsearch from Maven Central into the tool cache; prints its home.
await runToolInstall(
  async ({ cacheDir, log }) => (await installElasticsearch({ cacheDir, log: (message) => log(`[es:install] ${message}`) })).home,
);
