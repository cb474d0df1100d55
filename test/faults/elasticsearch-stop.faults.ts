import { jest } from '@jest/globals';
import { elasticsearchInstalled } from './fault-stack.ts';
import { runFaultScenario } from './scenario.ts';

jest.setTimeout(15 * 60_000);

// Elasticsearch comes from the tool cache (`npm run es:install`); the suite never downloads it.
const itWithElasticsearch = elasticsearchInstalled() ? it : it.skip;

describe('fault: Elasticsearch stops mid-storm for about 10 s and starts again', () => {
  itWithElasticsearch('applies every acknowledged alert exactly once; only search indexing waits', async () => {
    // Ingestion never touches Elasticsearch; incident indexing activities fail and are retried.
    await runFaultScenario({
      name: 'elasticsearch-stop',
      elasticsearch: true,
      target: (stack) => stack.elasticsearch as NonNullable<typeof stack.elasticsearch>,
      downMs: 10_000,
    });
  });
});
