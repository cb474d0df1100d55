import { expect, jest } from '@jest/globals';
import { waitFor } from '../../dev/wait-for.ts';
import { startFakeNtfy, type FakeNtfy, type NtfyMessage } from '../helpers/fake-ntfy.ts';
import { startFaultStack, type FaultStack } from './fault-stack.ts';
import { startStorm } from './storm.ts';

jest.setTimeout(15 * 60_000);

async function call<T>(stack: FaultStack, method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(`${stack.baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

interface PageView {
  method: string;
  status: string;
  error: string | null;
  attempts: number;
  resent_at: string | null;
  sent_at: string | null;
}

const isPage = (message: NtfyMessage, topic: string) => message.topic === topic && !message.title?.includes('verification code');

/**
 * A page is claimed (`sending`) before its channel is called, and recorded after. A worker killed
 * between the two leaves the page `sending`: the escalation's retry must send it again once the
 * claim's lease ran out (a duplicate beats a silence) and mark the resend on the page. Each case
 * pages one member by push through a local ntfy (its own topic), with the worker SIGKILLed at a
 * point the fake ntfy marks: after it accepted the push, or while the push was not yet accepted.
 */
describe('fault: the worker killed around a page send (push through ntfy)', () => {
  let stack: FaultStack;
  let ntfy: FakeNtfy;
  let failed = false;

  beforeAll(async () => {
    ntfy = await startFakeNtfy();
    stack = await startFaultStack({
      scenario: 'page-send',
      elasticsearch: false,
      // The fake ntfy listens on loopback, which the outbound guard refuses otherwise.
      env: { OUTBOUND_ALLOW_PRIVATE: 'true' },
      log: process.env.FAULTS_VERBOSE === '1' ? (line) => process.stderr.write(`${line}\n`) : undefined,
    });
  });
  afterAll(async () => {
    expect({ unexpectedExits: stack?.unexpectedExits }).toEqual({ unexpectedExits: [] });
    await stack?.stop({ keepLogs: failed });
    await ntfy?.stop();
  });
  const keepLogsOnFailure = async (run: () => Promise<unknown>) => {
    try {
      await run();
    } catch (error) {
      failed = true;
      process.stdout.write(
        `\n── page-send fault FAILED; process output kept in ${stack.logFile}; last lines:\n${stack.recentOutput().split('\n').slice(-60).join('\n')}\n`,
      );
      throw error;
    }
  };

  /** An organization whose owner is paged by push on `topic` at once, at level 1 of its default policy. */
  async function pushPagedOrganization(label: string, topic: string) {
    const email = `${label}@faults.example.test`;
    const password = 'correct horse battery staple';
    await call(stack, 'POST', '/api/v1/auth/register', { email, password, name: 'Faults', organization_name: `faults ${label}` });
    const { access_token: token } = await call<{ access_token: string }>(stack, 'POST', '/api/v1/auth/login', { email, password });
    const { data: me } = await call<{ data: { id: string } }>(stack, 'GET', '/api/v1/auth/me', undefined, token);
    const { data: method } = await call<{ data: { id: string } }>(
      stack,
      'POST',
      '/api/v1/users/me/contact-methods',
      { type: 'push', topic, server_url: ntfy.url },
      token,
    );
    const code = /code is (\d{6})/.exec(ntfy.messages.filter((message) => message.topic === topic).at(-1)?.message ?? '')?.[1];
    await call(stack, 'POST', `/api/v1/users/me/contact-methods/${method.id}/verify`, { code }, token);
    await call(stack, 'POST', '/api/v1/users/me/notification-rules', { contact_method_id: method.id, delay_minutes: 0 }, token);
    await call(
      stack,
      'POST',
      '/api/v1/escalation-policies',
      { name: 'Once', is_default: true, levels: [{ targets: [{ type: 'user', id: me.id }], delay_minutes: 60 }] },
      token,
    );
    const secret = `faults-${label}-secret-0123456789abcdef`;
    const { data: integration } = await call<{ data: { id: string } }>(
      stack,
      'POST',
      '/api/v1/integrations',
      { name: label, platform: 'metrics_alerts', secret },
      token,
    );
    return { token, integrationId: integration.id, secret };
  }

  /** Fires one alert, runs `fault` (which kills the worker), starts the worker again; returns the incident's push page once recorded. */
  async function pageThrough(label: string, topic: string, fault: () => Promise<void>) {
    const org = await pushPagedOrganization(label, topic);
    const storm = startStorm({
      webhookUrl: `${stack.baseUrl}/api/v1/webhooks/metrics_alerts/${org.integrationId}`,
      secret: org.secret,
      alerts: 1,
      senders: 1,
      fingerprints: 1,
      ratePerSecond: 1,
      deadlineMs: 60_000,
    });
    expect((await storm.report).alerts[0]?.acknowledgedAt).toBeDefined();
    await fault();
    expect(stack.worker.isUp()).toBe(false);
    await stack.worker.start();
    const [incident] = await stack.sql<{ id: string }>('select id from incidents where integration_id = $1', [org.integrationId]);
    const incidentId = (incident as { id: string }).id;
    // The claim's lease (30 s) runs out, the escalation's retry claims the page again and sends it.
    const page = await waitFor(
      'the push page recorded',
      async () => {
        const { data } = await call<{ data: { pages: PageView[] } }>(
          stack,
          'GET',
          `/api/v1/incidents/${incidentId}/escalation`,
          undefined,
          org.token,
        );
        const push = data.pages.find((each) => each.method === 'push');
        return push && push.status !== 'sending' ? push : undefined;
      },
      { timeoutMs: 180_000, intervalMs: 500 },
    );
    const pushes = ntfy.messages.filter((message) => isPage(message, topic));
    process.stdout.write(`\n── fault: ${label} ──\n${JSON.stringify({ page, pushes: pushes.map((push) => push.title) })}\n`);
    return { page, pushes };
  }

  it('killed after ntfy accepted the push, before the page was recorded: sent again, marked resent', async () => {
    const topic = 'faults-after-send';
    let killed = false;
    const sentThenKilled = new Promise<void>((resolve) => {
      ntfy.onAccepted(async (message) => {
        if (killed || !isPage(message, topic)) return;
        killed = true;
        // The push is accepted; the worker dies before it hears so, let alone records it.
        await stack.worker.kill();
        resolve();
      });
    });
    await keepLogsOnFailure(async () => {
      const { page, pushes } = await pageThrough('page-send-after', topic, () => sentThenKilled);
      expect(page).toMatchObject({ status: 'sent', error: null, attempts: 2 });
      expect(page.resent_at).not.toBeNull();
      expect(page.sent_at).not.toBeNull();
      // A duplicate rather than a silence: the first push and the resend, which says so.
      expect(pushes).toHaveLength(2);
      expect(pushes[1]?.title).toMatch(/^\[RESENT\] /);
      expect(pushes[0]?.title).not.toMatch(/RESENT/);
    });
    ntfy.onAccepted(() => {});
  });

  it('killed while the push was not yet accepted: sent once the worker is back, marked resent', async () => {
    const topic = 'faults-before-send';
    let arrived: () => void = () => {};
    const pushArrived = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    // The push reaches ntfy but is never accepted: the page is claimed and its send not done.
    ntfy.hangWhile((message) => {
      if (!isPage(message, topic)) return false;
      arrived();
      return true;
    });
    await keepLogsOnFailure(async () => {
      const { page, pushes } = await pageThrough('page-send-before', topic, async () => {
        await pushArrived;
        ntfy.hangWhile(() => false);
        await stack.worker.kill();
        await ntfy.releaseHanging();
      });
      expect(page).toMatchObject({ status: 'sent', error: null, attempts: 2 });
      expect(page.resent_at).not.toBeNull();
      // Nothing was accepted before the kill: the one accepted push is the resend.
      expect(pushes).toHaveLength(1);
      expect(pushes[0]?.title).toMatch(/^\[RESENT\] /);
    });
  });
});
