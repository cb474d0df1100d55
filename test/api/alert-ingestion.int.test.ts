import { randomUUID } from 'node:crypto';
import type supertest from 'supertest';
import { createIntegrationLookup } from '../../api/services/integration-lookup.ts';
import { createIntegrationCredentialsStore } from '../../shared/db/access/integrations.ts';
import { PLATFORM_SETUP } from '../../api/services/platform-setup.ts';
import { createWebhookIngestService } from '../../api/services/webhook-ingest.service.ts';
import { createSecretBox } from '../../shared/crypto/secret-box.ts';
import { waitFor } from '../../dev/wait-for.ts';
import { WorkflowNotFoundError } from '@temporalio/client';
import { alertBucketOf } from '../../shared/domain/alert-bucket.ts';
import { ORGANIZATION_ID } from '../../shared/domain/search-attributes.ts';
import { workflowIds } from '../../shared/temporal/ids.ts';
import { appDepsOver, httpOf } from '../helpers/app-deps.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';
import { alertmanagerBody, createIntegration, postSigned } from '../helpers/webhooks.ts';

type Incident = {
  id: string;
  title: string;
  severity: string;
  status: string;
  source: string;
  alert_count: number;
  resolved_at: string | null;
};

describe('alert ingestion (integration: real PostgreSQL + real Temporal + worker)', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ worker: true });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const incidentsOf = async (token: string, query = '') => {
    const response = await stack.http.get(`/api/v1/incidents?limit=100${query}`).set('Authorization', `Bearer ${token}`).expect(200);
    return { items: response.body.data as Incident[], total: response.body.meta.total as number };
  };
  const waitForIncidents = (token: string, done: (items: Incident[]) => boolean, what: string) =>
    waitFor(
      what,
      async () => {
        const { items } = await incidentsOf(token);
        return done(items) ? items : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 200 },
    );

  it.each([
    ['infra_monitor', 'High CPU on web-1', 'critical'],
    ['apm', 'Checkout API error rate above 5%', 'critical'],
    ['pager', 'Database replication lag', 'high'],
    ['dashboards', 'Disk almost full', 'high'],
    ['search_logs', 'Error log spike in checkout', 'high'],
    ['observability', 'HighLatency', 'high'],
    ['metrics_alerts', 'web-1 is down', 'critical'],
  ])('%s: a signed webhook becomes an incident titled %j with severity %s', async (platform, title, severity) => {
    const owner = await registerOwner(stack.http, platform);
    const integration = await createIntegration(stack.http, owner.token, platform);
    const accepted = await postSigned(
      stack.http,
      platform,
      integration,
      PLATFORM_SETUP[platform as keyof typeof PLATFORM_SETUP].example,
    ).expect(200);
    expect(accepted.body).toMatchObject({ success: true, data: { integration_id: integration.id, processing_status: 'queued' } });
    expect(typeof accepted.body.data.alert_id).toBe('string');

    const [incident] = await waitForIncidents(owner.token, (items) => items.length === 1, `the ${platform} incident`);
    expect(incident).toMatchObject({ title, severity, status: 'active', source: platform, alert_count: 1 });
    const detail = await stack.http.get(`/api/v1/incidents/${incident?.id}`).set('Authorization', `Bearer ${owner.token}`).expect(200);
    expect(detail.body.data.timeline.map((entry: { type: string }) => entry.type)).toEqual(['created', 'alert']);
  });

  it('50 concurrent alerts of one dedup key make exactly one incident with alert_count 50', async () => {
    const owner = await registerOwner(stack.http, 'burst');
    const integration = await createIntegration(stack.http, owner.token, 'metrics_alerts');
    const fingerprint = `burst${randomUUID().slice(0, 8)}`;
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => postSigned(stack.http, 'metrics_alerts', integration, alertmanagerBody(fingerprint, 'firing'))),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(50).fill(200));
    const [incident] = await waitForIncidents(owner.token, (items) => items[0]?.alert_count === 50, 'alert_count 50');
    const { total } = await incidentsOf(owner.token);
    expect(total).toBe(1);
    expect(incident?.alert_count).toBe(50);
    const rows = await stack.orm.em
      .fork()
      .getConnection()
      .execute('select count(*)::int as n from alerts where incident_id = ?', [incident?.id]);
    expect(rows[0].n).toBe(50);
  });

  /** One Alertmanager payload carrying one firing alert per fingerprint. */
  const manyAlerts = (fingerprints: string[], tag: string) => ({
    version: '4',
    status: 'firing',
    alerts: fingerprints.map((fingerprint, index) => ({
      status: 'firing',
      labels: { alertname: 'InstanceDown', instance: `host-${index}:9100`, job: 'node', severity: 'critical' },
      annotations: { summary: `host ${index} down (${tag})` },
      startsAt: new Date(Date.UTC(2026, 0, 1) + index * 1000).toISOString(),
      fingerprint,
    })),
  });
  const countsByFingerprint = async (organizationId: string) =>
    stack.orm.em
      .fork()
      .getConnection()
      .execute<Array<{ fingerprint: string; incidents: number; alerts: number }>>(
        `select fingerprint, count(*)::int as incidents, sum(alert_count)::int as alerts from incidents
         where organization_id = ? group by fingerprint order by fingerprint`,
        [organizationId],
      );

  it('a payload of 200 new fingerprints opens 200 incidents, one alert each, through the buckets', async () => {
    const owner = await registerOwner(stack.http, 'many-keys');
    const integration = await createIntegration(stack.http, owner.token, 'metrics_alerts');
    const fingerprints = Array.from({ length: 200 }, (_, index) => `many-${index}-${randomUUID().slice(0, 8)}`).sort();
    const accepted = await postSigned(stack.http, 'metrics_alerts', integration, manyAlerts(fingerprints, 'one')).expect(200);
    expect(accepted.body.data.alerts).toBe(200);
    const counts = await waitFor(
      '200 incidents',
      async () => {
        const rows = await countsByFingerprint(owner.organization.id);
        return rows.length === 200 ? rows : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 250 },
    );
    expect(counts).toEqual(fingerprints.map((fingerprint) => ({ fingerprint, incidents: 1, alerts: 1 })));
  });

  it('two integrations sending the same fingerprints at once make one incident per fingerprint, every alert counted', async () => {
    const owner = await registerOwner(stack.http, 'two-senders');
    const first = await createIntegration(stack.http, owner.token, 'metrics_alerts');
    const second = await createIntegration(stack.http, owner.token, 'metrics_alerts', 'second-secret-0123456789abcdef');
    const fingerprints = Array.from({ length: 20 }, (_, index) => `both-${index}-${randomUUID().slice(0, 8)}`).sort();
    const rounds = 5;
    const responses = await Promise.all(
      Array.from({ length: rounds }, (_, round) => [
        postSigned(stack.http, 'metrics_alerts', first, manyAlerts(fingerprints, `first ${round}`)),
        postSigned(stack.http, 'metrics_alerts', second, manyAlerts([...fingerprints].reverse(), `second ${round}`)),
      ]).flat(),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(rounds * 2).fill(200));
    const counts = await waitFor(
      'every alert applied',
      async () => {
        const rows = await countsByFingerprint(owner.organization.id);
        return rows.length === fingerprints.length && rows.every((row) => row.alerts === rounds * 2) ? rows : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 250 },
    );
    expect(counts).toEqual(fingerprints.map((fingerprint) => ({ fingerprint, incidents: 1, alerts: rounds * 2 })));
  });

  it("alerts go to their integration's bucket workflow, chosen by dedup key, found in Temporal by organization", async () => {
    const owner = await registerOwner(stack.http, 'bucket');
    const integration = await createIntegration(stack.http, owner.token, 'metrics_alerts');
    const fingerprint = `bkt${randomUUID().slice(0, 8)}`;
    await postSigned(stack.http, 'metrics_alerts', integration, alertmanagerBody(fingerprint, 'firing')).expect(200);
    await waitForIncidents(owner.token, (items) => items.length === 1, 'the incident');
    const bucket = alertBucketOf(fingerprint);
    const description = await stack.temporal.client.workflow
      .getHandle(workflowIds.alertBucket(owner.organization.id, integration.id, bucket))
      .describe();
    expect(description.type).toBe('alertBucketWorkflow');
    expect(description.status.name).toBe('RUNNING');
    expect(description.typedSearchAttributes.get(ORGANIZATION_ID)).toBe(owner.organization.id);
    // No workflow per incident any more.
    await expect(
      stack.temporal.client.workflow.getHandle(workflowIds.alertIngestion(owner.organization.id, integration.id, fingerprint)).describe(),
    ).rejects.toThrow(WorkflowNotFoundError);
  });

  describe('a sender retrying a delivery (its answer lost) counts once; the same body after the dedup window counts again', () => {
    const WINDOW_SECONDS = 60;
    // The API as built for production, but with the webhook service on a clock the test moves.
    let clock = 0;
    let http: ReturnType<typeof supertest>;
    beforeAll(() => {
      const deps = appDepsOver(stack);
      const integrations = createIntegrationLookup({
        integrations: () => createIntegrationCredentialsStore(stack.orm.em.fork()),
        secretBox: createSecretBox(stack.config.ENCRYPTION_KEY as string),
      });
      deps.services.webhooks = createWebhookIngestService({
        credentials: () => createIntegrationCredentialsStore(stack.orm.em.fork()),
        temporal: stack.temporal,
        integrations,
        dedupWindowSeconds: WINDOW_SECONDS,
        now: () => clock,
      });
      http = httpOf(deps);
    });
    const alertRows = async (integrationId: string) =>
      stack.orm.em
        .fork()
        .getConnection()
        .execute<Array<{ summary: string; n: number }>>(
          `select raw->'annotations'->>'summary' as summary, count(*)::int as n from alerts where integration_id = ? group by 1 order by 1`,
          [integrationId],
        );
    /** The rows once the `marker` alert sent after the deliveries under test is applied, and with it every earlier one (arrival order). */
    const rowsAfterMarker = async (integrationId: string) => {
      await waitFor(
        'the marker alert',
        async () => ((await alertRows(integrationId)).some((row) => row.summary === 'marker') ? true : undefined),
        { timeoutMs: 60_000, intervalMs: 200 },
      );
      return alertRows(integrationId);
    };

    it('within the window, across a time-bucket boundary too; after it, counted again', async () => {
      const owner = await registerOwner(http, 'retry');
      const integration = await createIntegration(http, owner.token, 'metrics_alerts');
      const fingerprint = `retry${randomUUID().slice(0, 8)}`;
      const delivery = alertmanagerBody(fingerprint, 'firing', 'first');
      // One second before a bucket boundary: a retry two seconds later falls in the next bucket.
      const t0 = (Math.floor(Date.now() / 1000 / WINDOW_SECONDS) + 1) * WINDOW_SECONDS * 1000 - 1000;
      const postAt = async (at: number, body: unknown) => {
        clock = at;
        const response = await postSigned(http, 'metrics_alerts', integration, body).expect(200);
        return response.body.data;
      };
      await postAt(t0, delivery);
      await postAt(t0, delivery);
      await postAt(t0 + 2000, delivery);
      await postAt(t0 + (WINDOW_SECONDS + 1) * 1000, delivery);
      // A different delivery after them: once it is applied, so is everything sent before it (arrival order).
      await postAt(t0 + (WINDOW_SECONDS + 2) * 1000, alertmanagerBody(fingerprint, 'firing', 'marker'));
      expect(await rowsAfterMarker(integration.id)).toEqual([
        { summary: 'first', n: 2 },
        { summary: 'marker', n: 1 },
      ]);
      const { items } = await incidentsOf(owner.token);
      expect(items.map((incident) => incident.alert_count)).toEqual([3]);
    });

    it('an Idempotency-Key names the delivery: the same body under another key is another delivery', async () => {
      const owner = await registerOwner(http, 'idem');
      const integration = await createIntegration(http, owner.token, 'metrics_alerts');
      const fingerprint = `idem${randomUUID().slice(0, 8)}`;
      const delivery = alertmanagerBody(fingerprint, 'firing', 'first');
      clock = Date.now();
      for (const key of ['d-1', 'd-1', 'd-2']) {
        await postSigned(http, 'metrics_alerts', integration, delivery).set('Idempotency-Key', key).expect(200);
      }
      await postSigned(http, 'metrics_alerts', integration, alertmanagerBody(fingerprint, 'firing', 'marker')).expect(200);
      expect(await rowsAfterMarker(integration.id)).toEqual([
        { summary: 'first', n: 2 },
        { summary: 'marker', n: 1 },
      ]);
    });
  });

  it('a resolved alert resolves the incident, and the next firing alert opens a new one', async () => {
    const owner = await registerOwner(stack.http, 'resolve');
    const integration = await createIntegration(stack.http, owner.token, 'metrics_alerts');
    const fingerprint = `res${randomUUID().slice(0, 8)}`;
    await postSigned(stack.http, 'metrics_alerts', integration, alertmanagerBody(fingerprint, 'firing')).expect(200);
    await waitForIncidents(owner.token, (items) => items.length === 1, 'the incident');
    await postSigned(stack.http, 'metrics_alerts', integration, alertmanagerBody(fingerprint, 'resolved')).expect(200);
    const [resolved] = await waitForIncidents(owner.token, (items) => items[0]?.status === 'resolved', 'resolution');
    expect(resolved?.resolved_at).not.toBeNull();
    expect(resolved?.alert_count).toBe(1);

    await postSigned(stack.http, 'metrics_alerts', integration, alertmanagerBody(fingerprint, 'firing')).expect(200);
    const items = await waitForIncidents(owner.token, (list) => list.length === 2, 'a second incident');
    expect(items.map((incident) => incident.status).sort()).toEqual(['active', 'resolved']);
  });

  it('a resolved alert with no open incident creates nothing', async () => {
    const owner = await registerOwner(stack.http, 'orphan');
    const integration = await createIntegration(stack.http, owner.token, 'metrics_alerts');
    const fingerprint = `orph${randomUUID().slice(0, 8)}`;
    await postSigned(stack.http, 'metrics_alerts', integration, alertmanagerBody(fingerprint, 'resolved')).expect(200);
    await waitFor(
      'the alert row',
      async () => {
        const rows = await stack.orm.em
          .fork()
          .getConnection()
          .execute('select count(*)::int as n from alerts where integration_id = ?', [integration.id]);
        return rows[0].n === 1 ? true : undefined;
      },
      { timeoutMs: 60_000 },
    );
    expect((await incidentsOf(owner.token)).total).toBe(0);
  });

  it('resolving by PATCH closes the alert stream: the next firing alert opens a new incident', async () => {
    const owner = await registerOwner(stack.http, 'patch');
    const integration = await createIntegration(stack.http, owner.token, 'metrics_alerts');
    const fingerprint = `pat${randomUUID().slice(0, 8)}`;
    await postSigned(stack.http, 'metrics_alerts', integration, alertmanagerBody(fingerprint, 'firing')).expect(200);
    const [first] = await waitForIncidents(owner.token, (items) => items.length === 1, 'the incident');
    await stack.http
      .patch(`/api/v1/incidents/${first?.id}`)
      .set('Authorization', `Bearer ${owner.token}`)
      .send({ status: 'resolved' })
      .expect(200);
    await postSigned(stack.http, 'metrics_alerts', integration, alertmanagerBody(fingerprint, 'firing')).expect(200);
    const items = await waitForIncidents(owner.token, (list) => list.length === 2, 'a new incident');
    expect(items.find((incident) => incident.id === first?.id)?.status).toBe('resolved');
    expect(items.find((incident) => incident.id !== first?.id)).toMatchObject({ status: 'active', alert_count: 1 });
  });

  it('stores a payload with characters PostgreSQL cannot hold, repaired, instead of failing forever', async () => {
    const owner = await registerOwner(stack.http, 'nul');
    const integration = await createIntegration(stack.http, owner.token, 'metrics_alerts');
    await postSigned(
      stack.http,
      'metrics_alerts',
      integration,
      alertmanagerBody(`nul${randomUUID().slice(0, 8)}`, 'firing', 'disk\u0000full \ud800'),
    ).expect(200);
    const [incident] = await waitForIncidents(owner.token, (items) => items.length === 1, 'the repaired incident');
    expect(incident?.title).toBe('disk\uFFFDfull \uFFFD');
  });

  it('accepts Authorization: Bearer <secret> for senders that cannot sign', async () => {
    const owner = await registerOwner(stack.http, 'bearer');
    const integration = await createIntegration(stack.http, owner.token, 'metrics_alerts');
    await stack.http
      .post(`/api/v1/webhooks/metrics_alerts/${integration.id}`)
      .set('Authorization', `Bearer ${integration.secret}`)
      .send(alertmanagerBody(`bear${randomUUID().slice(0, 8)}`, 'firing'))
      .expect(200);
    await waitForIncidents(owner.token, (items) => items.length === 1, 'the incident');
  });

  it('an alert accepted while no worker runs is processed exactly once when a worker comes back', async () => {
    const owner = await registerOwner(stack.http, 'restart');
    const integration = await createIntegration(stack.http, owner.token, 'metrics_alerts');
    await stack.stopWorker();
    try {
      await postSigned(stack.http, 'metrics_alerts', integration, alertmanagerBody(`rst${randomUUID().slice(0, 8)}`, 'firing')).expect(200);
      expect((await incidentsOf(owner.token)).total).toBe(0);
    } finally {
      await stack.startWorker();
    }
    const [incident] = await waitForIncidents(owner.token, (items) => items.length === 1, 'the incident after restart');
    expect(incident?.alert_count).toBe(1);
    const rows = await stack.orm.em
      .fork()
      .getConnection()
      .execute('select count(*)::int as n from incidents where organization_id = ?', [owner.organization.id]);
    expect(rows[0].n).toBe(1);
  });

  describe('rejections store nothing', () => {
    let owner: Awaited<ReturnType<typeof registerOwner>>;
    let integration: Awaited<ReturnType<typeof createIntegration>>;
    beforeAll(async () => {
      owner = await registerOwner(stack.http, 'reject');
      integration = await createIntegration(stack.http, owner.token, 'metrics_alerts');
    });

    it('a bad signature is 401 WEBHOOK_VALIDATION_FAILED, echoing only what was received', async () => {
      const response = await stack.http
        .post(`/api/v1/webhooks/metrics_alerts/${integration.id}`)
        .set('X-Metrics-Alerts-Signature', 'sha256=deadbeef')
        .send(alertmanagerBody('badsig', 'firing'))
        .expect(401);
      expect(response.body.error).toMatchObject({ code: 'WEBHOOK_VALIDATION_FAILED', details: { received_signature: 'sha256=deadbeef' } });
      expect(JSON.stringify(response.body)).not.toContain('expected_signature');
      await stack.http.post(`/api/v1/webhooks/metrics_alerts/${integration.id}`).send(alertmanagerBody('nosig', 'firing')).expect(401);
    });

    it('an unknown integration, or one of another platform, is 404 INTEGRATION_NOT_FOUND', async () => {
      const unknown = await postSigned(
        stack.http,
        'metrics_alerts',
        { id: randomUUID(), secret: integration.secret },
        alertmanagerBody('x', 'firing'),
      ).expect(404);
      expect(unknown.body.error.code).toBe('INTEGRATION_NOT_FOUND');
      await postSigned(stack.http, 'apm', integration, alertmanagerBody('x', 'firing')).expect(404);
      await postSigned(stack.http, 'metrics_alerts', { id: 'not-a-uuid', secret: 'x' }, {}).expect(404);
    });

    it('malformed JSON and a payload without alerts are 400 INVALID_PAYLOAD naming the field', async () => {
      const body = '{"alerts": [';
      const signature = (await import('../helpers/webhooks.ts')).signatureFor('metrics_alerts', integration.secret, body);
      const malformed = await stack.http
        .post(`/api/v1/webhooks/metrics_alerts/${integration.id}`)
        .set('Content-Type', 'application/json')
        .set(signature.name, signature.value)
        .send(body)
        .expect(400);
      expect(malformed.body.error.code).toBe('INVALID_PAYLOAD');
      const missing = await postSigned(stack.http, 'metrics_alerts', integration, { status: 'firing' }).expect(400);
      expect(missing.body.error).toMatchObject({ code: 'INVALID_PAYLOAD', details: { field: 'alerts' } });
    });

    it('a body over 1 MiB is 413 PAYLOAD_TOO_LARGE', async () => {
      const huge = alertmanagerBody('huge', 'firing', 'x'.repeat(1024 * 1024));
      const response = await postSigned(stack.http, 'metrics_alerts', integration, huge).expect(413);
      expect(response.body.error.code).toBe('PAYLOAD_TOO_LARGE');
    });

    it('a payload over WEBHOOK_MAX_ALERTS_PER_PAYLOAD (1000) alerts is 413 naming the cap', async () => {
      const withAlerts = (count: number) => {
        const body = alertmanagerBody('many-alerts', 'firing');
        const [alert] = body.alerts;
        return { ...body, alerts: Array.from({ length: count }, (_, i) => ({ ...alert, annotations: { summary: `alert ${i}` } })) };
      };
      const over = await postSigned(stack.http, 'metrics_alerts', integration, withAlerts(1001)).expect(413);
      expect(over.body.error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: expect.stringContaining('at most 1000 alerts') });
      expect(over.body.error.message).toContain('carries 1001');
    });

    it('a disabled integration is 409 INTEGRATION_DISABLED', async () => {
      const disabled = await createIntegration(stack.http, owner.token, 'apm');
      await stack.http
        .patch(`/api/v1/integrations/${disabled.id}`)
        .set('Authorization', `Bearer ${owner.token}`)
        .send({ enabled: false })
        .expect(200);
      const response = await postSigned(stack.http, 'apm', disabled, PLATFORM_SETUP.apm.example).expect(409);
      expect(response.body.error.code).toBe('INTEGRATION_DISABLED');
    });

    it('none of them reached the database', async () => {
      const rows = await stack.orm.em
        .fork()
        .getConnection()
        .execute(
          'select (select count(*)::int from alerts where organization_id = ?) as alerts, (select count(*)::int from incidents where organization_id = ?) as incidents',
          [owner.organization.id, owner.organization.id],
        );
      expect(rows[0]).toEqual({ alerts: 0, incidents: 0 });
    });
  });
});
