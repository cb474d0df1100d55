// The storm's parts shared by `bench:ingest` and `bench:ingest:silences`: an organization with a
// signed metrics_alerts webhook, one alert sent as Alertmanager would, and polling with a deadline.
import { createHmac } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type pg from 'pg';
import { call, registerOwner } from './production-stack.ts';

/** The storm's size, one definition so that the silences benchmark measures the storm of `bench:ingest`. */
export const STORM_ALERTS = Number(process.env.BENCH_STORM_ALERTS ?? 10_000);
export const FINGERPRINTS = Number(process.env.BENCH_FINGERPRINTS ?? 100);
export const SENDERS = Number(process.env.BENCH_SENDERS ?? 50);

export interface Webhook {
  url: string;
  secret: string;
  token: string;
  organizationId: string;
  /** The organization's owner. */
  userId: string;
}

export async function createWebhook(baseUrl: string, label: string): Promise<Webhook> {
  const owner = await registerOwner(baseUrl, label);
  const secret = `bench-secret-${label}-0123456789abcdef`;
  const created = await call<{ data: { id: string } }>(baseUrl, 'POST', '/api/v1/integrations', {
    token: owner.token,
    body: { name: label, platform: 'metrics_alerts', secret },
    expect: 201,
  });
  return {
    url: `${baseUrl}/api/v1/webhooks/metrics_alerts/${created.data.id}`,
    secret,
    token: owner.token,
    organizationId: owner.organizationId,
    userId: owner.userId,
  };
}

/** Groups of the storm's fingerprints: label `shard` (fingerprint index mod this) for the grouped storm. */
export const STORM_SHARDS = Number(process.env.BENCH_SHARDS ?? 10);

/** One firing alert, signed as Alertmanager's webhook sender would; `shard` labels its group. */
export async function send(webhook: Webhook, fingerprint: string, summary: string, shard = '0'): Promise<number> {
  const body = JSON.stringify({
    version: '4',
    status: 'firing',
    alerts: [
      {
        status: 'firing',
        labels: { alertname: 'BenchAlert', instance: fingerprint, severity: 'warning', shard },
        annotations: { summary },
        fingerprint,
      },
    ],
  });
  const signature = `sha256=${createHmac('sha256', webhook.secret).update(body).digest('hex')}`;
  const response = await fetch(webhook.url, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', 'x-metrics-alerts-signature': signature },
  });
  await response.arrayBuffer();
  return response.status;
}

export async function poll<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined) return value;
    await delay(100);
  }
  throw new Error(`${what}: not reached within ${timeoutMs} ms`);
}

/**
 * `alerts` alerts over `fingerprints` fingerprints from `senders` concurrent senders that retry on
 * 5xx, as fast as accepted; then until the organization's incidents hold every alert.
 */
export async function sendStorm(
  webhook: Webhook,
  db: pg.Client,
  options: { alerts: number; fingerprints: number; senders: number; drainTimeoutMs: number },
): Promise<{
  acceptLatency: number[];
  retries: number;
  sendSeconds: number;
  firstSendAt: number;
  drained: { at: number; incidents: number; alerts: number };
}> {
  const acceptLatency: number[] = [];
  let next = 0;
  let retries = 0;
  const started = performance.now();
  const firstSendAt = Date.now();
  await Promise.all(
    Array.from({ length: options.senders }, async () => {
      for (let i = next++; i < options.alerts; i = next++) {
        const t0 = performance.now();
        // Senders retry until accepted, as monitoring platforms do on 5xx and connection errors.
        for (let attempt = 0; ; attempt++) {
          const fingerprint = i % options.fingerprints;
          const shard = String(fingerprint % STORM_SHARDS);
          const status = await send(webhook, `storm${String(fingerprint).padStart(4, '0')}`, `storm alert ${i}`, shard).catch(() => 0);
          if (status === 200) break;
          if (status !== 0 && status < 500 && status !== 429) throw new Error(`webhook answered ${status}`);
          retries += 1;
          await delay(Math.min(1000, 50 * 2 ** attempt));
        }
        acceptLatency.push(performance.now() - t0);
      }
    }),
  );
  const sendSeconds = (performance.now() - started) / 1000;
  const drained = await poll(
    'storm drain',
    async () => {
      const { rows } = await db.query<{ incidents: string; alerts: string | null }>(
        'select count(*) as incidents, sum(alert_count) as alerts from incidents where organization_id = $1',
        [webhook.organizationId],
      );
      const row = rows[0];
      return row && Number(row.alerts) >= options.alerts
        ? { at: Date.now(), incidents: Number(row.incidents), alerts: Number(row.alerts) }
        : undefined;
    },
    options.drainTimeoutMs,
  );
  return { acceptLatency, retries, sendSeconds, firstSendAt, drained };
}
