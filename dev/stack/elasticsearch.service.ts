import { freePort } from '../../shared/net/free-port.ts';
import { notStartedHandle, restartable, startedHandle, type ServiceHandle, type ServiceOptions } from './handle.ts';
import type { StackSpec } from './plan.ts';

export interface ElasticsearchHandle extends ServiceHandle {
  readonly url: string;
}

/** Elasticsearch from the tool cache (its kill is a stop), a configured URL, or none. */
export function elasticsearchHandle(spec: StackSpec, dataDir: string | undefined, options: ServiceOptions): ElasticsearchHandle {
  const log = (line: string) => options.log(line, 'elasticsearch');
  const es = spec.elasticsearch;
  if (es.kind !== 'embedded') {
    return notStartedHandle('elasticsearch', es.kind === 'url' ? 'use' : 'off', { url: es.kind === 'url' ? es.url : '' });
  }
  // Kept while it is down: a restart is on the same port.
  let url = '';
  const server = restartable(
    'elasticsearch',
    async (port: number | undefined) => {
      // Loaded only when asked for: most runs have no Elasticsearch.
      const { installElasticsearch, startElasticsearch } = await import('../elasticsearch.ts');
      const { home } = await installElasticsearch({ cacheDir: options.cacheDir, log });
      log('elasticsearch: starting (first start takes a minute)');
      // A preferred port is taken only when free; a restart insists on the first start's port.
      const chosen = port ?? (es.port === undefined ? undefined : await freePort(es.port));
      const started = await startElasticsearch({ home, dataDir: dataDir as string, port: chosen, heapMb: es.heapMb ?? 512, log });
      url = started.url;
      return started;
    },
    (running) => Number(new URL(running.url).port),
    (running) => running.stop(),
  );
  return startedHandle('elasticsearch', server, {
    get url() {
      return url;
    },
  });
}
