import { randomUUID } from 'node:crypto';
import { waitFor } from '../../dev/wait-for.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';
import { createIntegration, postSigned } from '../helpers/webhooks.ts';

type Status = 'firing' | 'resolved';
type Sent = { fingerprint: string; status: Status };

const SENDERS = 20;
const FINGERPRINTS = 20;

const alertOf = ({ fingerprint, status }: Sent, index: number) => ({
  status,
  labels: { alertname: 'StormTest', instance: `host-${fingerprint}:9100`, severity: index % 3 === 0 ? 'critical' : 'warning' },
  annotations: { summary: `storm ${fingerprint}` },
  fingerprint,
});

/**
 * What the incidents must be after the alerts were applied in this order: per fingerprint, the
 * alert_count of each incident, oldest first (firing appends to the open one or opens one; a
 * resolved alert closes it). Alerts within one phase are all firing, so their interleaving under
 * concurrency does not change the outcome; phases are sent one after the other.
 */
function expectedIncidents(sent: Sent[]): Map<string, { counts: number[]; open: boolean }> {
  const model = new Map<string, { counts: number[]; open: boolean }>();
  for (const { fingerprint, status } of sent) {
    const state = model.get(fingerprint) ?? { counts: [], open: false };
    if (status === 'firing') {
      if (state.open) state.counts[state.counts.length - 1] = (state.counts.at(-1) as number) + 1;
      else state.counts.push(1);
      state.open = true;
    } else {
      state.open = false;
    }
    model.set(fingerprint, state);
  }
  return model;
}

describe('alert storm (integration: HTTP + real Temporal + worker + PostgreSQL)', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ worker: true, env: { RATE_LIMIT_WEBHOOK_PER_HOUR: '1000000' } });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('2,000 alerts from 20 concurrent senders, with batched payloads and a resolve wave, are counted exactly once', async () => {
    const owner = await registerOwner(stack.http, 'storm');
    const integration = await createIntegration(stack.http, owner.token, 'metrics_alerts');
    const run = randomUUID().slice(0, 8);
    const fp = (index: number) => `storm${run}-${index % FINGERPRINTS}`;
    const sent: Sent[] = [];
    // Each payload is a distinct delivery; identical bodies within the dedup window would be one retried.
    let deliveries = 0;

    /** Sends the payloads from SENDERS concurrent senders, each answered 200 before its next. */
    const storm = async (payloads: Sent[][]) => {
      let next = 0;
      await Promise.all(
        Array.from({ length: SENDERS }, async () => {
          while (next < payloads.length) {
            const payload = payloads[next++] as Sent[];
            const body = { version: '4', groupKey: `storm-${(deliveries += 1)}`, status: payload[0]?.status, alerts: payload.map(alertOf) };
            const response = await postSigned(stack.http, 'metrics_alerts', integration, body);
            expect(response.status).toBe(200);
            expect(response.body.data.alerts).toBe(payload.length);
          }
        }),
      );
      sent.push(...payloads.flat());
    };
    const countedSoFar = () =>
      waitFor(
        'every firing alert counted',
        async () => {
          const firing = sent.filter((alert) => alert.status === 'firing').length;
          const [row] = await stack.sql<{ sum: number; alerts: number }>(
            `select coalesce((select sum(alert_count) from incidents where integration_id = ?), 0)::int as sum,
                  (select count(*) from alerts where integration_id = ?)::int as alerts`,
            [integration.id, integration.id],
          );
          return row?.sum === firing && row.alerts === sent.length ? row : undefined;
        },
        { timeoutMs: 120_000, intervalMs: 250 },
      );

    // Phase 1: firing only. Every fifth payload carries five alerts, two of them the same fingerprint.
    const firingWave: Sent[][] = [];
    for (let k = 0, total = 0; total < 1500; k += 1) {
      const payload: Sent[] =
        k % 5 === 0
          ? [fp(k), fp(k), fp(k + 1), fp(k + 2), fp(k + 3)].map((fingerprint) => ({ fingerprint, status: 'firing' as const }))
          : [{ fingerprint: fp(k * 7), status: 'firing' }];
      firingWave.push(payload);
      total += payload.length;
    }
    await storm(firingWave);
    await countedSoFar();

    // Phase 2: fingerprints 0-4 are resolved; 5-9 get, in one payload, an alert appended to the
    // open incident, the resolve, then two alerts that open the next incident.
    await storm([
      ...[0, 1, 2, 3, 4].map((index): Sent[] => [{ fingerprint: fp(index), status: 'resolved' }]),
      ...[5, 6, 7, 8, 9].map((index): Sent[] =>
        (['firing', 'resolved', 'firing', 'firing'] as const).map((status) => ({ fingerprint: fp(index), status })),
      ),
    ]);
    await countedSoFar();
    await waitFor(
      'the resolve wave',
      async () => {
        const [row] = await stack.sql<{ n: number }>(
          `select count(*)::int as n from incidents where integration_id = ? and status = 'resolved'`,
          [integration.id],
        );
        return row?.n === 10 ? true : undefined;
      },
      { timeoutMs: 60_000 },
    );

    // Phase 3: firing again over every fingerprint; 0-4 open new incidents, the rest append.
    const secondWave: Sent[][] = Array.from({ length: 475 }, (_, k): Sent[] => [{ fingerprint: fp(k * 3), status: 'firing' }]);
    await storm(secondWave);
    expect(sent.length).toBeGreaterThanOrEqual(2000);
    await countedSoFar();

    const expected = expectedIncidents(sent);
    const incidents = await stack.sql<{ id: string; fingerprint: string; status: string; alert_count: number; firing: number }>(
      `select i.id, i.fingerprint, i.status, i.alert_count,
              (select count(*) from alerts a where a.incident_id = i.id and a.status = 'firing')::int as firing
       from incidents i where i.integration_id = ? order by i.created_at`,
      [integration.id],
    );
    const firing = sent.filter((alert) => alert.status === 'firing').length;
    expect(incidents).toHaveLength([...expected.values()].reduce((sum, state) => sum + state.counts.length, 0));
    expect(incidents).toHaveLength(FINGERPRINTS + 10);
    expect(incidents.reduce((sum, incident) => sum + incident.alert_count, 0)).toBe(firing);
    // No incident counted twice: each count is exactly the firing alerts stored against it.
    for (const incident of incidents) expect(incident.alert_count).toBe(incident.firing);
    for (const [fingerprint, state] of expected) {
      const mine = incidents.filter((incident) => incident.fingerprint === fingerprint);
      expect({ fingerprint, counts: mine.map((incident) => incident.alert_count) }).toEqual({ fingerprint, counts: state.counts });
      expect(mine.filter((incident) => incident.status !== 'resolved')).toHaveLength(state.open ? 1 : 0);
    }

    const [alerts] = await stack.sql<{ n: number; distinct_ids: number }>(
      'select count(*)::int as n, count(distinct id)::int as distinct_ids from alerts where integration_id = ?',
      [integration.id],
    );
    expect(alerts).toEqual({ n: sent.length, distinct_ids: sent.length });
    const [received] = await stack.sql<{ n: number; distinct_alerts: number }>(
      `select count(*)::int as n, count(distinct data->>'alert_id')::int as distinct_alerts from domain_events
       where type = 'alert.received' and incident_id in (select id from incidents where integration_id = ?)`,
      [integration.id],
    );
    expect(received).toEqual({ n: firing, distinct_alerts: firing });

    // Liveness is written by the coalescer within about a second, not per alert.
    await waitFor(
      'integration liveness',
      async () => {
        const [row] = await stack.sql<{ status: string; last_alert_at: Date | null }>(
          'select status, last_alert_at from integrations where id = ?',
          [integration.id],
        );
        return row?.status === 'connected' && row.last_alert_at ? row : undefined;
      },
      { timeoutMs: 10_000 },
    );
  });
});
