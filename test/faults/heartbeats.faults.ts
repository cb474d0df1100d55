import { expect, jest } from '@jest/globals';
import { setTimeout as delay } from 'node:timers/promises';
import { waitFor } from '../../dev/wait-for.ts';
import { startFaultStack, type FaultStack } from './fault-stack.ts';

jest.setTimeout(20 * 60_000);

const HEARTBEATS = 1000;
/** Half stop pinging before the fault and must lapse during it; the other half keep pinging and must not. */
const LAPSING = HEARTBEATS / 2;
const LAPSING_PERIOD_SECONDS = 60;
/** Far longer than a round of pings takes on a loaded machine, so only a lost ping could lapse one. */
const HEALTHY_PERIOD_SECONDS = 300;
const GRACE_SECONDS = 10;
const PING_EVERY_MS = 15_000;
/** Requests in flight while creating, and for the pings that resolve the lapses. */
const CONCURRENCY = 32;
/** Sends of one ping answered 503 ("retry") before the test fails. */
const PING_ATTEMPTS = 5;

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

/**
 * A ping as a job's sender makes it: a 503 (the ping was recorded, Temporal was too slow to take
 * its signal) asks for the ping again, and the sender sends it again. Any other failure fails the test.
 */
async function pingAsSendersDo(stack: FaultStack, token: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(`${stack.baseUrl}/api/v1/heartbeats/ping?token=${token}`);
    const text = await response.text();
    if (response.ok) return;
    if (response.status !== 503 || attempt === PING_ATTEMPTS)
      throw new Error(`ping answered ${response.status} (attempt ${attempt}): ${text.slice(0, 300)}`);
    await delay(1000 * attempt);
  }
}

/** Runs `task` over `items`, `concurrency` at a time. */
async function eachConcurrently<T>(items: T[], concurrency: number, task: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await task(items[next++] as T);
    }),
  );
}

/**
 * 1,000 heartbeats wait as Temporal timers while the worker is SIGKILLed and then Temporal too; half
 * of them (period 60 s) pass their deadline while both are down, the other half (period 5 min) keep
 * being pinged every 15 s (pings need only the API and PostgreSQL). After the restart every lapsed heartbeat has exactly one incident
 * and one page, no pinged one has any, and the next ping resolves each incident.
 */
describe('fault: heartbeats waiting while the worker and Temporal are killed', () => {
  let stack: FaultStack;
  let failed = false;
  beforeAll(async () => {
    stack = await startFaultStack({
      scenario: 'heartbeats',
      elasticsearch: false,
      // One member creates 1,000 heartbeats; pings count against their integration's quota.
      env: { RATE_LIMIT_INTERACTIVE_PER_HOUR: '100000000' },
      log: process.env.FAULTS_VERBOSE === '1' ? (line) => process.stderr.write(`${line}\n`) : undefined,
    });
  });
  afterAll(async () => {
    expect({ unexpectedExits: stack?.unexpectedExits }).toEqual({ unexpectedExits: [] });
    await stack?.stop({ keepLogs: failed });
  });

  it('loses no lapse and opens no duplicate incident', async () => {
    try {
      await scenario(stack);
    } catch (error) {
      failed = true;
      process.stdout.write(
        `\n── heartbeat fault FAILED; process output kept in ${stack.logFile}; last lines:\n${stack.recentOutput().split('\n').slice(-60).join('\n')}\n`,
      );
      throw error;
    }
  });
});

async function scenario(stack: FaultStack): Promise<void> {
  /** Seconds each phase took, printed with the result: where a slow run spent its time. */
  const phases: Record<string, number> = {};
  let phaseStartedAt = Date.now();
  const phaseDone = (name: string) => {
    phases[name] = Math.round((Date.now() - phaseStartedAt) / 100) / 10;
    phaseStartedAt = Date.now();
  };
  const email = 'heartbeats@faults.example.test';
  const password = 'correct horse battery staple';
  await call(stack, 'POST', '/api/v1/auth/register', { email, password, name: 'Faults', organization_name: 'faults heartbeats' });
  const { access_token: token } = await call<{ access_token: string }>(stack, 'POST', '/api/v1/auth/login', { email, password });
  const { data: me } = await call<{ data: { id: string } }>(stack, 'GET', '/api/v1/auth/me', undefined, token);
  await call(
    stack,
    'POST',
    '/api/v1/escalation-policies',
    { name: 'Owner', is_default: true, levels: [{ targets: [{ type: 'user', id: me.id }], delay_minutes: 60 }] },
    token,
  );
  const { data: integration } = await call<{ data: { id: string } }>(
    stack,
    'POST',
    '/api/v1/integrations',
    { name: 'heartbeats', platform: 'metrics_alerts', secret: 'faults-heartbeats-secret-0123456789abcdef' },
    token,
  );

  const created: Array<{ id: string; token: string }> = new Array(HEARTBEATS);
  await eachConcurrently(
    Array.from({ length: HEARTBEATS }, (_, i) => i),
    CONCURRENCY,
    async (i) => {
      const period = i < LAPSING ? LAPSING_PERIOD_SECONDS : HEALTHY_PERIOD_SECONDS;
      const { data } = await call<{ data: { id: string; token: string } }>(
        stack,
        'POST',
        '/api/v1/heartbeats',
        { name: `job ${i}`, integration_id: integration.id, period_seconds: period, grace_seconds: GRACE_SECONDS },
        token,
      );
      created[i] = data;
    },
  );
  phaseDone('create');
  const lapsing = created.slice(0, LAPSING);
  const healthy = created.slice(LAPSING);
  const ping = (heartbeat: { token: string }) => pingAsSendersDo(stack, heartbeat.token);

  // Every heartbeat pinged once: the lapsing half's deadlines are now ~70 s away.
  const roundsMs: number[] = [];
  await eachConcurrently(created, CONCURRENCY, ping);
  const lastLapsingPing = Date.now();
  let pinging = true;
  const pinger = (async () => {
    while (pinging) {
      const round = Date.now();
      await eachConcurrently(healthy, 8, ping);
      roundsMs.push(Date.now() - round);
      await delay(Math.max(0, PING_EVERY_MS - (Date.now() - round)));
    }
  })();

  phaseDone('first pings');
  await stack.worker.kill();
  await delay(5_000);
  await stack.temporal.kill();
  // Both down past every lapsing deadline (the last ping + period + grace, and a margin).
  const lapsingDeadline = lastLapsingPing + (LAPSING_PERIOD_SECONDS + GRACE_SECONDS) * 1000;
  await delay(Math.max(0, lapsingDeadline + 5_000 - Date.now()));
  phaseDone('down');
  await stack.temporal.start();
  await stack.worker.start();
  phaseDone('restart');

  const incidents = () =>
    stack.sql<{ fingerprint: string; n: number }>(
      `select fingerprint, count(*)::int as n from incidents where integration_id = $1 group by fingerprint`,
      [integration.id],
    );
  await waitFor('every lapse opened its incident', async () => ((await incidents()).length >= LAPSING ? true : undefined), {
    timeoutMs: 5 * 60_000,
    intervalMs: 1000,
  });
  phaseDone('lapses opened');
  const pages = () =>
    stack.sql<{ n: number }>(
      `select count(*)::int as n from pages p join incidents i on i.id = p.incident_id where i.integration_id = $1 and p.status = 'sent'`,
      [integration.id],
    );
  await waitFor('every lapse paged', async () => (((await pages())[0]?.n ?? 0) >= LAPSING ? true : undefined), {
    timeoutMs: 5 * 60_000,
    intervalMs: 1000,
  });
  phaseDone('lapses paged');
  // Two more rounds of pings: still nothing new, nothing twice.
  await delay(2 * PING_EVERY_MS);
  pinging = false;
  await pinger;

  const opened = await incidents();
  expect(opened).toHaveLength(LAPSING);
  expect(opened.every((row) => row.n === 1)).toBe(true);
  expect(new Set(opened.map((row) => row.fingerprint))).toEqual(new Set(lapsing.map((h) => `heartbeat-${h.id}`)));
  expect((await pages())[0]?.n).toBe(LAPSING);
  const states = await stack.sql<{ status: string; lapse_count: number; n: number }>(
    `select status, lapse_count, count(*)::int as n from heartbeats group by 1, 2 order by 1, 2`,
  );
  expect(states).toEqual([
    { status: 'down', lapse_count: 1, n: LAPSING },
    { status: 'up', lapse_count: 0, n: HEARTBEATS - LAPSING },
  ]);

  phaseDone('pinging on');
  // The next ping resolves each lapse's incident.
  await eachConcurrently(lapsing, CONCURRENCY, ping);
  await waitFor(
    'every lapse incident resolved',
    async () => {
      const [row] = await stack.sql<{ n: number }>(
        `select count(*)::int as n from incidents where integration_id = $1 and status = 'resolved'`,
        [integration.id],
      );
      return row?.n === LAPSING ? true : undefined;
    },
    { timeoutMs: 3 * 60_000, intervalMs: 1000 },
  );
  phaseDone('resolved');
  expect(await incidents()).toHaveLength(LAPSING);
  process.stdout.write(
    `\n── fault: heartbeats ──\n${JSON.stringify({ heartbeats: HEARTBEATS, lapsed: LAPSING, states, slowestPingRoundMs: Math.max(...roundsMs), phaseSeconds: phases })}\n`,
  );
}
