import { randomUUID } from 'node:crypto';
import { createApiKey } from '../helpers/api-keys.ts';
import { bearer } from '../helpers/members.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';

/**
 * GET /analytics on a hand-built history, Paris time (UTC+1 in January), range 2026-01-10 to
 * 2026-01-13 UTC:
 *   A critical infra_monitor I1: created 01-10 10:00, acknowledged +120 s, assigned +300 s,
 *     mitigated +900 s, resolved +1200 s; two alerts.
 *   B high apm I2: created 01-10 23:30 UTC (00:30 on the 11th in Paris), never acknowledged,
 *     assigned +240 s, resolved +7200 s; one alert.
 *   C high manual: created 01-11 12:00, acknowledged +360 s, still investigating.
 *   D low pager: created 01-05 (before the range), resolved 01-12 06:00 (in it).
 *   E medium: created and resolved before the range: never counted.
 *   F medium manual: created 01-12 20:00, acknowledged and resolved after the range.
 */
describe('analytics API (integration: real PostgreSQL)', () => {
  let stack: TestStack;
  let owner: Awaited<ReturnType<typeof registerOwner>>;
  const integrationOne = randomUUID();
  const integrationTwo = randomUUID();
  const range = 'from=2026-01-10T00:00:00Z&to=2026-01-13T00:00:00Z';
  const get = (query: string) => stack.http.get(`/api/v1/analytics?${query}`).set(bearer(owner.token));

  beforeAll(async () => {
    stack = await startTestStack();
    owner = await registerOwner(stack.http, 'analytics');
    await stack.http.patch('/api/v1/organization-settings').set(bearer(owner.token)).send({ timezone: 'Europe/Paris' }).expect(200);
    const org = owner.organization.id;
    const user = owner.user.id;
    const incident = (
      key: string,
      row: {
        severity: string;
        source: string;
        status: string;
        integration?: string;
        assignee?: string;
        created: string;
        ack?: string;
        assigned?: string;
        mitigated?: string;
        resolved?: string;
      },
    ) => [
      key,
      org,
      row.severity,
      row.source,
      row.status,
      row.integration ?? null,
      row.assignee ?? null,
      row.created,
      row.ack ?? null,
      row.assigned ?? null,
      row.mitigated ?? null,
      row.resolved ?? null,
    ];
    const rows = [
      incident('A', {
        severity: 'critical',
        source: 'infra_monitor',
        status: 'resolved',
        integration: integrationOne,
        assignee: user,
        created: '2026-01-10T10:00:00Z',
        ack: '2026-01-10T10:02:00Z',
        assigned: '2026-01-10T10:05:00Z',
        mitigated: '2026-01-10T10:15:00Z',
        resolved: '2026-01-10T10:20:00Z',
      }),
      incident('B', {
        severity: 'high',
        source: 'apm',
        status: 'resolved',
        integration: integrationTwo,
        assignee: user,
        created: '2026-01-10T23:30:00Z',
        assigned: '2026-01-10T23:34:00Z',
        resolved: '2026-01-11T01:30:00Z',
      }),
      incident('C', {
        severity: 'high',
        source: 'manual',
        status: 'investigating',
        created: '2026-01-11T12:00:00Z',
        ack: '2026-01-11T12:06:00Z',
      }),
      incident('D', {
        severity: 'low',
        source: 'pager',
        status: 'resolved',
        created: '2026-01-05T00:00:00Z',
        ack: '2026-01-05T01:00:00Z',
        resolved: '2026-01-12T06:00:00Z',
      }),
      incident('E', {
        severity: 'medium',
        source: 'manual',
        status: 'resolved',
        created: '2026-01-01T00:00:00Z',
        resolved: '2026-01-02T00:00:00Z',
      }),
      incident('F', {
        severity: 'medium',
        source: 'manual',
        status: 'resolved',
        created: '2026-01-12T20:00:00Z',
        ack: '2026-01-13T01:00:00Z',
        resolved: '2026-01-14T00:00:00Z',
      }),
    ];
    const connection = stack.orm.em.fork().getConnection();
    const ids = new Map<string, string>();
    for (const [key, ...values] of rows) {
      const [inserted] = await connection.execute<Array<{ id: string }>>(
        `insert into incidents (id, organization_id, title, severity, source, status, integration_id, assignee_id, created_at, updated_at, acknowledged_at, first_assigned_at, mitigated_at, resolved_at)
         values (gen_random_uuid(), ?, 'incident ${String(key)}', ?, ?, ?, ?, ?, ?, now(), ?, ?, ?, ?) returning id`,
        values,
      );
      ids.set(String(key), (inserted as { id: string }).id);
    }
    const alert = (incidentKey: string | null, severity: string, platform: string, integration: string, receivedAt: string) =>
      connection.execute(
        `insert into alerts (id, organization_id, integration_id, incident_id, platform, dedup_key, title, severity, status, raw, received_at, processed_at)
       values (gen_random_uuid(), ?, ?, ?, ?, 'key', 'alert', ?, 'firing', '{}', ?, now())`,
        [org, integration, incidentKey ? ids.get(incidentKey) : null, platform, severity, receivedAt],
      );
    await alert('A', 'critical', 'infra_monitor', integrationOne, '2026-01-10T10:00:00Z');
    await alert('A', 'critical', 'infra_monitor', integrationOne, '2026-01-10T10:01:00Z');
    await alert('B', 'high', 'apm', integrationTwo, '2026-01-10T23:30:00Z');
    await alert(null, 'high', 'apm', integrationTwo, '2026-01-09T12:00:00Z');
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const none = { mtta_seconds: null, mttm_seconds: null, mttr_seconds: null, p50_ttr_seconds: null, p90_ttr_seconds: null };

  it('totals: counts, means over incidents that reached each state, TTR percentiles, alerts', async () => {
    const { body } = await get(range).expect(200);
    expect(body.data.range).toEqual({ from: '2026-01-10T00:00:00.000Z', to: '2026-01-13T00:00:00.000Z' });
    expect(body.data.timezone).toBe('Europe/Paris');
    expect(body.data.totals).toEqual({
      incidents_created: 4,
      incidents_resolved: 3,
      open_at_end: 2,
      mtta_seconds: 240,
      mttm_seconds: 900,
      mttr_seconds: 4200,
      p50_ttr_seconds: 4200,
      p90_ttr_seconds: 6600,
      alerts_received: 3,
    });
    expect(body.data.groups).toEqual([]);
  });

  it('series: days start at Paris midnight, so 23:30 UTC lands in the next day; open counts carry over', async () => {
    const { body } = await get(`${range}&interval=day`).expect(200);
    expect(body.data.series).toEqual([
      {
        bucket_start: '2026-01-09T23:00:00.000Z',
        incidents_created: 1,
        incidents_resolved: 1,
        open_at_end: 1,
        mtta_seconds: 120,
        mttm_seconds: 900,
        mttr_seconds: 1200,
        p50_ttr_seconds: 1200,
        p90_ttr_seconds: 1200,
        alerts_received: 2,
      },
      {
        bucket_start: '2026-01-10T23:00:00.000Z',
        incidents_created: 2,
        incidents_resolved: 1,
        open_at_end: 2,
        mtta_seconds: 300,
        mttm_seconds: null,
        mttr_seconds: 7200,
        p50_ttr_seconds: 7200,
        p90_ttr_seconds: 7200,
        alerts_received: 1,
      },
      {
        bucket_start: '2026-01-11T23:00:00.000Z',
        incidents_created: 1,
        incidents_resolved: 1,
        open_at_end: 2,
        ...none,
        alerts_received: 0,
      },
      {
        bucket_start: '2026-01-12T23:00:00.000Z',
        incidents_created: 0,
        incidents_resolved: 0,
        open_at_end: 2,
        ...none,
        alerts_received: 0,
      },
    ]);
  });

  it('series in UTC, by week and by month', async () => {
    await stack.http.patch('/api/v1/organization-settings').set(bearer(owner.token)).send({ timezone: 'UTC' }).expect(200);
    try {
      const days = (await get(`${range}&interval=day`).expect(200)).body.data.series;
      expect(
        days.map((bucket: { bucket_start: string; incidents_created: number }) => [bucket.bucket_start, bucket.incidents_created]),
      ).toEqual([
        ['2026-01-10T00:00:00.000Z', 2],
        ['2026-01-11T00:00:00.000Z', 1],
        ['2026-01-12T00:00:00.000Z', 1],
      ]);
      // 2026-01-10 is a Saturday: its week starts Monday the 5th, the next on the 12th.
      const weeks = (await get(`${range}&interval=week`).expect(200)).body.data.series;
      expect(
        weeks.map((bucket: { bucket_start: string; incidents_created: number; open_at_end: number }) => [
          bucket.bucket_start,
          bucket.incidents_created,
          bucket.open_at_end,
        ]),
      ).toEqual([
        ['2026-01-05T00:00:00.000Z', 3, 2],
        ['2026-01-12T00:00:00.000Z', 1, 2],
      ]);
      const months = (await get(`${range}&interval=month`).expect(200)).body.data.series;
      expect(months).toEqual([
        expect.objectContaining({
          bucket_start: '2026-01-01T00:00:00.000Z',
          incidents_created: 4,
          incidents_resolved: 3,
          open_at_end: 2,
          mtta_seconds: 240,
        }),
      ]);
    } finally {
      await stack.http.patch('/api/v1/organization-settings').set(bearer(owner.token)).send({ timezone: 'Europe/Paris' }).expect(200);
    }
  });

  it.each([
    [
      'severity',
      [
        {
          key: 'high',
          incidents_created: 2,
          incidents_resolved: 1,
          open_at_end: 1,
          mtta_seconds: 300,
          mttm_seconds: null,
          mttr_seconds: 7200,
          p50_ttr_seconds: 7200,
          p90_ttr_seconds: 7200,
          alerts_received: 1,
        },
        {
          key: 'critical',
          incidents_created: 1,
          incidents_resolved: 1,
          open_at_end: 0,
          mtta_seconds: 120,
          mttm_seconds: 900,
          mttr_seconds: 1200,
          p50_ttr_seconds: 1200,
          p90_ttr_seconds: 1200,
          alerts_received: 2,
        },
        { key: 'medium', incidents_created: 1, incidents_resolved: 0, open_at_end: 1, ...none, alerts_received: 0 },
        { key: 'low', incidents_created: 0, incidents_resolved: 1, open_at_end: 0, ...none, alerts_received: 0 },
      ],
    ],
    [
      'source',
      [
        {
          key: 'manual',
          incidents_created: 2,
          incidents_resolved: 0,
          open_at_end: 2,
          mtta_seconds: 360,
          mttm_seconds: null,
          mttr_seconds: null,
          p50_ttr_seconds: null,
          p90_ttr_seconds: null,
          alerts_received: 0,
        },
        {
          key: 'infra_monitor',
          incidents_created: 1,
          incidents_resolved: 1,
          open_at_end: 0,
          mtta_seconds: 120,
          mttm_seconds: 900,
          mttr_seconds: 1200,
          p50_ttr_seconds: 1200,
          p90_ttr_seconds: 1200,
          alerts_received: 2,
        },
        {
          key: 'apm',
          incidents_created: 1,
          incidents_resolved: 1,
          open_at_end: 0,
          mtta_seconds: 240,
          mttm_seconds: null,
          mttr_seconds: 7200,
          p50_ttr_seconds: 7200,
          p90_ttr_seconds: 7200,
          alerts_received: 1,
        },
        { key: 'pager', incidents_created: 0, incidents_resolved: 1, open_at_end: 0, ...none, alerts_received: 0 },
      ],
    ],
  ])('group_by=%s', async (groupBy, expected) => {
    const { body } = await get(`${range}&group_by=${groupBy}`).expect(200);
    expect(body.data.group_by).toBe(groupBy);
    expect(body.data.groups).toEqual(expected);
  });

  it('group_by integration, assignee and status (null keys for none)', async () => {
    const summary = async (groupBy: string) =>
      (
        (await get(`${range}&group_by=${groupBy}`).expect(200)).body.data.groups as Array<{
          key: string | null;
          incidents_created: number;
          alerts_received: number;
        }>
      ).map((group) => [group.key, group.incidents_created, group.alerts_received]);
    expect(await summary('integration')).toEqual([
      [null, 2, 0],
      [integrationOne, 1, 2],
      [integrationTwo, 1, 1],
    ]);
    expect(await summary('assignee')).toEqual([
      [owner.user.id, 2, 3],
      [null, 2, 0],
    ]);
    expect(await summary('status')).toEqual([
      ['resolved', 3, 3],
      ['investigating', 1, 0],
    ]);
  });

  it('filters by severity, source and integration', async () => {
    expect((await get(`${range}&severity=high`).expect(200)).body.data.totals).toMatchObject({
      incidents_created: 2,
      incidents_resolved: 1,
      open_at_end: 1,
      alerts_received: 1,
    });
    expect((await get(`${range}&source=manual`).expect(200)).body.data.totals).toMatchObject({
      incidents_created: 2,
      open_at_end: 2,
      mttr_seconds: null,
      alerts_received: 0,
    });
    expect((await get(`${range}&integration_id=${integrationOne}`).expect(200)).body.data.totals).toMatchObject({
      incidents_created: 1,
      mttr_seconds: 1200,
      alerts_received: 2,
    });
  });

  it('sees nothing of another organization', async () => {
    const stranger = await registerOwner(stack.http, 'stranger');
    const { body } = await stack.http.get(`/api/v1/analytics?${range}`).set(bearer(stranger.token)).expect(200);
    expect(body.data.totals).toEqual({ incidents_created: 0, incidents_resolved: 0, open_at_end: 0, ...none, alerts_received: 0 });
  });

  it.each([
    ['group_by=team', 'query.group_by'],
    ['interval=year', 'query.interval'],
    ['severity=urgent', 'query.severity'],
    ['integration_id=abc', 'query.integration_id'],
    ['from=yesterday', 'query.from'],
    ['from=2026-01-13&to=2026-01-10', 'query.from'],
    ['from=2020-01-01&to=2026-01-10', 'query.to'],
  ])('%s is a 422', async (query, path) => {
    const { body } = await get(query).expect(422);
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.errors.map((error: { path: string }) => error.path)).toContain(path);
  });

  it('needs analytics:read', async () => {
    const key = await createApiKey(stack.http, owner.token, { name: 'incidents only', permissions: ['incidents:read'] });
    await stack.http.get(`/api/v1/analytics?${range}`).set('X-API-Key', key.api_key).expect(403);
  });

  it('stamps the first mitigation and assignment when incidents change over the API', async () => {
    const created = await stack.http.post('/api/v1/incidents').set(bearer(owner.token)).send({ title: 'Live' }).expect(201);
    const id = created.body.data.id;
    await stack.http
      .patch(`/api/v1/incidents/${id}`)
      .set(bearer(owner.token))
      .send({ status: 'mitigated', assignee_id: owner.user.id })
      .expect(200);
    await stack.http.patch(`/api/v1/incidents/${id}`).set(bearer(owner.token)).send({ status: 'resolved', assignee_id: null }).expect(200);
    const [row] = await stack.orm.em
      .fork()
      .getConnection()
      .execute<Array<{ mitigated: boolean; assigned: boolean }>>(
        'select mitigated_at is not null as mitigated, first_assigned_at is not null as assigned from incidents where id = ?',
        [id],
      );
    expect(row).toEqual({ mitigated: true, assigned: true });
    const today = new Date();
    const { body } = await get(
      `from=${new Date(today.getTime() - 3_600_000).toISOString()}&to=${new Date(today.getTime() + 60_000).toISOString()}`,
    ).expect(200);
    // Open at the end: only C of the hand-built history, still investigating since January.
    expect(body.data.totals).toMatchObject({ incidents_created: 1, incidents_resolved: 1, open_at_end: 1 });
    expect(body.data.totals.mttm_seconds).toEqual(expect.any(Number));
    expect(body.data.totals.mtta_seconds).toEqual(expect.any(Number));
  });
});
