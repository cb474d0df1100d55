import { randomUUID } from 'node:crypto';
import { searchIndexBucketOf } from '../../shared/domain/search.ts';
import { workflowIds } from '../../shared/temporal/ids.ts';
import { searchBucketStateQuery } from '../../workflows/messages.ts';
import { registerOwner } from '../helpers/stack.ts';
import { eventually, startSearchStack } from '../helpers/search-stack.ts';
import { alertmanagerBody, createIntegration, postSigned } from '../helpers/webhooks.ts';

describe('search, knowledge base and logs over HTTP (integration: PostgreSQL backend, Temporal worker, real model)', () => {
  let stack: Awaited<ReturnType<typeof startSearchStack>>;
  let alice: Awaited<ReturnType<typeof registerOwner>>;
  let bob: Awaited<ReturnType<typeof registerOwner>>;
  const as = (user: { token: string }) => ({ Authorization: `Bearer ${user.token}` });

  beforeAll(async () => {
    stack = await startSearchStack();
    alice = await registerOwner(stack.http, 'search-a');
    bob = await registerOwner(stack.http, 'search-b');
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const query = (user: { token: string }, body: Record<string, unknown>) =>
    stack.http.post('/api/v1/search/query').set(as(user)).send(body);

  it('indexes incidents opened by alerts too (through the outbox relay)', async () => {
    const integration = await createIntegration(stack.http, alice.token, 'metrics_alerts');
    const summary = 'Kafka consumer group lagging behind on the orders topic';
    await postSigned(
      stack.http,
      'metrics_alerts',
      integration,
      alertmanagerBody(`kafka${randomUUID().slice(0, 8)}`, 'firing', summary),
    ).expect(200);
    await eventually(async () => {
      const { body } = await query(alice, {
        query: 'message queue consumers falling behind',
        mode: 'semantic',
        types: ['incident'],
      }).expect(200);
      expect(body.data[0]).toMatchObject({ type: 'incident', title: summary });
    }, 60_000);
  });

  it('indexes incidents and articles after writes and finds them by meaning, keywords and a pasted error log', async () => {
    const pool = await stack.http
      .post('/api/v1/incidents')
      .set(as(alice))
      .send({
        title: 'Database connection pool exhausted',
        description: 'Postgres refused new clients: too many connections.',
        severity: 'critical',
      })
      .expect(201);
    const article = await stack.http
      .post('/api/v1/knowledge-base')
      .set(as(alice))
      .send({
        title: 'Raising max_connections safely',
        body: 'Use PgBouncer in transaction mode before raising max_connections; each connection costs memory.',
        tags: ['postgres'],
      })
      .expect(201);
    const checkout = await stack.http
      .post('/api/v1/incidents')
      .set(as(alice))
      .send({ title: 'Checkout button misaligned', description: 'CSS failed to load from the CDN.' })
      .expect(201);

    const found = await eventually(async () => {
      const { body } = await query(alice, {
        query: 'sql server will not accept additional sessions',
        mode: 'semantic',
        types: ['incident'],
      }).expect(200);
      expect(body.data[0]).toMatchObject({ type: 'incident', id: pool.body.data.id, title: 'Database connection pool exhausted' });
      return body;
    });
    expect(found.meta).toMatchObject({ mode: 'semantic', total: expect.any(Number), took_ms: expect.any(Number) });

    const keyword = await eventually(async () => {
      const { body } = await query(alice, { query: 'PgBouncer', mode: 'keyword' }).expect(200);
      expect(body.data[0]).toMatchObject({ type: 'article', id: article.body.data.id });
      return body;
    });
    expect(keyword.data[0].highlights.join(' ')).toContain('<em>PgBouncer</em>');
    // Every document indexed before two searches are compared (indexing is asynchronous).
    await eventually(async () => {
      const { body } = await query(alice, { query: 'misaligned', mode: 'keyword' }).expect(200);
      expect(body.data.map((hit: { id: string }) => hit.id)).toContain(checkout.body.data.id);
    });

    const log = [
      '2026-11-21T10:00:00.123Z INFO request started id=9f1c2d3e-1111-2222-3333-444455556666',
      '2026-11-21T10:00:01.456Z ERROR sqlalchemy.exc.OperationalError: FATAL: sorry, too many clients already',
      '    at Pool.connect (pool.js:45:11)',
      '    at Handler.run (handler.js:12:3)',
      '2026-11-21T10:00:01.457Z INFO request finished',
    ].join('\n');
    const { body: byLog } = await query(alice, { error_log: log }).expect(200);
    expect(byLog.meta.mode).toBe('hybrid');
    // The incident that reported it and the article on what to do about it, before anything else
    // (hybrid lifts runbooks and articles a little for a pasted log: what to do comes first).
    expect(new Set(byLog.data.slice(0, 2).map((hit: { id: string }) => hit.id))).toEqual(
      new Set([pool.body.data.id, article.body.data.id]),
    );
    // The same log pasted into `query` is trimmed and weighed as a log too: the very same ranking and scores.
    const { body: pasted } = await query(alice, { query: log }).expect(200);
    expect(pasted.data.map((hit: { id: string; score: number }) => [hit.id, hit.score])).toEqual(
      byLog.data.map((hit: { id: string; score: number }) => [hit.id, hit.score]),
    );
  });

  it("never shows another organization's documents", async () => {
    await stack.http.post('/api/v1/incidents').set(as(bob)).send({ title: 'Bob-only secret outage in the billing ledger' }).expect(201);
    await eventually(async () => {
      const { body } = await query(bob, { query: 'billing ledger outage', mode: 'keyword' }).expect(200);
      expect(body.data).toHaveLength(1);
    });
    for (const mode of ['keyword', 'semantic', 'hybrid']) {
      const { body } = await query(alice, { query: 'billing ledger outage', mode, limit: 50 }).expect(200);
      expect(body.data.map((hit: { title: string }) => hit.title)).not.toContain('Bob-only secret outage in the billing ledger');
    }
  });

  it('answers 422 on bad input and 401 without a credential', async () => {
    await query(alice, {}).expect(422);
    await query(alice, { query: 'x', mode: 'fuzzy' }).expect(422);
    await query(alice, { query: 'x', limit: 51 }).expect(422);
    await query(alice, { query: 'x', limit: 0 }).expect(422);
    await query(alice, { query: 'x', types: ['spreadsheet'] }).expect(422);
    await query(alice, { query: 'x', filters: { severity: 'apocalyptic' } }).expect(422);
    const { body } = await query(alice, { query: 'x', organization_id: randomUUID() }).expect(422);
    expect(body.code).toBe('VALIDATION_ERROR');
    await stack.http.post('/api/v1/search/query').send({ query: 'x' }).expect(401);
  });

  it('knowledge base: CRUD, tenant isolation, and deletion leaves search', async () => {
    const created = await stack.http
      .post('/api/v1/knowledge-base')
      .set(as(alice))
      .send({ title: 'Draining a Kubernetes node', body: 'Cordon the node, then kubectl drain with --ignore-daemonsets.', tags: ['k8s'] })
      .expect(201);
    const id = created.body.data.id;
    expect(created.body.data).toMatchObject({ title: 'Draining a Kubernetes node', tags: ['k8s'], author_id: alice.user.id });
    await stack.http.get(`/api/v1/knowledge-base/${id}`).set(as(alice)).expect(200);
    await stack.http.get(`/api/v1/knowledge-base/${id}`).set(as(bob)).expect(404);
    await stack.http.patch(`/api/v1/knowledge-base/${id}`).set(as(bob)).send({ title: 'mine now' }).expect(404);
    const patched = await stack.http
      .patch(`/api/v1/knowledge-base/${id}`)
      .set(as(alice))
      .send({ title: 'Draining a Kubernetes worker node' })
      .expect(200);
    expect(patched.body.data.title).toBe('Draining a Kubernetes worker node');
    await stack.http.patch(`/api/v1/knowledge-base/${id}`).set(as(alice)).send({}).expect(422);
    const listed = await stack.http.get('/api/v1/knowledge-base?tag=k8s').set(as(alice)).expect(200);
    expect(listed.body.data.map((a: { id: string }) => a.id)).toEqual([id]);
    expect(listed.body.meta).toMatchObject({ total: 1, limit: 25, offset: 0 });
    expect((await stack.http.get('/api/v1/knowledge-base').set(as(bob)).expect(200)).body.data).toEqual([]);

    await eventually(async () => {
      const { body } = await query(alice, { query: 'kubectl drain', mode: 'keyword', types: ['article'] }).expect(200);
      expect(body.data[0]).toMatchObject({ id, title: 'Draining a Kubernetes worker node' });
    });
    await stack.http.delete(`/api/v1/knowledge-base/${id}`).set(as(bob)).expect(404);
    await stack.http.delete(`/api/v1/knowledge-base/${id}`).set(as(alice)).expect(204);
    await stack.http.get(`/api/v1/knowledge-base/${id}`).set(as(alice)).expect(404);
    await eventually(async () => {
      const { body } = await query(alice, { query: 'kubectl drain', mode: 'keyword', types: ['article'] }).expect(200);
      expect(body.data).toEqual([]);
    });
  });

  it('logs: a batch is stored and queried by time, level, service and text, per organization', async () => {
    const logs = [
      { timestamp: '2026-11-21T10:00:00.000Z', level: 'info', message: 'checkout started', service: 'checkout', attributes: { order: 1 } },
      {
        timestamp: '2026-11-21T10:01:00.000Z',
        level: 'error',
        message: 'payment gateway timed out after 30s',
        service: 'checkout',
        attributes: {},
      },
      { timestamp: '2026-11-21T10:02:00.000Z', level: 'error', message: 'disk quota exceeded', service: 'uploads', attributes: {} },
    ];
    const posted = await stack.http.post('/api/v1/logs').set(as(alice)).send({ logs }).expect(201);
    expect(posted.body.data.accepted).toBe(3);
    const get = (q: string, user = alice) =>
      stack.http
        .get(`/api/v1/logs?${q}`)
        .set(as(user))
        .expect(200)
        .then((r) => r.body);
    expect((await get('')).data.map((l: { message: string }) => l.message)).toEqual([
      'disk quota exceeded',
      'payment gateway timed out after 30s',
      'checkout started',
    ]);
    expect((await get('level=error&service=checkout')).data).toEqual([
      expect.objectContaining({ message: 'payment gateway timed out after 30s', level: 'error', service: 'checkout' }),
    ]);
    expect((await get('from=2026-11-21T10:00:30Z&to=2026-11-21T10:01:30Z')).meta.total).toBe(1);
    expect((await get('query=gateway%20timeout')).data).toHaveLength(0);
    expect((await get('query=gateway')).data).toHaveLength(1);
    expect((await get('', bob)).data).toEqual([]);
    await stack.http.post('/api/v1/logs').set(as(alice)).send({ logs: [] }).expect(422);
    await stack.http
      .post('/api/v1/logs')
      .set(as(alice))
      .send({ logs: [{ ...logs[0], level: 'loud' }] })
      .expect(422);
    await stack.http.get('/api/v1/logs?level=loud').set(as(alice)).expect(422);
  });

  it('search:reindex rebuilds a lost index from PostgreSQL', async () => {
    await stack.http
      .post('/api/v1/knowledge-base')
      .set(as(alice))
      .send({ title: 'Vacuum freeze runbook', body: 'Run VACUUM FREEZE before transaction id wraparound.' })
      .expect(201);
    await eventually(async () => {
      const { body } = await query(alice, { query: 'wraparound', mode: 'keyword' }).expect(200);
      expect(body.data).toHaveLength(1);
    });
    await stack.orm.em.getConnection().execute('delete from search_documents', []);
    expect((await query(alice, { query: 'wraparound', mode: 'keyword' }).expect(200)).body.data).toEqual([]);
    const count = await stack.search.reindex();
    expect(count).toBeGreaterThanOrEqual(5);
    const { body } = await query(alice, { query: 'wraparound', mode: 'keyword' }).expect(200);
    expect(body.data[0]).toMatchObject({ type: 'article', title: 'Vacuum freeze runbook' });
    // Bob's documents came back too, and stay his.
    const bobs = await query(bob, { query: 'billing ledger outage', mode: 'keyword' }).expect(200);
    expect(bobs.body.data).toHaveLength(1);
  });

  it('the incident detail carries similar past incidents and suggested procedures, computed by the worker, not by the read', async () => {
    const old = await stack.http
      .post('/api/v1/incidents')
      .set(as(alice))
      .send({ title: 'Redis memory exhausted, evictions spiking', description: 'maxmemory reached on the cache cluster' })
      .expect(201);
    const runbook = await stack.http
      .post('/api/v1/procedures')
      .set(as(alice))
      .send({
        name: 'Relieve Redis memory pressure',
        description: 'When Redis runs out of memory',
        steps: [{ name: 'Check the biggest keys with redis-cli --bigkeys', type: 'manual' }],
      })
      .expect(201);
    // The analysis is a snapshot of the index when computed: both must be searchable first.
    await eventually(async () => {
      const { body } = await query(alice, { query: 'Redis memory', mode: 'keyword', types: ['incident', 'procedure'] }).expect(200);
      expect(body.data.map((hit: { id: string }) => hit.id)).toEqual(expect.arrayContaining([old.body.data.id, runbook.body.data.id]));
    });
    const fresh = await stack.http
      .post('/api/v1/incidents')
      .set(as(alice))
      .send({ title: 'Cache out of memory', description: 'Redis refuses writes: OOM command not allowed when used memory > maxmemory' })
      .expect(201);
    const detailOf = async (id: string) => (await stack.http.get(`/api/v1/incidents/${id}`).set(as(alice)).expect(200)).body.data;
    const detail = await eventually(async () => {
      const data = await detailOf(fresh.body.data.id);
      expect(data.analysis.similar_incidents[0]).toMatchObject({ id: old.body.data.id, type: 'incident' });
      expect(data.analysis.suggested_procedures[0]).toMatchObject({ id: runbook.body.data.id, type: 'procedure' });
      return data;
    });
    expect(detail.analysis.similar_incidents.map((hit: { id: string }) => hit.id)).not.toContain(fresh.body.data.id);
    expect(Date.parse(detail.analysis.analyzed_at)).toBeGreaterThanOrEqual(Date.parse(fresh.body.data.created_at));

    // The read only shows what is stored: with the search backend gone it answers the same.
    const connection = stack.orm.em.getConnection();
    await connection.execute('alter table search_documents rename to search_documents_away');
    try {
      expect((await query(alice, { query: 'Redis memory', mode: 'keyword' })).status).toBeGreaterThanOrEqual(500);
      expect((await detailOf(fresh.body.data.id)).analysis).toEqual(detail.analysis);
    } finally {
      await connection.execute('alter table search_documents_away rename to search_documents');
    }

    // A change that leaves title and description alone (as every alert of a storm does) is not analyzed again; a new title is.
    const tag = `tag${randomUUID().slice(0, 8)}`;
    await stack.http
      .patch(`/api/v1/incidents/${fresh.body.data.id}`)
      .set(as(alice))
      .send({ tags: [tag] })
      .expect(200);
    await eventually(async () => {
      const { body } = await query(alice, { query: tag, mode: 'keyword', types: ['incident'] }).expect(200);
      expect(body.data.map((hit: { id: string }) => hit.id)).toEqual([fresh.body.data.id]);
    });
    // Indexed; the pass ends with the analysis step, which found the text unchanged.
    const bucket = stack.temporal.client.workflow.getHandle(
      workflowIds.searchIndexBucket(alice.organization.id, searchIndexBucketOf({ type: 'incident', id: fresh.body.data.id })),
    );
    await eventually(async () => expect(await bucket.query(searchBucketStateQuery)).toEqual({ dirty: 0, indexing: 0 }));
    expect((await detailOf(fresh.body.data.id)).analysis.analyzed_at).toBe(detail.analysis.analyzed_at);
    await stack.http
      .patch(`/api/v1/incidents/${fresh.body.data.id}`)
      .set(as(alice))
      .send({ title: 'Cache node out of memory' })
      .expect(200);
    const reanalyzed = await eventually(async () => {
      const data = await detailOf(fresh.body.data.id);
      expect(data.analysis.analyzed_at).not.toBe(detail.analysis.analyzed_at);
      return data;
    });
    expect(reanalyzed.analysis.similar_incidents[0]).toMatchObject({ id: old.body.data.id });
  });
});

describe('search over HTTP on Elasticsearch (integration: real Elasticsearch, Temporal worker, real model)', () => {
  let stack: Awaited<ReturnType<typeof startSearchStack>>;
  let owner: Awaited<ReturnType<typeof registerOwner>>;
  let other: Awaited<ReturnType<typeof registerOwner>>;
  const as = (user: { token: string }) => ({ Authorization: `Bearer ${user.token}` });

  beforeAll(async () => {
    stack = await startSearchStack({ backend: 'elasticsearch' });
    owner = await registerOwner(stack.http, 'search-es-a');
    other = await registerOwner(stack.http, 'search-es-b');
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('indexes incidents and submitted logs, and finds them per organization', async () => {
    const incident = await stack.http
      .post('/api/v1/incidents')
      .set(as(owner))
      .send({ title: 'TLS handshake failures at the edge', description: 'Clients see certificate expired errors on the load balancer.' })
      .expect(201);
    await stack.http
      .post('/api/v1/logs')
      .set(as(owner))
      .send({
        logs: [
          {
            timestamp: '2026-11-21T10:00:00Z',
            level: 'error',
            message: 'x509: certificate has expired or is not yet valid',
            service: 'edge-proxy',
            attributes: {},
          },
        ],
      })
      .expect(201);
    await eventually(async () => {
      const { body } = await stack.http
        .post('/api/v1/search/query')
        .set(as(owner))
        .send({ query: 'the cert on the balancer ran out', mode: 'semantic', types: ['incident'] })
        .expect(200);
      expect(body.data[0]).toMatchObject({ id: incident.body.data.id, type: 'incident' });
    });
    await eventually(async () => {
      const { body } = await stack.http
        .post('/api/v1/search/query')
        .set(as(owner))
        .send({ query: 'x509 expired', mode: 'keyword', types: ['log'] })
        .expect(200);
      expect(body.data[0]).toMatchObject({ type: 'log', title: expect.stringContaining('edge-proxy error') });
    });
    const { body } = await stack.http
      .post('/api/v1/search/query')
      .set(as(other))
      .send({ query: 'x509 expired certificate TLS', types: ['log', 'incident'] })
      .expect(200);
    expect(body.data).toEqual([]);
  });
});
