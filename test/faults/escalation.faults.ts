import { expect, jest } from '@jest/globals';
import { setTimeout as delay } from 'node:timers/promises';
import { waitFor } from '../../dev/wait-for.ts';
import { startFaultStack, type FaultStack, type Restartable } from './fault-stack.ts';
import { startStorm } from './storm.ts';

jest.setTimeout(15 * 60_000);

/** How late the next level may be paged after its due time, across the fault. */
const LATE_BOUND_MS = 5_000;

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

interface Escalation {
  running: boolean;
  level: number | null;
  next_escalation_at: string | null;
  pages: Array<{ level: number; round: number; status: string; created_at: string }>;
}

/**
 * An escalation is a durable timer chain: a part of the stack taken down while it waits delays
 * nothing. Each case opens an incident on a policy paging the owner at level 1 and again at level 2
 * after `delayMinutes`, takes `target` down during the wait, brings it back, and requires level 2
 * paged within LATE_BOUND_MS of its due time, each page (and its mail) exactly once.
 */
async function escalationSurvives(
  stack: FaultStack,
  label: string,
  target: Restartable,
  delayMinutes: number,
): Promise<Record<string, unknown>> {
  const email = `${label}@faults.example.test`;
  const password = 'correct horse battery staple';
  await call(stack, 'POST', '/api/v1/auth/register', { email, password, name: 'Faults', organization_name: `faults ${label}` });
  const { access_token: token } = await call<{ access_token: string }>(stack, 'POST', '/api/v1/auth/login', { email, password });
  const { data: me } = await call<{ data: { id: string } }>(stack, 'GET', '/api/v1/auth/me', undefined, token);
  await call(
    stack,
    'POST',
    '/api/v1/escalation-policies',
    {
      name: 'Twice',
      is_default: true,
      levels: [
        { targets: [{ type: 'user', id: me.id }], delay_minutes: delayMinutes },
        // Long, so the case ends by acknowledgement, not by the chain.
        { targets: [{ type: 'user', id: me.id }], delay_minutes: 60 },
      ],
    },
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
  const storm = startStorm({
    webhookUrl: `${stack.baseUrl}/api/v1/webhooks/metrics_alerts/${integration.id}`,
    secret,
    alerts: 1,
    senders: 1,
    fingerprints: 1,
    ratePerSecond: 1,
    deadlineMs: 60_000,
  });
  expect((await storm.report).alerts[0]?.acknowledgedAt).toBeDefined();
  const [incident] = await waitFor(
    'the incident',
    async () => {
      const rows = await stack.sql<{ id: string }>('select id from incidents where integration_id = $1', [integration.id]);
      return rows.length > 0 ? rows : undefined;
    },
    { timeoutMs: 60_000, intervalMs: 100 },
  );
  const incidentId = (incident as { id: string }).id;
  const escalation = () => call<{ data: Escalation }>(stack, 'GET', `/api/v1/incidents/${incidentId}/escalation`, undefined, token);
  const waiting = await waitFor(
    'level 1 paged',
    async () => {
      const { data } = await escalation();
      return data.pages.some((page) => page.level === 1 && page.status === 'sent') && data.next_escalation_at ? data : undefined;
    },
    { timeoutMs: 60_000, intervalMs: 100 },
  );
  const dueAt = Date.parse(waiting.next_escalation_at as string);

  await target.kill();
  await delay(5_000);
  await target.start();
  const recoveredBeforeDue = Date.now() < dueAt;

  const paged = await waitFor(
    'level 2 paged',
    async () => {
      const rows = await stack.sql<{ created_at: Date }>(
        `select created_at from pages where incident_id = $1 and level = 2 and status = 'sent'`,
        [incidentId],
      );
      return rows[0];
    },
    { timeoutMs: dueAt - Date.now() + 60_000, intervalMs: 100 },
  );
  const lateMs = paged.created_at.getTime() - dueAt;
  await call(stack, 'PATCH', `/api/v1/incidents/${incidentId}`, { status: 'investigating' }, token);
  await waitFor('the escalation ended', async () => ((await escalation()).data.running ? undefined : true), {
    timeoutMs: 60_000,
    intervalMs: 200,
  });
  const pages = await stack.sql<{ level: number; round: number; n: number }>(
    'select level, round, count(*)::int as n from pages where incident_id = $1 group by 1, 2 order by 1, 2',
    [incidentId],
  );
  const mails = await stack.sql<{ subject: string }>(`select subject from outbox_messages where "to" = $1 and subject like '%Page: %'`, [
    email,
  ]);
  const facts = { target: target.name, recoveredBeforeDue, lateMs, pages, mails: mails.length };
  process.stdout.write(`\n── fault: escalation while ${target.name} is down ──\n${JSON.stringify(facts)}\n`);
  expect(pages).toEqual([
    { level: 1, round: 1, n: 1 },
    { level: 2, round: 1, n: 1 },
  ]);
  expect(mails).toHaveLength(2);
  expect(lateMs).toBeGreaterThanOrEqual(0);
  expect(lateMs).toBeLessThan(LATE_BOUND_MS);
  return facts;
}

describe('fault: an escalation waiting while the worker is killed, and while Temporal restarts', () => {
  let stack: FaultStack;
  beforeAll(async () => {
    stack = await startFaultStack({
      scenario: 'escalation',
      elasticsearch: false,
      log: process.env.FAULTS_VERBOSE === '1' ? (line) => process.stderr.write(`${line}\n`) : undefined,
    });
  });
  let failed = false;
  const keepLogsOnFailure = async (run: () => Promise<unknown>) => {
    try {
      await run();
    } catch (error) {
      failed = true;
      process.stdout.write(
        `\n── escalation fault FAILED; process output kept in ${stack.logFile}; last lines:\n${stack.recentOutput().split('\n').slice(-60).join('\n')}\n`,
      );
      throw error;
    }
  };
  afterAll(async () => {
    expect({ unexpectedExits: stack?.unexpectedExits }).toEqual({ unexpectedExits: [] });
    await stack?.stop({ keepLogs: failed });
  });

  it('pages the next level on time after the worker was SIGKILLed during the wait, and no page twice', async () => {
    await keepLogsOnFailure(() => escalationSurvives(stack, 'escalation-worker-kill', stack.worker, 0.5));
  });

  it('pages the next level on time after Temporal was SIGKILLed and restarted during the wait, and no page twice', async () => {
    // Longer: the restarted dev server may need a second start (fault-stack.ts) before it persists.
    await keepLogsOnFailure(() => escalationSurvives(stack, 'escalation-temporal-kill', stack.temporal, 1.5));
  });
});
