// The worker is SIGKILLed while a follow-up batch (indexing, embedding, analysis) is at a slow
// Elasticsearch, then started again: the batch resumes from Temporal and every incident ends up
// indexed once and analysed.
import { jest } from '@jest/globals';
import { setTimeout as delay } from 'node:timers/promises';
import { waitFor } from '../../dev/wait-for.ts';
import { startSlowProxy } from '../helpers/slow-proxy.ts';
import { signatureFor } from '../helpers/webhooks.ts';
import { elasticsearchInstalled, startFaultStack } from './fault-stack.ts';
import { indexedCount } from '../helpers/indexed-count.ts';

jest.setTimeout(15 * 60_000);

const itWithElasticsearch = elasticsearchInstalled() ? it : it.skip;
const INCIDENTS = 60;
// The processes' default SEARCH_INDEX_PREFIX: the alias the worker writes through.
const ALIAS = 'tocsin-search';

async function call<T>(baseUrl: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const text = JSON.stringify(body);
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: text,
  });
  const answer = await response.text();
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${answer.slice(0, 300)}`);
  return JSON.parse(answer) as T;
}

describe('fault: the worker is SIGKILLed mid follow-up batch and restarted', () => {
  itWithElasticsearch('indexes every incident exactly once and analyses every one after the restart', async () => {
    let proxy: Awaited<ReturnType<typeof startSlowProxy>> | undefined;
    const stack = await startFaultStack({
      scenario: 'follow-up-kill',
      elasticsearch: true,
      // Every request held 2 s, so a batch is surely in flight when the worker is killed.
      elasticsearchUrlFor: async (url) => (proxy = await startSlowProxy(url, 2_000)).url,
      log: process.env.FAULTS_VERBOSE === '1' ? (line) => process.stderr.write(`${line}\n`) : undefined,
    });
    let failed = true;
    try {
      const slow = proxy as NonNullable<typeof proxy>;
      const elasticsearchUrl = stack.elasticsearchUrl as string;
      const email = 'follow-up-kill@faults.example.test';
      const password = 'correct horse battery staple';
      await call(stack.baseUrl, '/api/v1/auth/register', { email, password, name: 'Faults', organization_name: 'faults follow-up' });
      const { access_token: token } = await call<{ access_token: string }>(stack.baseUrl, '/api/v1/auth/login', { email, password });
      const auth = { authorization: `Bearer ${token}` };
      const secret = 'faults-follow-up-secret-0123456789abcdef';
      const { data: integration } = await call<{ data: { id: string } }>(
        stack.baseUrl,
        '/api/v1/integrations',
        { name: 'storm', platform: 'metrics_alerts', secret },
        auth,
      );
      const alerts = Array.from({ length: INCIDENTS }, (_, i) => ({
        status: 'firing',
        labels: { alertname: 'DiskFull', instance: `db-${i}:9100`, severity: 'critical' },
        annotations: { summary: `db-${i} disk is full` },
        startsAt: new Date().toISOString(),
        fingerprint: `follow-up-${i}`,
      }));
      const body = JSON.stringify({ version: '4', status: 'firing', alerts });
      const signature = signatureFor('metrics_alerts', secret, body);
      const sent = await fetch(`${stack.baseUrl}/api/v1/webhooks/metrics_alerts/${integration.id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [signature.name]: signature.value },
        body,
      });
      expect(sent.status).toBe(200);

      // Mid-batch: a bulk write has been sent and a request is still held at the proxy.
      await waitFor(
        'a follow-up batch at Elasticsearch',
        async () => (slow.stats.bulk >= 1 && slow.stats.inFlight > 0 ? true : undefined),
        {
          timeoutMs: 120_000,
          intervalMs: 50,
        },
      );
      await stack.worker.kill();
      await delay(2_000);
      await stack.worker.start();

      const counts = async () => {
        const [row] = await stack.sql<{ incidents: number; analysed: number }>(
          'select count(*)::int as incidents, count(analyzed_at)::int as analysed from incidents',
        );
        const indexed = await indexedCount(elasticsearchUrl, ALIAS, { type: 'incident' });
        return { incidents: row?.incidents ?? 0, analysed: row?.analysed ?? 0, indexed };
      };
      const final = await waitFor(
        'every incident indexed and analysed',
        async () => {
          const now = await counts();
          return now.incidents === INCIDENTS && now.indexed === INCIDENTS && now.analysed === INCIDENTS ? now : undefined;
        },
        { timeoutMs: 300_000, intervalMs: 1_000 },
      );
      // Once each: documents are keyed by incident, so a resumed batch rewrites, never adds.
      expect(final).toEqual({ incidents: INCIDENTS, indexed: INCIDENTS, analysed: INCIDENTS });
      expect({ unexpectedExits: stack.unexpectedExits, workerStarts: stack.worker.starts }).toEqual({
        unexpectedExits: [],
        workerStarts: 2,
      });
      failed = false;
    } catch (error) {
      process.stdout.write(
        `\n── follow-up-kill FAILED; output in ${stack.logFile}:\n${stack.recentOutput().split('\n').slice(-60).join('\n')}\n`,
      );
      throw error;
    } finally {
      await stack.stop({ keepLogs: failed });
      await proxy?.close();
    }
  });
});
