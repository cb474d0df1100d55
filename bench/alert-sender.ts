// Signed metrics_alerts webhooks for the benchmarks, as Alertmanager's webhook sender sends them.
import { createHmac } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { call, registerOwner } from './production-stack.ts';

export interface Webhook {
  url: string;
  secret: string;
  token: string;
  organizationId: string;
  /** The organization's owner. */
  userId: string;
}

/** A new organization and a metrics_alerts integration in it. */
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

/** One firing alert, signed as Alertmanager's webhook sender would. */
export async function send(webhook: Webhook, fingerprint: string, summary: string): Promise<number> {
  const body = JSON.stringify({
    version: '4',
    status: 'firing',
    alerts: [
      {
        status: 'firing',
        labels: { alertname: 'BenchAlert', instance: fingerprint, severity: 'warning' },
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

/** Polls `probe` every 100 ms until it gives a value; throws after `timeoutMs`. */
export async function poll<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 300_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined) return value;
    await delay(100);
  }
  throw new Error(`${what}: not reached within ${timeoutMs} ms`);
}
