import { waitFor } from '../../dev/wait-for.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';
import { postSigned } from '../helpers/webhooks.ts';

type Incident = { id: string; title: string; severity: string; status: string; fingerprint: string; source: string };

// What an uptime checker might post: nothing Tocsin knows, mapped by the user's template.
const TEMPLATE = `{
  "title": monitor.name & " is " & state,
  "severity": state = "down" ? "critical" : "low",
  "fingerprint": "uptime-" & monitor.id,
  "status": state = "up" ? "resolved" : "firing",
  "labels": {"team": monitor.owner, "region": region},
  "source": "uptime"
}`;
const check = (state: 'down' | 'up', at: number) => ({
  monitor: { id: 9001, name: 'Checkout page', owner: 'payments' },
  state,
  region: 'eu-west-1',
  checked_at: at,
});

describe('generic_json integrations (integration: real PostgreSQL + Temporal + worker)', () => {
  let stack: TestStack;
  let owner: Awaited<ReturnType<typeof registerOwner>>;
  const auth = () => ({ Authorization: `Bearer ${owner.token}` });

  beforeAll(async () => {
    stack = await startTestStack({ worker: true });
    owner = await registerOwner(stack.http, 'generic-json');
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const create = (body: Record<string, unknown>) =>
    stack.http
      .post('/api/v1/integrations')
      .set(auth())
      .send({ name: 'Uptime', platform: 'generic_json', secret: 'generic-json-secret-0123456789', ...body });

  it('refuses a template that does not compile, naming the position, and stores nothing', async () => {
    const refused = await create({ mapping_template: '{"title": monitor.name & }' }).expect(422);
    expect(refused.body.code).toBe('VALIDATION_ERROR');
    expect(refused.body.errors).toEqual([
      { path: 'body.mapping_template', message: expect.stringMatching(/^The mapping template is invalid at position 26\b/) },
    ]);
    const other = await create({ platform: 'metrics_alerts', mapping_template: '$' }).expect(422);
    expect(other.body.errors[0].path).toBe('body.mapping_template');
    const listed = await stack.http.get('/api/v1/integrations?platform=generic_json').set(auth()).expect(200);
    expect(listed.body.data).toEqual([]);
  });

  it('maps a posted body with the stored template: the incident has the mapped fields, and the mapped resolve closes it', async () => {
    const created = await create({ mapping_template: TEMPLATE }).expect(201);
    const integration = { id: created.body.data.id as string, secret: 'generic-json-secret-0123456789' };
    expect(created.body.data.mapping_template).toBe(TEMPLATE);

    const accepted = await postSigned(stack.http, 'generic_json', integration, check('down', 1));
    expect({ status: accepted.status, error: accepted.body.error }).toEqual({ status: 200, error: undefined });
    expect(accepted.body.data).toMatchObject({ alerts: 1, rejected: [] });
    const incidents = async () => (await stack.http.get('/api/v1/incidents').set(auth()).expect(200)).body.data as Incident[];
    const opened = await waitFor(
      'the mapped incident',
      async () => (await incidents()).find((item) => item.fingerprint === 'uptime-9001'),
      {
        timeoutMs: 60_000,
        intervalMs: 200,
      },
    );
    expect(opened).toMatchObject({ title: 'Checkout page is down', severity: 'critical', status: 'active', source: 'generic_json' });
    const detail = (await stack.http.get(`/api/v1/incidents/${opened.id}`).set(auth()).expect(200)).body.data;
    expect(detail.labels).toMatchObject({ team: 'payments', region: 'eu-west-1', source: 'uptime' });

    await postSigned(stack.http, 'generic_json', integration, check('up', 2)).expect(200);
    await waitFor(
      'the mapped resolve',
      async () => (await incidents()).find((item) => item.id === opened.id && item.status === 'resolved'),
      { timeoutMs: 60_000, intervalMs: 200 },
    );

    // A new template applies to the next body; one that maps no severity is refused naming it.
    const patched = await stack.http
      .patch(`/api/v1/integrations/${integration.id}`)
      .set(auth())
      .send({ mapping_template: '{"title": name, "severity": sev, "fingerprint": id, "status": "firing", "labels": {}}' })
      .expect(200);
    expect(patched.body.data.mapping_template).toContain('"severity": sev');
    await stack.http.patch(`/api/v1/integrations/${integration.id}`).set(auth()).send({ mapping_template: '{"a": ' }).expect(422);
    const missing = await postSigned(stack.http, 'generic_json', integration, { name: 'Queue', id: 'q-1' }).expect(400);
    expect(missing.body.error).toMatchObject({ code: 'INVALID_PAYLOAD', details: { field: 'severity' } });
  });

  it('test-mapping answers the mapped alert, or the error with its position, or the limit that stopped it', async () => {
    const tried = await stack.http
      .post('/api/v1/integrations/test-mapping')
      .set(auth())
      .send({ template: TEMPLATE, sample: check('down', 3) })
      .expect(200);
    expect(tried.body.data).toEqual({
      alerts: [
        {
          title: 'Checkout page is down',
          severity: 'critical',
          status: 'firing',
          fingerprint: 'uptime-9001',
          dedup_key: 'uptime-9001',
          labels: { source: 'uptime', team: 'payments', region: 'eu-west-1' },
          description: null,
        },
      ],
      rejected: [],
      error: null,
    });

    const bad = await stack.http
      .post('/api/v1/integrations/test-mapping')
      .set(auth())
      .send({ template: '{"a": (1 + }', sample: {} })
      .expect(200);
    expect(bad.body.data.error).toMatchObject({ stage: 'compile', position: expect.any(Number), code: expect.stringMatching(/^S0/) });

    const runaway = await stack.http
      .post('/api/v1/integrations/test-mapping')
      .set(auth())
      .send({ template: '($f := function($n) { $f($n + 1) }; $f(0))', sample: {} })
      .expect(200);
    expect(runaway.body.data.error).toMatchObject({ stage: 'evaluate', code: expect.stringMatching(/^D101[12]$/) });

    const rejected = await stack.http
      .post('/api/v1/integrations/test-mapping')
      .set(auth())
      .send({ template: '{"title": "t", "fingerprint": "f", "status": "firing", "labels": {}}', sample: {} })
      .expect(200);
    expect(rejected.body.data.rejected).toEqual([{ index: 0, field: 'severity', reason: 'severity is required' }]);

    const noSample = await stack.http.post('/api/v1/integrations/test-mapping').set(auth()).send({ template: '$' }).expect(422);
    expect(noSample.body.errors[0].path).toBe('body.sample');
  });

  it('test-mapping of an integration uses its stored template; other platforms and unknown ids are refused', async () => {
    const created = await create({ name: 'Stored', mapping_template: TEMPLATE }).expect(201);
    const stored = await stack.http
      .post(`/api/v1/integrations/${created.body.data.id}/test-mapping`)
      .set(auth())
      .send({ sample: check('up', 4) })
      .expect(200);
    expect(stored.body.data.alerts[0]).toMatchObject({ title: 'Checkout page is up', status: 'resolved', severity: 'low' });

    const metrics = await create({ platform: 'metrics_alerts', name: 'Prom' }).expect(201);
    const notGeneric = await stack.http
      .post(`/api/v1/integrations/${metrics.body.data.id}/test-mapping`)
      .set(auth())
      .send({ sample: {} })
      .expect(422);
    expect(notGeneric.body.errors[0].path).toBe('params.id');
    await stack.http
      .post('/api/v1/integrations/00000000-0000-4000-8000-000000000000/test-mapping')
      .set(auth())
      .send({ sample: {} })
      .expect(404);
  });
});
