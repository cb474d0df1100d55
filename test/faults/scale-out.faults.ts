// Scale-out on the production shape: the Temporal server on PostgreSQL with several history shards,
// two API processes and two worker processes on one database and task queue, a storm spread over
// both APIs, one worker SIGKILLed mid-storm and left down. What must hold: every acknowledged alert
// applied exactly once, one incident per fingerprint counting exactly its alerts, and a socket.io
// client on each API receiving every incident.created and alert.received event exactly once.
import { expect, jest } from '@jest/globals';
import { io, type Socket } from 'socket.io-client';
import { call, registerOwner } from '../../bench/production-stack.ts';
import { waitFor } from '../../dev/wait-for.ts';
import { startFaultStack, type FaultStack } from './fault-stack.ts';
import { startStorm } from './storm.ts';

jest.setTimeout(10 * 60_000);

const numberFromEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

const SCALE = {
  alerts: numberFromEnv('SCALE_OUT_ALERTS', 2000),
  fingerprints: numberFromEnv('SCALE_OUT_FINGERPRINTS', 50),
  senders: numberFromEnv('SCALE_OUT_SENDERS', 10),
  ratePerSecond: numberFromEnv('SCALE_OUT_RATE', 50),
  drainBoundMs: numberFromEnv('SCALE_OUT_DRAIN_BOUND_MS', 120_000),
};

/** Every event a client received, counted by what it is about. */
interface Watcher {
  socket: Socket;
  incidentCreated: Map<string, number>;
  alertReceived: Map<string, number>;
}

async function watch(baseUrl: string, token: string): Promise<Watcher> {
  const socket = io(baseUrl, { path: '/api/v1/ws', auth: { token }, transports: ['websocket'], reconnection: false });
  const watcher: Watcher = { socket, incidentCreated: new Map(), alertReceived: new Map() };
  const count = (map: Map<string, number>, key: unknown) => {
    if (typeof key === 'string') map.set(key, (map.get(key) ?? 0) + 1);
  };
  socket.on('incident.created', (message) => count(watcher.incidentCreated, (message.data.incident as { id?: unknown } | undefined)?.id));
  socket.on('alert.received', (message) => count(watcher.alertReceived, message.data.alert_id));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return watcher;
}

const duplicatesOf = (map: Map<string, number>) => [...map].filter(([, n]) => n > 1).map(([id, n]) => `${id}×${n}`);

describe('scale-out: two APIs and two workers on the Temporal server', () => {
  let stack: FaultStack | undefined;
  const watchers: Watcher[] = [];
  afterAll(async () => {
    for (const watcher of watchers) watcher.socket.close();
    await stack?.stop();
  });

  it('keeps a storm exact and every client sees each event once while a worker is SIGKILLed', async () => {
    stack = await startFaultStack({
      scenario: 'scale-out',
      elasticsearch: false,
      temporal: 'server',
      apis: 2,
      workers: 2,
      log: process.env.FAULTS_VERBOSE === '1' ? (line) => process.stderr.write(`${line}\n`) : undefined,
    });
    const running = stack;
    try {
      const [firstApi, secondApi] = running.baseUrls as [string, string];
      const owner = await registerOwner(firstApi, 'scale-out');
      const secret = 'scale-out-secret-0123456789abcdef';
      const { data: integration } = await call<{ data: { id: string } }>(firstApi, 'POST', '/api/v1/integrations', {
        token: owner.token,
        body: { name: 'storm', platform: 'metrics_alerts', secret },
        expect: 201,
      });
      watchers.push(await watch(firstApi, owner.token), await watch(secondApi, owner.token));

      const victim = running.workers[1];
      if (!victim) throw new Error('the stack has no second worker');
      let killed: Promise<void> | undefined;
      const faultAfter = Math.floor(SCALE.alerts * 0.3);
      const storm = startStorm(
        {
          webhookUrl: running.baseUrls.map((baseUrl) => `${baseUrl}/api/v1/webhooks/metrics_alerts/${integration.id}`),
          secret,
          alerts: SCALE.alerts,
          senders: SCALE.senders,
          fingerprints: SCALE.fingerprints,
          ratePerSecond: SCALE.ratePerSecond,
          deadlineMs: 240_000,
        },
        (acknowledged) => {
          // Left down: the surviving worker must take over its workflows and activities.
          if (acknowledged >= faultAfter) killed ??= victim.kill();
        },
      );
      const report = await storm.report;
      await killed;
      const acknowledged = report.alerts.filter((alert) => alert.acknowledgedAt !== undefined);
      expect({ acknowledged: acknowledged.length, statuses: report.statuses }).toEqual({
        acknowledged: SCALE.alerts,
        statuses: expect.objectContaining({ 200: expect.any(Number) }),
      });
      expect(victim.isUp()).toBe(false);
      // 503 (with Retry-After) is how the API says "retry"; any other 5xx is a bug.
      expect(Object.keys(report.statuses).filter((status) => Number(status) >= 500 && status !== '503')).toEqual([]);

      // Drained: every acknowledged alert has its row and every row is counted in its incident.
      const sql = running.sql.bind(running);
      const perFingerprint = await waitFor(
        'the storm to drain',
        async () => {
          const rows = await sql<{ id: string; storm_fp: string; incident_id: string | null; alert_count: number | null }>(
            `select a.raw->'annotations'->>'storm_id' as id, split_part(a.raw->'labels'->>'instance', ':', 1) as storm_fp,
                    a.incident_id, i.alert_count
             from alerts a left join incidents i on i.id = a.incident_id where a.integration_id = $1`,
            [integration.id],
          );
          if (rows.length < acknowledged.length) return undefined;
          const [sums] = await sql<{ sum: number }>(
            `select coalesce(sum(alert_count), 0)::int as sum from incidents where integration_id = $1`,
            [integration.id],
          );
          return sums?.sum === rows.length ? rows : undefined;
        },
        { timeoutMs: SCALE.drainBoundMs, intervalMs: 500 },
      );

      // Exact: each alert once, one incident per fingerprint, its alert_count the alerts sent for it.
      const rowsByAlert = new Map<string, number>();
      for (const row of perFingerprint) rowsByAlert.set(row.id, (rowsByAlert.get(row.id) ?? 0) + 1);
      expect({ rows: perFingerprint.length, duplicates: duplicatesOf(rowsByAlert) }).toEqual({ rows: SCALE.alerts, duplicates: [] });
      const sent = new Map<string, number>();
      for (const alert of acknowledged) sent.set(alert.fingerprint, (sent.get(alert.fingerprint) ?? 0) + 1);
      const incidents = new Map<string, { incidents: Set<string>; alertCount: number }>();
      for (const row of perFingerprint) {
        const entry = incidents.get(row.storm_fp) ?? { incidents: new Set(), alertCount: 0 };
        if (row.incident_id) entry.incidents.add(row.incident_id);
        entry.alertCount = row.alert_count ?? 0;
        incidents.set(row.storm_fp, entry);
      }
      const byFingerprint = [...sent.keys()].sort().map((fingerprint) => ({
        fingerprint,
        incidents: incidents.get(fingerprint)?.incidents.size ?? 0,
        alertCount: incidents.get(fingerprint)?.alertCount ?? 0,
      }));
      expect(byFingerprint).toEqual(
        [...sent].sort(([a], [b]) => a.localeCompare(b)).map(([fingerprint, alertCount]) => ({ fingerprint, incidents: 1, alertCount })),
      );
      const [{ total } = { total: -1 }] = await sql<{ total: number }>(
        `select count(*)::int as total from incidents where integration_id = $1`,
        [integration.id],
      );
      expect(total).toBe(SCALE.fingerprints);

      // A barrier instead of a sleep: an incident created after the drain travels the same outbox and
      // NOTIFY path, so once each client has its event, every earlier event has reached it too.
      const { data: barrier } = await call<{ data: { id: string } }>(secondApi, 'POST', '/api/v1/incidents', {
        token: owner.token,
        body: { title: 'scale-out barrier' },
        expect: 201,
      });
      await waitFor(
        'each client to receive the barrier incident',
        async () => (watchers.every((w) => w.incidentCreated.has(barrier.id)) ? true : undefined),
        {
          timeoutMs: 60_000,
        },
      );

      const incidentIds = [...new Set(perFingerprint.map((row) => row.incident_id as string)), barrier.id].sort();
      const alertIds = (await sql<{ id: string }>(`select id from alerts where integration_id = $1`, [integration.id]))
        .map((row) => row.id)
        .sort();
      for (const [index, watcher] of watchers.entries()) {
        expect({
          client: index + 1,
          incidentCreated: [...watcher.incidentCreated.keys()].sort(),
          incidentCreatedDuplicates: duplicatesOf(watcher.incidentCreated),
          alertReceivedMissing: alertIds.filter((id) => !watcher.alertReceived.has(id)).length,
          alertReceivedUnknown: [...watcher.alertReceived.keys()].filter((id) => !alertIds.includes(id)),
          alertReceivedDuplicates: duplicatesOf(watcher.alertReceived),
        }).toEqual({
          client: index + 1,
          incidentCreated: incidentIds,
          incidentCreatedDuplicates: [],
          alertReceivedMissing: 0,
          alertReceivedUnknown: [],
          alertReceivedDuplicates: [],
        });
      }
      expect({ unexpectedExits: running.unexpectedExits }).toEqual({ unexpectedExits: [] });
      process.stdout.write(
        `\n── scale-out: ${SCALE.alerts} alerts over ${SCALE.fingerprints} fingerprints at ${SCALE.ratePerSecond}/s over 2 APIs; worker-2 SIGKILLed at ${faultAfter} acknowledged; storm ${((report.endedAt - report.startedAt) / 1000).toFixed(1)} s; answers ${JSON.stringify(report.statuses)}\n`,
      );
    } catch (error) {
      process.stdout.write(
        `\n── scale-out FAILED; process output in ${running.logFile}; last lines:\n${running.recentOutput().split('\n').slice(-80).join('\n')}\n`,
      );
      await running.stop({ keepLogs: true });
      stack = undefined;
      throw error;
    }
  });
});
