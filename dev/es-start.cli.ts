import { resolve } from 'node:path';
import { startStack } from './stack/services.ts';

const log = (message: string) => console.error(`[es:start] ${message}`);

// 9200 when it is free, so a developer's ELASTICSEARCH_URL usually stays the same between runs.
const stack = await startStack(
  { root: resolve('data'), postgres: { kind: 'off' }, temporal: { kind: 'off' }, elasticsearch: { kind: 'embedded', port: 9200 } },
  { log },
);
const es = stack.elasticsearch;
console.log(`ELASTICSEARCH_URL=${es.url}`);

let shuttingDown = false;
async function shutdown(reason: string, exitCode: number): Promise<void> {
  if (shuttingDown) return;
  shuttingDown = true;
  clearInterval(watchdog);
  log(`${reason}: stopping Elasticsearch`);
  await stack.stop();
  process.exit(exitCode);
}

// The launcher only exposes the pid, so a crash is noticed by polling for it.
const watchdog = setInterval(() => {
  try {
    process.kill(es.pid as number, 0);
  } catch {
    void shutdown('Elasticsearch exited on its own', 1);
  }
}, 2_000);

process.once('SIGINT', () => void shutdown('SIGINT', 0));
process.once('SIGTERM', () => void shutdown('SIGTERM', 0));
