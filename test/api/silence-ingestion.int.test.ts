import { randomUUID } from 'node:crypto';
import { waitFor } from '../../dev/wait-for.ts';
import { bearer } from '../helpers/members.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';
import { createIntegration, postSigned } from '../helpers/webhooks.ts';

type Status = 'firing' | 'resolved';

/** Silences over real ingestion: HTTP webhooks, Temporal, the worker (its mute-rule cache listening) and PostgreSQL. */
describe('silences mute ingestion (integration: HTTP + real Temporal + worker + PostgreSQL)', () => {
  let stack: TestStack;
  let deliveries = 0;
  beforeAll(async () => {
    stack = await startTestStack({ worker: true, env: { RATE_LIMIT_WEBHOOK_PER_HOUR: '1000000' } });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  /** One Alertmanager delivery (each its own `groupKey`, so never a retry of another). */
  const send = async (
    integration: { id: string; secret: string },
    alerts: Array<{ fingerprint: string; status: Status; labels: Record<string, string> }>,
  ) => {
    deliveries += 1;
    const body = {
      version: '4',
      groupKey: `silence-${deliveries}-${randomUUID()}`,
      status: alerts[0]?.status,
      alerts: alerts.map(({ fingerprint, status, labels }) => ({
        status,
        labels: { severity: 'critical', ...labels },
        annotations: { summary: `${labels.alertname} ${fingerprint}` },
        startsAt: new Date(Date.UTC(2026, 0, 1) + deliveries * 1000).toISOString(),
        fingerprint,
      })),
    };
    const response = await postSigned(stack.http, 'metrics_alerts', integration, body);
    expect(response.status).toBe(200);
  };
  const storedAlerts = (integrationId: string, expected: number) =>
    waitFor(
      `${expected} alerts stored`,
      async () => {
        const [row] = await stack.sql<{ n: number }>('select count(*)::int as n from alerts where integration_id = ?', [integrationId]);
        return row?.n === expected ? row : undefined;
      },
      { timeoutMs: 120_000, intervalMs: 200 },
    );
  const createSilence = async (token: string, body: Record<string, unknown>) =>
    (await stack.http.post('/api/v1/silences').set(bearer(token)).send(body).expect(201)).body.data as { id: string; ends_at: string };

  it('a storm of 2,000 alerts over 400 fingerprints, half silenced: the other half open incidents, every alert stored, the silenced marked', async () => {
    const owner = await registerOwner(stack.http, 'storm');
    const integration = await createIntegration(stack.http, owner.token, 'metrics_alerts');
    const run = randomUUID().slice(0, 8);
    const silence = await createSilence(owner.token, {
      matchers: `{alertname="SilenceStorm", half="muted", run="${run}"}`,
      ends_at: new Date(Date.now() + 3_600_000).toISOString(),
      comment: 'storm test',
    });
    const FINGERPRINTS = 400;
    const PER_FINGERPRINT = 5;
    const alertOf = (index: number) => ({
      fingerprint: `storm${run}-${index % FINGERPRINTS}`,
      status: 'firing' as const,
      labels: { alertname: 'SilenceStorm', half: index % 2 === 0 ? 'loud' : 'muted', run },
    });
    const payloads = Array.from({ length: (FINGERPRINTS * PER_FINGERPRINT) / 20 }, (_, payload) =>
      Array.from({ length: 20 }, (_, offset) => alertOf(payload * 20 + offset)),
    );
    let next = 0;
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (next < payloads.length) await send(integration, payloads[next++]!);
      }),
    );
    await storedAlerts(integration.id, FINGERPRINTS * PER_FINGERPRINT);

    const alerts = await stack.sql<{
      dedup_key: string;
      incident_id: string | null;
      silenced_by: string | null;
      silenced_kind: string | null;
      labels: { half: string };
    }>('select dedup_key, incident_id, silenced_by, silenced_kind, labels from alerts where integration_id = ?', [integration.id]);
    const muted = alerts.filter((alert) => alert.labels.half === 'muted');
    const loud = alerts.filter((alert) => alert.labels.half === 'loud');
    expect(muted).toHaveLength(1000);
    expect(loud).toHaveLength(1000);
    for (const alert of muted) expect(alert).toMatchObject({ incident_id: null, silenced_by: silence.id, silenced_kind: 'silence' });
    for (const alert of loud) expect(alert).toMatchObject({ silenced_by: null, silenced_kind: null });
    expect(loud.every((alert) => alert.incident_id !== null)).toBe(true);

    const incidents = await stack.sql<{ fingerprint: string; alert_count: number }>(
      'select fingerprint, alert_count from incidents where integration_id = ?',
      [integration.id],
    );
    const loudKeys = new Set(loud.map((alert) => alert.dedup_key));
    expect(loudKeys.size).toBe(FINGERPRINTS / 2);
    expect(new Set(incidents.map((incident) => incident.fingerprint))).toEqual(loudKeys);
    expect(incidents).toHaveLength(FINGERPRINTS / 2);
    expect(incidents.every((incident) => incident.alert_count === PER_FINGERPRINT)).toBe(true);

    // Nobody hears of the muted alerts: no event names them.
    const [events] = await stack.sql<{ n: number }>(
      `select count(*)::int as n from domain_events where organization_id = ? and type = 'alert.received'`,
      [owner.organization.id],
    );
    expect(events?.n).toBe(1000);
    // Searchable: the silence lists what it muted.
    const listed = await stack.http.get(`/api/v1/silences/${silence.id}/alerts?limit=5`).set(bearer(owner.token)).expect(200);
    expect(listed.body.meta.total).toBe(1000);
    expect(listed.body.data[0]).toMatchObject({ silenced_by: silence.id, silenced_kind: 'silence', labels: { half: 'muted' } });
  });

  it('a silence that ends mid-storm: alerts before its end are muted, those after open incidents as usual', async () => {
    const owner = await registerOwner(stack.http, 'midstorm');
    const integration = await createIntegration(stack.http, owner.token, 'metrics_alerts');
    const run = randomUUID().slice(0, 8);
    const silence = await createSilence(owner.token, {
      matchers: `run="${run}"`,
      ends_at: new Date(Date.now() + 4_000).toISOString(),
      comment: 'ends soon',
    });
    const endsAt = Date.parse(silence.ends_at);
    let sent = 0;
    let sentAfterEnd = 0;
    // 10 fingerprints in turn, until a dozen were sent after the end (counted by sends, not by time,
    // so a slow machine sends as many; 100 ms of margin for the receipt time the API stamps).
    while (sentAfterEnd < 12) {
      const afterEnd = Date.now() >= endsAt + 100;
      await send(integration, [{ fingerprint: `mid${run}-${sent % 10}`, status: 'firing', labels: { alertname: 'MidStorm', run } }]);
      sent += 1;
      if (afterEnd) sentAfterEnd += 1;
    }
    await storedAlerts(integration.id, sent);
    const alerts = await stack.sql<{ dedup_key: string; received_at: Date; incident_id: string | null; silenced_by: string | null }>(
      'select dedup_key, received_at, incident_id, silenced_by from alerts where integration_id = ? order by received_at',
      [integration.id],
    );
    const before = alerts.filter((alert) => new Date(alert.received_at).getTime() < endsAt);
    const after = alerts.filter((alert) => new Date(alert.received_at).getTime() >= endsAt);
    expect(before.length).toBeGreaterThan(0);
    expect(after.length).toBeGreaterThanOrEqual(10);
    for (const alert of before) expect(alert).toMatchObject({ silenced_by: silence.id, incident_id: null });
    for (const alert of after) expect(alert.silenced_by).toBeNull();
    // Each fingerprint's first alert after the end opened one incident; the rest appended to it.
    const incidents = await stack.sql<{ fingerprint: string; alert_count: number }>(
      'select fingerprint, alert_count from incidents where integration_id = ?',
      [integration.id],
    );
    const afterByKey = new Map<string, number>();
    for (const alert of after) afterByKey.set(alert.dedup_key, (afterByKey.get(alert.dedup_key) ?? 0) + 1);
    expect(new Map(incidents.map((incident) => [incident.fingerprint, incident.alert_count]))).toEqual(afterByKey);
  });

  it('an open incident records its muted alerts on its timeline, a resolved alert still resolves it, and expiring early unmutes at once', async () => {
    const owner = await registerOwner(stack.http, 'open');
    const integration = await createIntegration(stack.http, owner.token, 'metrics_alerts');
    const run = randomUUID().slice(0, 8);
    const fingerprint = `open${run}`;
    const labels = { alertname: 'OpenIncident', run };
    await send(integration, [{ fingerprint, status: 'firing', labels }]);
    await storedAlerts(integration.id, 1);
    const [incident] = await stack.sql<{ id: string }>('select id from incidents where integration_id = ?', [integration.id]);

    // The preview shows what a silence would catch, and changes nothing.
    const preview = async (matchers: string) =>
      (await stack.http.post('/api/v1/silences/preview').set(bearer(owner.token)).send({ matchers }).expect(200)).body.data;
    const caught = await preview(`{alertname="OpenIncident", run="${run}", severity="critical"}`);
    expect(caught).toMatchObject({ open_incidents_total: 1, recent_alerts_total: 1 });
    expect(caught.open_incidents[0].id).toBe(incident!.id);
    expect(caught.recent_alerts[0]).toMatchObject({ incident_id: incident!.id, silenced_by: null, labels: { run } });
    expect(await preview(`{alertname="OpenIncident", run!="${run}"}`)).toMatchObject({ open_incidents_total: 0, recent_alerts_total: 0 });
    expect(await preview(`{alertname="OpenIncident", run="${run}", severity=~"low|medium"}`)).toMatchObject({
      open_incidents_total: 0,
      recent_alerts_total: 0,
    });

    const silence = await createSilence(owner.token, {
      matchers: `{alertname="OpenIncident", run="${run}"}`,
      ends_at: new Date(Date.now() + 3_600_000).toISOString(),
      comment: 'known',
    });
    await send(integration, [
      { fingerprint, status: 'firing', labels },
      { fingerprint, status: 'firing', labels },
    ]);
    await storedAlerts(integration.id, 3);
    const detail = await stack.http.get(`/api/v1/incidents/${incident!.id}`).set(bearer(owner.token)).expect(200);
    expect(detail.body.data.alert_count).toBe(1);
    const silencedEntries = detail.body.data.timeline.filter((entry: { type: string }) => entry.type === 'alert_silenced');
    expect(silencedEntries).toHaveLength(1);
    expect(silencedEntries[0].data).toMatchObject({ silenced_by: silence.id, silenced_kind: 'silence' });
    expect(silencedEntries[0].data.alert_ids).toHaveLength(2);
    const muted = await stack.sql<{ incident_id: string; silenced_by: string }>(
      'select incident_id, silenced_by from alerts where integration_id = ? and silenced_by is not null',
      [integration.id],
    );
    expect(muted).toEqual([
      { incident_id: incident!.id, silenced_by: silence.id },
      { incident_id: incident!.id, silenced_by: silence.id },
    ]);

    await send(integration, [{ fingerprint, status: 'resolved', labels }]);
    await storedAlerts(integration.id, 4);
    const resolved = await stack.http.get(`/api/v1/incidents/${incident!.id}`).set(bearer(owner.token)).expect(200);
    expect(resolved.body.data.status).toBe('resolved');

    // Muted again while resolved: no new incident.
    await send(integration, [{ fingerprint, status: 'firing', labels }]);
    await storedAlerts(integration.id, 5);
    expect(await stack.sql('select id from incidents where integration_id = ?', [integration.id])).toHaveLength(1);

    // Expired early: the workers hear it (their cache would otherwise keep the silence for a minute).
    await stack.http.delete(`/api/v1/silences/${silence.id}`).set(bearer(owner.token)).expect(200);
    let stored = 5;
    const reopened = await waitFor(
      'a firing alert after the silence expired opens an incident',
      async () => {
        await send(integration, [{ fingerprint, status: 'firing', labels }]);
        stored += 1;
        await storedAlerts(integration.id, stored);
        const rows = await stack.sql<{ id: string }>(`select id from incidents where integration_id = ? and status <> 'resolved'`, [
          integration.id,
        ]);
        return rows[0];
      },
      { timeoutMs: 15_000, intervalMs: 100 },
    );
    expect(reopened.id).not.toBe(incident!.id);
    // Ending it early lost nothing: the alerts it muted are still stored and marked.
    const stillMarked = await stack.sql<{ n: number }>('select count(*)::int as n from alerts where silenced_by = ?', [silence.id]);
    expect(stillMarked[0]?.n).toBeGreaterThanOrEqual(3);
  });
});
