// The worker is SIGKILLed while new incidents are routed to a rule that starts a runbook, then
// started again: every incident's runbook runs exactly once (one execution, one call to the system
// it acts on), whether the relay had started it, committed its batch, or neither before the kill.
// Then a priority's runbook waits for approval and its incident is resolved while the worker is
// down: once the worker is back, the run is cancelled.
import { jest } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { waitFor } from '../../dev/wait-for.ts';
import { signatureFor } from '../helpers/webhooks.ts';
import { startFaultStack } from './fault-stack.ts';

jest.setTimeout(15 * 60_000);

const INCIDENTS = 20;
/** Each runbook waits this long before its call, so the kill lands while runs are under way, not mid-call. */
const WAIT_SECONDS = 4;

async function call<T>(baseUrl: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const answer = await response.text();
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${answer.slice(0, 300)}`);
  return JSON.parse(answer) as T;
}

/** The system the runbook restarts: counts the calls per path. */
async function startTarget() {
  const hits = new Map<string, number>();
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      hits.set(request.url ?? '', (hits.get(request.url ?? '') ?? 0) + 1);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"restarted":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

describe('fault: the worker is SIGKILLed while incidents open with a runbook rule, and restarted', () => {
  it('runs each incident’s runbook exactly once', async () => {
    const target = await startTarget();
    const stack = await startFaultStack({
      scenario: 'remediation-kill',
      elasticsearch: false,
      env: { OUTBOUND_ALLOW_PRIVATE: 'true' },
      log: process.env.FAULTS_VERBOSE === '1' ? (line) => process.stderr.write(`${line}\n`) : undefined,
    });
    let failed = true;
    try {
      const email = 'remediation-kill@faults.example.test';
      const password = 'correct horse battery staple';
      await call(stack.baseUrl, '/api/v1/auth/register', { email, password, name: 'Faults', organization_name: 'faults remediation' });
      const { access_token: token } = await call<{ access_token: string }>(stack.baseUrl, '/api/v1/auth/login', { email, password });
      const auth = { authorization: `Bearer ${token}` };
      const { data: me } = await fetch(`${stack.baseUrl}/api/v1/auth/me`, { headers: auth }).then(
        (response) => response.json() as Promise<{ data: { id: string } }>,
      );
      const { data: policy } = await call<{ data: { id: string } }>(
        stack.baseUrl,
        '/api/v1/escalation-policies',
        { name: 'Primary', levels: [{ targets: [{ type: 'user', id: me.id }], delay_minutes: 60 }] },
        auth,
      );
      const { data: procedure } = await call<{ data: { id: string } }>(
        stack.baseUrl,
        '/api/v1/procedures',
        {
          name: 'Restart the host',
          steps: [
            { name: 'Let it settle', type: 'wait', config: { seconds: WAIT_SECONDS } },
            { name: 'Restart', type: 'http', config: { url: `${target.url}/restart/{{parameters.incident_id}}`, method: 'POST' } },
          ],
        },
        auth,
      );
      const secret = 'faults-remediation-secret-0123456789abcdef';
      const { data: integration } = await call<{ data: { id: string } }>(
        stack.baseUrl,
        '/api/v1/integrations',
        { name: 'hosts', platform: 'metrics_alerts', secret },
        auth,
      );
      await call(
        stack.baseUrl,
        '/api/v1/routing-rules',
        {
          name: 'Hosts',
          matchers: 'alertname="HostDown"',
          escalation_policy_id: policy.id,
          priority: 'P2',
          runbook: { procedure_id: procedure.id, auto_approve: true, resolve_incident: true },
        },
        auth,
      );

      const alerts = Array.from({ length: INCIDENTS }, (_, i) => ({
        status: 'firing',
        labels: { alertname: 'HostDown', instance: `host-${i}:9100`, severity: 'critical' },
        annotations: { summary: `host-${i} is down` },
        startsAt: new Date().toISOString(),
        fingerprint: `remediation-${i}`,
      }));
      const body = JSON.stringify({ version: '4', status: 'firing', alerts });
      const signature = signatureFor('metrics_alerts', secret, body);
      const sent = await fetch(`${stack.baseUrl}/api/v1/webhooks/metrics_alerts/${integration.id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [signature.name]: signature.value },
        body,
      });
      expect(sent.status).toBe(200);

      // As soon as the first runbook exists: the others may be started, routed, or not yet.
      await waitFor(
        'a first runbook started',
        async () => {
          const [row] = await stack.sql<{ n: number }>('select count(*)::int as n from executions');
          return (row?.n ?? 0) > 0 ? true : undefined;
        },
        { timeoutMs: 120_000, intervalMs: 20 },
      );
      await stack.worker.kill();
      await delay(2_000);
      await stack.worker.start();

      const final = await waitFor(
        'every incident resolved by its runbook',
        async () => {
          const [row] = await stack.sql<{ incidents: number; resolved: number; runs: number; completed: number }>(
            `select (select count(*)::int from incidents) as incidents,
               (select count(*)::int from incidents where status = 'resolved') as resolved,
               (select count(*)::int from executions) as runs,
               (select count(*)::int from executions where status = 'completed') as completed`,
          );
          return row && row.incidents === INCIDENTS && row.resolved === INCIDENTS && row.completed === INCIDENTS ? row : undefined;
        },
        { timeoutMs: 300_000, intervalMs: 1_000 },
      );
      expect(final).toEqual({ incidents: INCIDENTS, resolved: INCIDENTS, runs: INCIDENTS, completed: INCIDENTS });
      const perIncident = await stack.sql<{ incident_id: string; n: number }>(
        'select i.id as incident_id, count(e.id)::int as n from incidents i left join executions e on e.incident_id = i.id group by i.id',
      );
      expect(perIncident.filter((row) => row.n !== 1)).toEqual([]);
      // One call per incident to the system the runbook acts on: no run started twice.
      expect([...target.hits.values()].filter((n) => n !== 1)).toEqual([]);
      expect(new Set(perIncident.map((row) => `/restart/${row.incident_id}`))).toEqual(new Set(target.hits.keys()));
      expect({ unexpectedExits: stack.unexpectedExits, workerStarts: stack.worker.starts }).toEqual({
        unexpectedExits: [],
        workerStarts: 2,
      });

      // Then a P1 runbook waiting for approval, its incident resolved by hand while the worker is
      // down: the cancel waits in the outbox and reaches the run once the worker is back.
      const send = async (method: 'PUT' | 'PATCH', path: string, payload: unknown) => {
        const response = await fetch(`${stack.baseUrl}${path}`, {
          method,
          headers: { 'content-type': 'application/json', ...auth },
          body: JSON.stringify(payload),
        });
        expect(response.status).toBe(200);
      };
      await send('PUT', '/api/v1/priority-runbooks/P1', { procedure_id: procedure.id, auto_approve: false });
      const { data: incident } = await call<{ data: { id: string } }>(
        stack.baseUrl,
        '/api/v1/incidents',
        { title: 'Primary database down', priority: 'P1', escalation_policy_id: policy.id },
        auth,
      );
      await waitFor(
        'the P1 runbook waiting for approval',
        async () => {
          const [row] = await stack.sql<{ n: number }>(
            `select count(*)::int as n from executions e join execution_steps s on s.execution_id = e.id
             where e.incident_id = $1 and e.remediation_priority = 'P1' and s.type = 'approval' and s.status = 'waiting'`,
            [incident.id],
          );
          return (row?.n ?? 0) > 0 ? true : undefined;
        },
        { timeoutMs: 120_000, intervalMs: 100 },
      );
      await stack.worker.kill();
      await send('PATCH', `/api/v1/incidents/${incident.id}`, { status: 'resolved' });
      await stack.worker.start();
      const cancelled = await waitFor(
        'the run cancelled after the restart',
        async () => {
          const [row] = await stack.sql<{ status: string; why: number }>(
            `select e.status, (select count(*)::int from incident_timeline t where t.incident_id = e.incident_id
               and t.message like 'Runbook "Restart the host" cancelled: the incident was resolved another way%') as why
             from executions e where e.incident_id = $1`,
            [incident.id],
          );
          return row?.status === 'cancelled' && row.why === 1 ? row : undefined;
        },
        { timeoutMs: 120_000, intervalMs: 500 },
      );
      expect(cancelled).toEqual({ status: 'cancelled', why: 1 });
      expect(target.hits.get(`/restart/${incident.id}`)).toBeUndefined();
      expect(stack.unexpectedExits).toEqual([]);
      failed = false;
    } catch (error) {
      process.stdout.write(
        `\n── remediation-kill FAILED; output in ${stack.logFile}:\n${stack.recentOutput().split('\n').slice(-60).join('\n')}\n`,
      );
      throw error;
    } finally {
      await stack.stop({ keepLogs: failed });
      await target.close();
    }
  });
});
