import { installElasticsearch, startElasticsearch } from './elasticsearch.ts';
import { freePort } from '../shared/net/free-port.ts';
import { toolCacheDir } from '../shared/load-config.ts';

const log = (message: string) => console.error(`[es:start] ${message}`);

const { home } = await installElasticsearch({ cacheDir: toolCacheDir(), log });
// 9200 when it is free, so a developer's ELASTICSEARCH_URL usually stays the same between runs.
const es = await startElasticsearch({ home, dataDir: './data/elasticsearch', port: await freePort(9200), log });
console.log(`ELASTICSEARCH_URL=${es.url}`);

let shuttingDown = false;
async function shutdown(reason: string, exitCode: number): Promise<void> {
  if (shuttingDown) return;
  shuttingDown = true;
  clearInterval(watchdog);
  log(`${reason}: stopping Elasticsearch`);
  await es.stop();
  process.exit(exitCode);
}

// The launcher only exposes the pid, so a crash is noticed by polling for it.
const watchdog = setInterval(() => {
  try {
    process.kill(es.pid, 0);
  } catch {
    void shutdown('Elasticsearch exited on its own', 1);
  }
}, 2_000);

process.once('SIGINT', () => void shutdown('SIGINT', 0));
process.once('SIGTERM', () => void shutdown('SIGTERM', 0));
