import { randomUUID } from 'node:crypto';
import { bearer } from '../helpers/members.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';
import { createIntegration } from '../helpers/webhooks.ts';

// The security review's regex: 30 characters within the old limits, ~60 µs per character of label.
const EXPENSIVE = '.*a.{1000}.{1000}.{1000}.{900}';
// The widest regex of that shape still allowed.
const WIDE = '.*a.{250}';

describe('matcher cost through the API (integration: real PostgreSQL)', () => {
  let stack: TestStack;
  let owner: Awaited<ReturnType<typeof registerOwner>>;
  let policy: string;
  const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

  beforeAll(async () => {
    stack = await startTestStack();
  });
  beforeEach(async () => {
    owner = await registerOwner(stack.http, 'matcher-cost');
    policy = (
      await stack.http
        .post('/api/v1/escalation-policies')
        .set(bearer(owner.token))
        .send({
          name: `Policy ${randomUUID().slice(0, 6)}`,
          levels: [{ targets: [{ type: 'user', id: owner.user.id }], delay_minutes: 5 }],
        })
        .expect(201)
    ).body.data.id as string;
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const sql = (text: string, params: unknown[]) => stack.orm.em.fork().getConnection().execute(text, params);

  it('refuses the expensive regex in a routing rule, a silence and a preview: 422 naming the matcher and why', async () => {
    const attempts = [
      stack.http
        .post('/api/v1/routing-rules')
        .set(bearer(owner.token))
        .send({ name: 'Expensive', matchers: `payload=~"${EXPENSIVE}"`, escalation_policy_id: policy }),
      stack.http
        .post('/api/v1/silences')
        .set(bearer(owner.token))
        .send({ matchers: `{alertname="x", payload!~"${EXPENSIVE}"}`, ends_at: inHours(1), comment: 'x' }),
      stack.http
        .post('/api/v1/silences/preview')
        .set(bearer(owner.token))
        .send({ matchers: `payload=~"${EXPENSIVE}"` }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(422);
      expect(response.body.code).toBe('VALIDATION_ERROR');
      const [error] = response.body.errors as Array<{ path: string; message: string }>;
      expect(error!.path).toBe('body.matchers');
      expect(error!.message).toContain(`too expensive in payload`);
      expect(error!.message).toContain(EXPENSIVE);
      expect(error!.message).toMatch(/it can track 3\d{3} positions at once \(at most 256\)/);
    }
  });

  it('tests an alert with a 100,000-character label as ingestion would keep it, skipping a rule stored before the limit', async () => {
    // A rule saved before the width limit existed: it no longer compiles, so it routes nothing.
    const legacy = randomUUID();
    await sql(
      `insert into routing_rules (id, organization_id, name, matchers, escalation_policy_id, urgency, enabled, position, created_at, updated_at)
       values (?, ?, 'Legacy', ?, ?, 'low', true, 0, now(), now())`,
      [legacy, owner.organization.id, JSON.stringify([{ name: 'payload', operator: '=~', value: EXPENSIVE }]), policy],
    );
    const cutRule = (
      await stack.http
        .post('/api/v1/routing-rules')
        .set(bearer(owner.token))
        // Matches a value of exactly 1,024 "a": what ingestion keeps of 100,000.
        .send({ name: 'Cut', matchers: 'payload=~"a{512}a{512}"', escalation_policy_id: policy, urgency: 'low' })
        .expect(201)
    ).body.data;
    const response = await stack.http
      .post('/api/v1/routing-rules/test')
      .set(bearer(owner.token))
      .send({ labels: { payload: 'a'.repeat(100_000) }, severity: 'high' })
      .expect(200);
    expect(response.body.data).toMatchObject({ rule: { id: cutRule.id }, escalation_policy_id: policy, urgency: 'low' });
  });

  it('cuts the routing tester off at the per-alert budget with a clear 422', async () => {
    // Twenty wide rules, none with a literal to set it aside; each tests the whole label first.
    for (let index = 0; index < 20; index += 1)
      await stack.http
        .post('/api/v1/routing-rules')
        .set(bearer(owner.token))
        .send({ name: `Wide ${index}`, matchers: `{payload=~"${WIDE}", n=~"(${index})"}`, escalation_policy_id: policy })
        .expect(201);
    const response = await stack.http
      .post('/api/v1/routing-rules/test')
      .set(bearer(owner.token))
      .send({ labels: { payload: 'a'.repeat(100_000), n: '19' }, severity: 'high' })
      .expect(422);
    expect(response.body.code).toBe('VALIDATION_ERROR');
    expect(response.body.errors[0]).toMatchObject({
      path: 'body.labels',
      message: expect.stringMatching(/^matching this alert against the routing rules is too expensive to evaluate: more than/),
    });
  });

  it('previews over stored alerts with huge labels within budget: rows cut as ingestion cuts them, a too expensive preview refused', async () => {
    const integration = await createIntegration(stack.http, owner.token, 'metrics_alerts');
    // Alerts stored before label values were bounded: 100,000 characters each.
    for (let index = 0; index < 3; index += 1)
      await sql(
        `insert into alerts (id, organization_id, integration_id, platform, dedup_key, title, severity, status, labels, links, raw, received_at, processed_at)
         values (?, ?, ?, 'metrics_alerts', ?, 'Huge', 'high', 'firing', ?, '{}', '{}', now(), now())`,
        [
          randomUUID(),
          owner.organization.id,
          integration.id,
          `huge-${index}`,
          JSON.stringify({ alertname: 'Huge', payload: 'a'.repeat(100_000) }),
        ],
      );
    const cut = await stack.http
      .post('/api/v1/silences/preview')
      .set(bearer(owner.token))
      .send({ matchers: '{alertname="Huge", payload=~"a{512}a{512}"}' })
      .expect(200);
    expect(cut.body.data.recent_alerts_total).toBe(3);
    // Forty wide matchers over the payload: each row would cost far more than one alert may.
    const wide = Array.from({ length: 40 }, () => `payload=~"${WIDE}"`);
    const refused = await stack.http
      .post('/api/v1/silences/preview')
      .set(bearer(owner.token))
      .send({ matchers: ['alertname="Huge"', ...wide] })
      .expect(422);
    expect(refused.body.errors[0]).toMatchObject({
      path: 'body.matchers',
      message: expect.stringMatching(/^matching one alert against these matchers is too expensive to evaluate: more than/),
    });
  });

  it('refuses a silence that would mute every alert, however it is spelled', async () => {
    for (const matchers of ['severity=~".+"', '{env=~".+", alertname!="Watchdog"}', 'platform=~".*"']) {
      const response = await stack.http
        .post('/api/v1/silences')
        .set(bearer(owner.token))
        .send({ matchers, ends_at: inHours(1), comment: 'everything' })
        .expect(422);
      expect(response.body.errors[0].path).toBe('body.matchers');
      expect(response.body.errors[0].message).toContain('would mute nearly every alert');
    }
  });
});
