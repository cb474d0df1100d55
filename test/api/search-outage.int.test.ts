import { randomUUID } from 'node:crypto';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { waitFor } from '../../dev/wait-for.ts';
import { toolCacheDir } from '../../shared/load-config.ts';
import { createSearchPort } from '../../shared/search/create-search.ts';
import { createLocalEmbedder, localModelDir } from '../../shared/search/embedding/local-embedder.ts';
import { createElasticsearchEngine } from '../../shared/search/engine/elasticsearch-index.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';

/** A switchable path to the real Elasticsearch: while "down", every connection is dropped. */
async function startSwitchableProxy(target: string) {
  const upstream = new URL(target);
  let up = true;
  let dropped = 0;
  const server: Server = createServer((incoming, outgoing) => {
    if (!up) {
      dropped += 1;
      incoming.socket.destroy();
      return;
    }
    const forwarded = request(
      { hostname: upstream.hostname, port: upstream.port, path: incoming.url, method: incoming.method, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => outgoing.destroy());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    setUp: (value: boolean) => {
      up = value;
    },
    dropped: () => dropped,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('search while Elasticsearch is down (integration: real Elasticsearch behind a switchable proxy, Temporal, PostgreSQL)', () => {
  let stack: TestStack;
  let proxy: Awaited<ReturnType<typeof startSwitchableProxy>>;
  let closeEmbedder: () => Promise<void>;
  let dropIndex: () => Promise<void>;

  beforeAll(async () => {
    proxy = await startSwitchableProxy(process.env.ELASTICSEARCH_URL as string);
    const embedder = await createLocalEmbedder({ modelDir: localModelDir(toolCacheDir()) });
    closeEmbedder = () => embedder.close();
    stack = await startTestStack({
      worker: true,
      env: { ELASTICSEARCH_URL: proxy.url, SEARCH_INDEX_PREFIX: `outage-${randomUUID().slice(0, 8)}` },
      search: async ({ orm, config }) => {
        const elastic = createElasticsearchEngine({ url: proxy.url, prefix: config.SEARCH_INDEX_PREFIX, embedder });
        dropIndex = () => elastic.drop();
        return createSearchPort(elastic, { orm });
      },
    });
  });
  afterAll(async () => {
    proxy?.setUp(true);
    await dropIndex?.();
    await stack?.stop();
    await closeEmbedder?.();
    await proxy?.close();
  });

  it('an incident written during the outage is indexed once Elasticsearch is back: nothing is lost', async () => {
    const owner = await registerOwner(stack.http, 'outage');
    const auth = { Authorization: `Bearer ${owner.token}` };
    // The index exists before the outage starts.
    await stack.http.post('/api/v1/search/query').set(auth).send({ query: 'warm up', mode: 'keyword' }).expect(200);

    proxy.setUp(false);
    const created = await stack.http
      .post('/api/v1/incidents')
      .set(auth)
      .send({ title: 'Certificate expired on the payments gateway', description: 'TLS handshakes fail for every client' })
      .expect(201);
    // The indexing activity really tried and failed: it is waiting in Temporal's retries.
    await waitFor('indexing attempts to fail', async () => (proxy.dropped() >= 2 ? true : undefined), {
      timeoutMs: 60_000,
      intervalMs: 100,
    });
    await stack.http.post('/api/v1/search/query').set(auth).send({ query: 'certificate', mode: 'keyword' }).expect(503);

    proxy.setUp(true);
    const found = await waitFor(
      'the incident to become searchable',
      async () => {
        const { body } = await stack.http
          .post('/api/v1/search/query')
          .set(auth)
          .send({ query: 'expired certificate payments', mode: 'keyword', types: ['incident'] });
        return body.data?.find((hit: { id: string }) => hit.id === created.body.data.id);
      },
      { timeoutMs: 90_000, intervalMs: 500 },
    );
    expect(found.title).toBe('Certificate expired on the payments gateway');
  });
});
