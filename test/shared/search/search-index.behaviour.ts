import { randomUUID } from 'node:crypto';
import { readyOnFirstUse, type SearchEngine } from '../../../shared/search/engine/engine.ts';
import type { SearchDocument, SearchMode, SearchRequest } from '../../../shared/search/port.ts';

/** One organization's small corpus: each document answers a different kind of question. */
export function behaviourCorpus(organizationId: string) {
  const ids = { pool: randomUUID(), css: randomUUID(), tls: randomUUID(), kafka: randomUUID(), disk: randomUUID() };
  const at = (day: number) => new Date(Date.UTC(2026, 10, day, 12));
  const documents: SearchDocument[] = [
    {
      organizationId,
      type: 'incident',
      id: ids.pool,
      title: 'Database connection pool exhausted',
      body: 'Postgres refused new clients: too many connections. API requests queued until they timed out.',
      severity: 'critical',
      status: 'resolved',
      createdAt: at(1),
    },
    {
      organizationId,
      type: 'incident',
      id: ids.css,
      title: 'Checkout page styling broken',
      body: 'The CSS bundle failed to load after the CDN deploy; buttons were misaligned on the checkout page.',
      severity: 'low',
      status: 'resolved',
      createdAt: at(5),
    },
    {
      organizationId,
      type: 'article',
      id: ids.tls,
      title: 'Rotating TLS certificates',
      body: 'How to renew and rotate expiring TLS certificates on the load balancer before browsers reject them.',
      createdAt: at(7),
    },
    {
      organizationId,
      type: 'procedure',
      id: ids.kafka,
      title: 'Restart stuck Kafka consumers',
      body: '1. Check consumer lag\n2. Restart the consumer group\n3. Verify offsets advance',
      createdAt: at(9),
    },
    {
      organizationId,
      type: 'incident',
      id: ids.disk,
      title: 'Disk full on logging nodes',
      body: 'Elasticsearch nodes hit the flood-stage watermark and their indices became read-only.',
      severity: 'high',
      status: 'active',
      createdAt: at(12),
    },
  ];
  return { ids, documents };
}

/**
 * The behaviour every SearchEngine backend must show; run against Elasticsearch and PostgreSQL
 * with the same real embedding model.
 */
export function searchIndexBehaviour(
  open: () => Promise<{ index: SearchEngine; close(): Promise<void> }>,
  organizations: () => Promise<[string, string]>,
) {
  let index: SearchEngine;
  let close: () => Promise<void>;
  let orgA: string;
  let orgB: string;
  let corpus: ReturnType<typeof behaviourCorpus>;

  const search = (text: string, mode: SearchMode, extra: Partial<Parameters<SearchEngine['search']>[0]> = {}) =>
    index.search({ organizationId: orgA, text, mode, limit: 10, ...extra });

  beforeAll(async () => {
    ({ index, close } = await open());
    [orgA, orgB] = await organizations();
    corpus = behaviourCorpus(orgA);
    // The other organization holds a copy of every document under other ids: it must never show.
    const other = behaviourCorpus(orgB).documents;
    await index.upsert([...corpus.documents, ...other]);
    await index.refresh();
  });
  afterAll(async () => {
    await close?.();
  });

  it('semantic search finds a paraphrase that shares no word with the document, where keyword search does not', async () => {
    const query = 'sql server will not accept additional sessions';
    const semantic = await search(query, 'semantic');
    expect(semantic.hits[0]).toMatchObject({ type: 'incident', id: corpus.ids.pool });
    const keyword = await search(query, 'keyword');
    expect(keyword.hits.map((hit) => hit.id)).not.toContain(corpus.ids.pool);
  });

  it('keyword search finds exact terms and highlights them', async () => {
    const { hits } = await search('watermark', 'keyword');
    expect(hits[0]).toMatchObject({ type: 'incident', id: corpus.ids.disk, title: 'Disk full on logging nodes' });
    expect(hits[0]?.highlights.join(' ')).toMatch(/<em>watermark<\/em>/i);
    expect(hits).toHaveLength(1);
  });

  it('hybrid ranks the document that matches both by words and by meaning first', async () => {
    const { hits, total } = await search('kafka consumers are lagging behind', 'hybrid');
    expect(hits[0]).toMatchObject({ type: 'procedure', id: corpus.ids.kafka });
    expect(total).toBeGreaterThanOrEqual(1);
    const scores = hits.map((hit) => hit.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  // Documents added for one test and removed after it, so the shared corpus stays as the other tests expect.
  const withDocuments = async (documents: SearchDocument[], run: () => Promise<void>) => {
    await index.upsert(documents);
    await index.refresh();
    try {
      await run();
    } finally {
      for (const doc of documents) await index.remove(orgA, doc.type, doc.id);
      await index.refresh();
    }
  };

  const resolvedIncident = (title: string, body: string, severity: SearchDocument['severity'], createdAt: Date): SearchDocument => ({
    organizationId: orgA,
    type: 'incident',
    id: randomUUID(),
    title,
    body,
    severity,
    status: 'resolved',
    createdAt,
  });

  it('hybrid: a weak lexical match does not outrank a strong semantic one on a sentence', async () => {
    // Shares only `server` with the question; min-max fusion gave the best keyword match 1.0 and put it first.
    const weak: SearchDocument = {
      organizationId: orgA,
      type: 'article',
      id: randomUUID(),
      title: 'Server room cooling',
      body: 'The air conditioning in the server room was serviced on Tuesday.',
      createdAt: new Date(Date.UTC(2026, 10, 14)),
    };
    await withDocuments([weak], async () => {
      const query = 'sql server will not accept additional sessions';
      expect((await search(query, 'keyword')).hits[0]?.id).toBe(weak.id);
      const semantic = (await search(query, 'semantic')).hits.map((hit) => hit.id);
      expect(semantic.indexOf(corpus.ids.pool)).toBeLessThan(semantic.indexOf(weak.id));
      const hybrid = (await search(query, 'hybrid')).hits.map((hit) => hit.id);
      expect(hybrid[0]).toBe(corpus.ids.pool);
      expect(hybrid.indexOf(corpus.ids.pool)).toBeLessThan(hybrid.indexOf(weak.id));
    });
  });

  it('hybrid: an exact identifier query puts the document holding it first', async () => {
    const at = new Date(Date.UTC(2026, 10, 15));
    const exact = resolvedIncident(
      'Replica lag on the orders database',
      'replication lag 312s exceeds threshold 30s on orders-db-replica-2',
      'high',
      at,
    );
    // Closer by cosine (the model reads `orders-db-replica-3` much like `-2`), but another host.
    const near = resolvedIncident('orders-db-replica-3 disk resized', 'The volume of orders-db-replica-3 grew to 2 TB.', 'low', at);
    await withDocuments([exact, near], async () => {
      expect((await search('orders-db-replica-2', 'semantic')).hits[0]?.id).toBe(near.id);
      expect((await search('orders-db-replica-2', 'hybrid')).hits[0]?.id).toBe(exact.id);
    });
  });

  it('hybrid: a question holding an error code puts the documents holding it first', async () => {
    const at = new Date(Date.UTC(2026, 10, 16));
    const incident = resolvedIncident(
      'Postgres rejecting new connections (eu-west)',
      '[FIRING:1] PostgresTooManyConnections host=orders-db-1 env=eu-west service=orders-api\nFATAL: sorry, too many clients already (SQLSTATE 53300)',
      'critical',
      at,
    );
    const runbook: SearchDocument = {
      organizationId: orgA,
      type: 'procedure',
      id: randomUUID(),
      title: 'Relieve PostgreSQL connection exhaustion',
      body: 'Alert: PostgresTooManyConnections\nSeen as: SQLSTATE 53300\n1. Check pg_stat_activity for idle sessions\n2. Lower the pool size or route through PgBouncer',
      createdAt: at,
    };
    // Nearer the question than the runbook by meaning alone (the order service in trouble), another
    // failure, none of the question's words: semantic ranks it above the runbook, hybrid below.
    const restarts = resolvedIncident(
      'Order backend restarts at night',
      'Pods of the order service restarted a few times overnight; a node was drained.',
      'high',
      at,
    );
    await withDocuments([incident, runbook, restarts], async () => {
      const query = 'why does orders-api keep getting SQLSTATE 53300 at peak';
      const order = async (mode: SearchMode) => (await search(query, mode)).hits.map((hit) => hit.id);
      const semantic = await order('semantic');
      const hybrid = await order('hybrid');
      // Semantic search alone ranks the runbook under documents that do not hold the code.
      expect(semantic.indexOf(runbook.id)).toBeGreaterThan(1);
      expect(new Set(hybrid.slice(0, 2))).toEqual(new Set([incident.id, runbook.id]));
    });
  });

  it("never returns another organization's documents, in any mode", async () => {
    const mine = new Set(corpus.documents.map((doc) => doc.id));
    for (const mode of ['semantic', 'keyword', 'hybrid'] as const) {
      const { hits } = await search('database connection certificates kafka disk checkout', mode, { limit: 50 });
      expect(hits.length).toBeGreaterThan(0);
      for (const hit of hits) expect(mine.has(hit.id)).toBe(true);
    }
  });

  it('filters by type, severity, status and creation date', async () => {
    const articles = await search('certificates', 'hybrid', { types: ['article'] });
    expect(articles.hits.map((hit) => hit.type)).toEqual(['article']);
    const critical = await search('outage', 'semantic', { filters: { severity: 'critical' } });
    expect(critical.hits.map((hit) => hit.id)).toEqual([corpus.ids.pool]);
    const active = await search('nodes', 'hybrid', { filters: { status: 'active' } });
    expect(active.hits.map((hit) => hit.id)).toEqual([corpus.ids.disk]);
    const early = await search('problem', 'semantic', { filters: { createdBefore: new Date(Date.UTC(2026, 10, 6)) } });
    expect(early.hits.map((hit) => hit.id).sort()).toEqual([corpus.ids.pool, corpus.ids.css].sort());
    const late = await search('problem', 'semantic', { filters: { createdAfter: new Date(Date.UTC(2026, 10, 10)) } });
    expect(late.hits.map((hit) => hit.id)).toEqual([corpus.ids.disk]);
  });

  it("searchAll, where the engine has one round trip for many, answers an analysis pass's one-pass hybrid searches as search answers each, per organization", async () => {
    const batch = readyOnFirstUse(index);
    // PostgreSQL has none: an analysis pass searches one incident at a time there, and the wrapper must not pretend otherwise.
    expect(batch.searchAll === undefined).toBe(index.searchAll === undefined);
    expect(batch.searchAll === undefined).toBe(index.backend === 'postgres');
    if (!batch.searchAll) return;
    const requests: SearchRequest[] = [
      {
        organizationId: orgA,
        text: 'Database connection pool exhausted',
        mode: 'hybrid',
        limit: 5,
        feedback: false,
        types: ['incident'],
        excludeIds: [corpus.ids.pool],
      },
      {
        organizationId: orgA,
        text: 'kafka consumers are lagging behind',
        mode: 'hybrid',
        limit: 5,
        feedback: false,
        types: ['procedure', 'article'],
      },
      { organizationId: orgB, text: 'TLS certificate expired', mode: 'hybrid', limit: 5, feedback: false, types: ['procedure', 'article'] },
    ];
    const all = await batch.searchAll(requests);
    const each = await Promise.all(requests.map((request) => index.search(request)));
    const ids = (results: Array<{ hits: Array<{ type: string; id: string }> }> | undefined) =>
      results?.map((result) => result.hits.map((hit) => `${hit.type}:${hit.id}`));
    expect(ids(all)).toEqual(ids(each));
    expect(all?.[1]?.hits[0]).toMatchObject({ type: 'procedure', id: corpus.ids.kafka });
    const mine = new Set(corpus.documents.map((doc) => doc.id));
    expect(all?.[2]?.hits.length).toBeGreaterThan(0);
    for (const hit of all?.[2]?.hits ?? []) expect(mine.has(hit.id)).toBe(false);
  });

  it('answers a hybrid search without highlights with the same hits, unmarked', async () => {
    const request = {
      organizationId: orgA,
      text: 'connection pool exhausted',
      mode: 'hybrid' as const,
      limit: 5,
      feedback: false as const,
    };
    const marked = await index.search(request);
    const plain = await index.search({ ...request, highlights: false });
    expect(marked.hits.some((hit) => hit.highlights.some((fragment) => fragment.includes('<em>')))).toBe(true);
    expect(plain.hits.map((hit) => [hit.type, hit.id, hit.title, hit.score])).toEqual(
      marked.hits.map((hit) => [hit.type, hit.id, hit.title, hit.score]),
    );
    for (const hit of plain.hits) {
      expect(hit.highlights).toEqual([]);
      expect(hit.snippet).not.toContain('<em>');
    }
  });

  it('excludes given ids (an incident is not similar to itself)', async () => {
    const { hits } = await search('Database connection pool exhausted', 'hybrid', { excludeIds: [corpus.ids.pool] });
    expect(hits.map((hit) => hit.id)).not.toContain(corpus.ids.pool);
  });

  it('an upsert replaces the document and a removal takes it out of every mode', async () => {
    const tls = corpus.documents.find((doc) => doc.id === corpus.ids.tls) as SearchDocument;
    await index.upsert([{ ...tls, title: 'Rotating TLS certificates and HSTS pins' }]);
    await index.refresh();
    const updated = await search('HSTS', 'keyword');
    expect(updated.hits.map((hit) => [hit.id, hit.title])).toEqual([[corpus.ids.tls, 'Rotating TLS certificates and HSTS pins']]);

    await index.remove(orgA, 'article', corpus.ids.tls);
    await index.remove(orgA, 'article', randomUUID()); // removing what is not there is fine
    await index.refresh();
    for (const mode of ['semantic', 'keyword', 'hybrid'] as const) {
      const { hits } = await search('rotate expiring TLS certificates', mode);
      expect(hits.map((hit) => hit.id)).not.toContain(corpus.ids.tls);
    }
    // The other organization's copy is untouched.
    const theirs = await index.search({ organizationId: orgB, text: 'TLS certificates', mode: 'keyword', limit: 5 });
    expect(theirs.hits[0]?.title).toBe('Rotating TLS certificates');
  });

  it("snippets and highlights are HTML: the document's markup escaped, only the <em> tags real", async () => {
    const hostile: SearchDocument = {
      organizationId: orgA,
      type: 'incident',
      id: randomUUID(),
      title: 'Zorblax sender <script>alert(1)</script>',
      body: 'Zorblax posted <script>alert("x")</script> & <img src=x onerror=alert(1)> into the alert.',
      severity: 'low',
      status: 'active',
      createdAt: new Date(Date.UTC(2026, 10, 13)),
    };
    await index.upsert([hostile]);
    await index.refresh();
    try {
      const { hits } = await search('zorblax', 'keyword');
      expect(hits.map((hit) => hit.id)).toEqual([hostile.id]);
      const html = [hits[0]?.snippet, ...(hits[0]?.highlights ?? [])].join('\n');
      expect(html).toMatch(/<em>zorblax<\/em>/i);
      // PostgreSQL's headline parser drops what it reads as tags (<script>), Elasticsearch keeps them;
      // either way what is left of the markup arrives escaped.
      expect(html).toContain('&amp;');
      expect(html).toContain('&lt;img');
      expect(html.replace(/<\/?em>/g, '')).not.toMatch(/[<>]/);
      // Hits without a keyword match carry a plain snippet, escaped all the same.
      for (const mode of ['semantic', 'hybrid'] as const) {
        for (const hit of (await search('zorblax sender script alert', mode)).hits) {
          expect([hit.snippet, ...hit.highlights].join('\n').replace(/<\/?em>/g, '')).not.toMatch(/[<>]/);
        }
      }
    } finally {
      await index.remove(orgA, 'incident', hostile.id);
      await index.refresh();
    }
  });
}
