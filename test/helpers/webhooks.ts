import { createHmac, randomUUID } from 'node:crypto';
import { waitFor } from '../../dev/wait-for.ts';
import type { TestStack } from './stack.ts';

/** Signs like a sender: `sha256=<hex HMAC-SHA256 of the raw body>` (pager: `v1=`), computed here independently. */
export function signatureFor(platform: string, secret: string, body: string): { name: string; value: string } {
  const hex = createHmac('sha256', secret).update(body).digest('hex');
  const name = `X-${platform
    .split('_')
    .map((part) => part[0]?.toUpperCase() + part.slice(1))
    .join('-')}-Signature`;
  return { name, value: `${platform === 'pager' ? 'v1' : 'sha256'}=${hex}` };
}

export async function createIntegration(
  http: TestStack['http'],
  token: string,
  platform: string,
  secret = `secret-${platform}-0123456789abcdef`,
) {
  const response = await http
    .post('/api/v1/integrations')
    .set('Authorization', `Bearer ${token}`)
    .send({ name: `${platform} integration`, platform, secret })
    .expect(201);
  return { id: response.body.data.id as string, secret, webhookUrl: response.body.data.webhook_url as string };
}

export function postSigned(http: TestStack['http'], platform: string, integration: { id: string; secret: string }, payload: unknown) {
  const body = JSON.stringify(payload);
  const signature = signatureFor(platform, integration.secret, body);
  return http
    .post(`/api/v1/webhooks/${platform}/${integration.id}`)
    .set('Content-Type', 'application/json')
    .set(signature.name, signature.value)
    .send(body);
}

let sentBodies = 0;

/**
 * An Alertmanager v4 body with one alert. Every call is a new notification (its own `startsAt`,
 * as a real firing after a resolve has): identical bodies within the dedup window are one
 * delivery retried. A test retrying a delivery posts the same body again.
 */
export function alertmanagerBody(fingerprint: string, status: 'firing' | 'resolved', summary = 'web-1 is down') {
  sentBodies += 1;
  return {
    version: '4',
    status,
    alerts: [
      {
        status,
        labels: { alertname: 'InstanceDown', instance: 'web-1:9100', job: 'node', severity: 'critical' },
        annotations: { summary },
        startsAt: new Date(Date.UTC(2026, 0, 1) + sentBodies * 1000).toISOString(),
        fingerprint,
      },
    ],
  };
}

/**
 * Fires one Alertmanager alert about a fresh host (`<prefix>-<random>`, in its title) through the
 * integration and waits for the incident it opens, as `token` lists it.
 */
export async function openAlertIncident<T extends { id: string; title: string } = { id: string; title: string }>(
  http: TestStack['http'],
  token: string,
  integration: { id: string; secret: string },
  prefix: string,
): Promise<T> {
  const host = `${prefix}-${randomUUID().slice(0, 8)}`;
  await postSigned(http, 'metrics_alerts', integration, alertmanagerBody(host, 'firing', `${host} is down`)).expect(200);
  return waitFor(
    'the alert opened an incident',
    async () => {
      const list = (await http.get('/api/v1/incidents?limit=100').set('Authorization', `Bearer ${token}`).expect(200)).body.data as T[];
      return list.find((candidate) => candidate.title.includes(host));
    },
    { timeoutMs: 30_000, intervalMs: 100 },
  );
}
