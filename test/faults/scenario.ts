// One fault scenario: a fresh production-shaped stack, a storm of signed alerts, one fault at about
// 30 % of the storm, and then what must hold: every acknowledged alert applied exactly once, one
// open incident per fingerprint, no 500 to any sender, a drain within the stated bound, and no
// process restarted except the one the scenario took down.
import { appendFile } from 'node:fs/promises';
import { setTimeout as delay } from 'node:timers/promises';
import { expect } from '@jest/globals';
import { waitFor } from '../../dev/wait-for.ts';
import { startFaultStack, type FaultStack, type Restartable } from './fault-stack.ts';
import { startStorm, type StormReport } from './storm.ts';

export interface FaultScenario {
  name: string;
  elasticsearch?: boolean;
  /** The part the scenario takes down. */
  target(stack: FaultStack): Restartable;
  /** How long it stays down before it is started again. */
  downMs: number;
}

const numberFromEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

/** Scale and bounds; small by default so the whole suite runs in a few minutes. */
export const FAULTS = {
  alerts: numberFromEnv('FAULTS_ALERTS', 300),
  senders: numberFromEnv('FAULTS_SENDERS', 10),
  fingerprints: numberFromEnv('FAULTS_FINGERPRINTS', 20),
  ratePerSecond: numberFromEnv('FAULTS_RATE', 25),
  faultAt: numberFromEnv('FAULTS_FAULT_AT', 0.3),
  /** Everything acknowledged is applied within this long after the fault is over and the storm has ended. */
  drainBoundMs: numberFromEnv('FAULTS_DRAIN_BOUND_MS', 90_000),
  /** Senders give up on an alert this long after the storm started. */
  senderDeadlineMs: numberFromEnv('FAULTS_SENDER_DEADLINE_MS', 240_000),
};

async function call<T>(baseUrl: string, method: string, path: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

async function createSender(baseUrl: string, scenario: string): Promise<{ integrationId: string; webhookUrl: string; secret: string }> {
  const email = `${scenario}@faults.example.test`;
  const password = 'correct horse battery staple';
  await call(baseUrl, 'POST', '/api/v1/auth/register', { email, password, name: 'Faults', organization_name: `faults ${scenario}` });
  const { access_token: token } = await call<{ access_token: string }>(baseUrl, 'POST', '/api/v1/auth/login', { email, password });
  const secret = `faults-${scenario}-secret-0123456789abcdef`;
  const { data } = await call<{ data: { id: string } }>(
    baseUrl,
    'POST',
    '/api/v1/integrations',
    { name: 'storm', platform: 'metrics_alerts', secret },
    token,
  );
  return { integrationId: data.id, webhookUrl: `${baseUrl}/api/v1/webhooks/metrics_alerts/${data.id}`, secret };
}

interface Applied {
  rows: number;
  byAlert: Map<string, number>;
  alertCountSum: number;
  openIncidents: number;
  openFingerprints: number;
}

async function readApplied(stack: FaultStack, integrationId: string): Promise<Applied> {
  const perAlert = await stack.sql<{ id: string; n: number }>(
    `select raw->'annotations'->>'storm_id' as id, count(*)::int as n from alerts where integration_id = $1 group by 1`,
    [integrationId],
  );
  const [incidents] = await stack.sql<{ sum: number; open: number; open_fingerprints: number }>(
    `select coalesce(sum(alert_count), 0)::int as sum,
            count(*) filter (where status <> 'resolved')::int as open,
            count(distinct fingerprint) filter (where status <> 'resolved')::int as open_fingerprints
     from incidents where integration_id = $1`,
    [integrationId],
  );
  return {
    rows: perAlert.reduce((sum, row) => sum + row.n, 0),
    byAlert: new Map(perAlert.map((row) => [row.id, row.n])),
    alertCountSum: incidents?.sum ?? 0,
    openIncidents: incidents?.open ?? 0,
    openFingerprints: incidents?.open_fingerprints ?? 0,
  };
}

const seconds = (ms: number | undefined) => (ms === undefined ? 'n/a' : `${(ms / 1000).toFixed(1)} s`);

function summarize(scenario: string, facts: Record<string, unknown>): string {
  const width = Math.max(...Object.keys(facts).map((key) => key.length));
  return [
    `\n── fault scenario: ${scenario} ──`,
    ...Object.entries(facts).map(([key, value]) => `  ${key.padEnd(width)}  ${typeof value === 'string' ? value : JSON.stringify(value)}`),
    '',
  ].join('\n');
}

export async function runFaultScenario(scenario: FaultScenario): Promise<void> {
  const stack = await startFaultStack({
    scenario: scenario.name,
    elasticsearch: scenario.elasticsearch ?? false,
    log: process.env.FAULTS_VERBOSE === '1' ? (line) => process.stderr.write(`${line}\n`) : undefined,
  });
  let failed = true;
  let watching = true;
  try {
    const target = scenario.target(stack);
    const sender = await createSender(stack.baseUrl, scenario.name);

    let reachedFaultPoint: () => void = () => undefined;
    const faultPoint = new Promise<void>((resolve) => {
      reachedFaultPoint = resolve;
    });
    const faultAfter = Math.max(1, Math.floor(FAULTS.alerts * FAULTS.faultAt));
    const storm = startStorm(
      {
        webhookUrl: sender.webhookUrl,
        secret: sender.secret,
        alerts: FAULTS.alerts,
        senders: FAULTS.senders,
        fingerprints: FAULTS.fingerprints,
        ratePerSecond: FAULTS.ratePerSecond,
        deadlineMs: FAULTS.senderDeadlineMs,
      },
      (acknowledged) => {
        if (acknowledged >= faultAfter) reachedFaultPoint();
      },
    );

    // The fault: take the target down, keep it down, start it again (start waits until it serves).
    const stormOutcome = storm.report.then(
      (report) => ({ report }),
      (error: unknown) => ({ error }),
    );
    await Promise.race([faultPoint, stormOutcome]);
    const fault = (async () => {
      const faultAt = Date.now();
      await target.kill();
      await delay(scenario.downMs);
      const restartAt = Date.now();
      await target.start();
      return { faultAt, restartAt, recoveredAt: Date.now() };
    })();

    const outcome = await stormOutcome;
    if ('error' in outcome) throw outcome.error;
    const report: StormReport = outcome.report;
    const acknowledged = report.alerts.filter((alert) => alert.acknowledgedAt !== undefined);
    const lastAckAt = Math.max(0, ...acknowledged.map((alert) => alert.acknowledgedAt as number));

    // Drain: every acknowledged alert has its row and every row is counted in its incident. Watched
    // from the storm's end, while the fault may still last (a fault that does not stop ingestion).
    let applied: Applied | undefined;
    const drained = (async () => {
      while (watching) {
        try {
          const now = await readApplied(stack, sender.integrationId);
          applied = now;
          const allThere = acknowledged.every((alert) => (now.byAlert.get(alert.id) ?? 0) >= 1);
          if (allThere && now.alertCountSum === now.rows) return Date.now();
        } catch {
          // PostgreSQL may be the part that is down.
        }
        await delay(250);
      }
      return undefined;
    })();
    const { faultAt, restartAt, recoveredAt } = await fault;
    const drainFrom = Math.max(recoveredAt, report.endedAt);
    const drainedAt = await Promise.race([drained, delay(Math.max(0, drainFrom + FAULTS.drainBoundMs - Date.now())).then(() => undefined)]);
    watching = false;
    // One last read, so the counts below are the final ones even when the drain was not complete.
    applied = await readApplied(stack, sender.integrationId).catch(() => applied);
    // Recovered by itself: both processes report ready again with nobody restarting them.
    const readyAgain = async (url: string) =>
      waitFor(
        `${url} ready`,
        async () => {
          const response = await fetch(url, { signal: AbortSignal.timeout(2500) });
          return response.status === 200 ? ((await response.json()) as unknown) : undefined;
        },
        { timeoutMs: 30_000 },
      ).then(
        () => true,
        () => false,
      );
    const apiReady = await readyAgain(`${stack.baseUrl}/readyz`);
    const workerReady = await readyAgain(`${stack.workerHealthUrl}/readyz`);

    if (!applied) throw new Error('the alerts could not be read');
    const final: Applied = applied;
    const duplicates = [...final.byAlert.values()].reduce((sum, n) => sum + Math.max(0, n - 1), 0);
    const missing = acknowledged.filter((alert) => (final.byAlert.get(alert.id) ?? 0) === 0);
    const duplicated = report.alerts.filter((alert) => (final.byAlert.get(alert.id) ?? 0) > 1);
    const fiveHundreds = Object.fromEntries(Object.entries(report.statuses).filter(([status]) => Number(status) >= 500));
    const parts = [stack.api, stack.worker, stack.postgres, stack.temporal, ...(stack.elasticsearch ? [stack.elasticsearch] : [])];
    const facts = {
      scale: `${FAULTS.alerts} alerts, ${FAULTS.senders} senders, ${FAULTS.fingerprints} fingerprints, ${FAULTS.ratePerSecond}/s`,
      temporal: stack.temporalKind === 'server' ? 'Temporal server on PostgreSQL (BENCH_TEMPORAL=server)' : 'Temporal dev server',
      fault: `${target.name} down at ${seconds(faultAt - report.startedAt)} into the storm, for ${seconds(restartAt - faultAt)}; serving again ${seconds(recoveredAt - restartAt)} after its restart`,
      acknowledged: acknowledged.length,
      'given up or rejected': report.alerts
        .filter((alert) => alert.acknowledgedAt === undefined)
        .map((alert) => alert.rejected ?? 'deadline').length,
      'alert rows': final.rows,
      'distinct alerts applied': final.byAlert.size,
      'sum of incidents.alert_count': final.alertCountSum,
      duplicates: `${duplicates} (alerts sent more than once: ${report.alerts.filter((alert) => alert.attempts > 1).length}, with an answer lost: ${report.alerts.filter((alert) => alert.answerLost).length})`,
      'answers to the duplicated alerts': duplicated.map((alert) => alert.answers.join(' → ')),
      'open incidents': `${final.openIncidents} over ${final.openFingerprints} fingerprints`,
      'answers by status': report.statuses,
      '5xx by status': fiveHundreds,
      'attempts without an answer': report.noAnswer,
      'storm duration': seconds(report.endedAt - report.startedAt),
      'last acknowledgement after recovery': seconds(lastAckAt - recoveredAt),
      'drained after recovery':
        drainedAt === undefined
          ? `NOT within ${seconds(FAULTS.drainBoundMs)}`
          : drainedAt <= recoveredAt
            ? 'before it'
            : seconds(drainedAt - recoveredAt),
      'drained after the storm': drainedAt === undefined ? 'n/a' : seconds(drainedAt - report.endedAt),
      'ready again (api, worker)': `${apiReady}, ${workerReady}`,
      starts: Object.fromEntries(parts.map((part) => [part.name, part.starts])),
      'recovery restarts': parts.flatMap((part) => part.recoveries.map((why) => `${part.name}: ${why}`)),
      'unexpected exits': stack.unexpectedExits,
    };
    process.stdout.write(summarize(scenario.name, facts));
    if (process.env.FAULTS_RESULTS_FILE)
      await appendFile(
        process.env.FAULTS_RESULTS_FILE,
        `${JSON.stringify({ scenario: scenario.name, at: new Date().toISOString(), ...facts })}\n`,
      );

    expect({ unexpectedExits: stack.unexpectedExits }).toEqual({ unexpectedExits: [] });
    expect(Object.fromEntries(parts.map((part) => [part.name, part.starts]))).toEqual(
      // The target once more when its restart served but did not persist (reported above).
      Object.fromEntries(parts.map((part) => [part.name, (part === target ? 2 : 1) + part.recoveries.length])),
    );
    expect({ givenUpOrRejected: report.alerts.filter((alert) => alert.acknowledgedAt === undefined).length }).toEqual({
      givenUpOrRejected: 0,
    });
    // 503 (with Retry-After) is how the API says "retry"; any other 5xx is a bug.
    expect({ fiveHundredsOtherThan503: Object.entries(fiveHundreds).filter(([status]) => status !== '503') }).toEqual({
      fiveHundredsOtherThan503: [],
    });
    expect({ drainedWithinBound: drainedAt !== undefined, missing: missing.length }).toEqual({ drainedWithinBound: true, missing: 0 });
    // Exactly once, retries included: a retried delivery carries the same receipt (docs/ingestion.md).
    expect({ duplicates, duplicated: duplicated.map((alert) => alert.id) }).toEqual({ duplicates: 0, duplicated: [] });
    expect({ rows: final.rows, alertCountSum: final.alertCountSum }).toEqual({
      rows: acknowledged.length,
      alertCountSum: acknowledged.length,
    });
    expect({ openIncidents: final.openIncidents, openFingerprints: final.openFingerprints }).toEqual({
      openIncidents: FAULTS.fingerprints,
      openFingerprints: FAULTS.fingerprints,
    });
    expect({ apiReady, workerReady }).toEqual({ apiReady: true, workerReady: true });
    failed = false;
  } catch (error) {
    process.stdout.write(
      `\n── fault scenario ${scenario.name} FAILED; process output kept in ${stack.logFile}; last lines:\n${stack.recentOutput().split('\n').slice(-80).join('\n')}\n`,
    );
    throw error;
  } finally {
    watching = false;
    await stack.stop({ keepLogs: failed });
  }
}
