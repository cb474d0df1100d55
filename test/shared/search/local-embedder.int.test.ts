import { toolCacheDir } from '../../../shared/load-config.ts';
import { cosineOf, type Embedder } from '../../../shared/search/embedding/embedder.ts';
import { createLocalEmbedder, localModelDir } from '../../../shared/search/embedding/local-embedder.ts';

// The real model from the tool cache (npm run model:install): all-MiniLM-L6-v2, int8.
let embedder: Embedder;
beforeAll(async () => {
  embedder = await createLocalEmbedder({ modelDir: localModelDir(toolCacheDir()), batchSize: 4 });
});

const ALERT = '[FIRING] KubePodCrashLooping severity=warning: Pod payments/api-7d9f is crash looping.';
const RUNBOOK = [
  'KubeSchedulerDown',
  'The scheduler decides which node a new pod lands on. When Prometheus cannot scrape it, new pods stay',
  'Pending. Check the kube-scheduler pods in kube-system, their logs and leader election lease; on a',
  'managed control plane the provider hides it, and the alert should be silenced instead.',
].join('\n');
const SHORT = 'disk full';
const OTHERS = ['checkout latency p99 above 2 s', `${RUNBOOK}\n${RUNBOOK}`, 'SQLSTATE 53300 too many connections', SHORT];

describe('The local embedder (integration: real model)', () => {
  // The int8 model quantizes activations per inference call: batched, a text's vector depended on its
  // batch-mates, and the distinct-vector index (one row per identical vector) missed recurring texts.
  it.each([
    ['an alert', ALERT],
    ['a runbook', RUNBOOK],
    ['a short text', SHORT],
  ])('gives %s the same vector whatever it is embedded with', async (_what, text) => {
    const [alone] = await embedder.embed([text]);
    const amongOthers = await embedder.embed([...OTHERS, text, ...[...OTHERS].reverse()]);
    const asQuery = await embedder.embed([text], 'query');
    expect(amongOthers[OTHERS.length]).toEqual(alone);
    expect(asQuery[0]).toEqual(alone);
  });

  it('returns one unit vector per text, in the order asked, across the thread’s message batches', async () => {
    const texts = [RUNBOOK, SHORT, ALERT, 'node ip-10-0-3-17 NotReady', RUNBOOK, 'kafka consumer lag growing', SHORT];
    const together = await embedder.embed(texts);
    const oneByOne = await Promise.all(texts.map(async (text) => (await embedder.embed([text]))[0]));
    expect(together).toEqual(oneByOne);
    for (const vector of together) {
      expect(vector).toHaveLength(embedder.dimensions);
      expect(cosineOf(vector, vector)).toBeCloseTo(1, 5);
    }
    // Different texts, different vectors: the order is the texts' own, not the same vector repeated.
    expect(cosineOf(together[0] as number[], together[1] as number[])).toBeLessThan(0.9);
  });
});
