import { installElasticsearch } from './elasticsearch.ts';
import { toolCacheDir } from '../shared/load-config.ts';

// Progress goes to stderr so `$(npm run -s es:install)` captures just the home path.
const { home } = await installElasticsearch({
  cacheDir: toolCacheDir(),
  log: (message) => console.error(`[es:install] ${message}`),
});
console.log(home);
