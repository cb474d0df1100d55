import { waitFor } from '../../dev/wait-for.ts';
import { bearer } from './members.ts';
import type { TestStack } from './stack.ts';

/** The subject of a page mail as the outbox holds it: `[<severity>] Page: <title>`. */
export const PAGE_SUBJECT = /\] Page: /;

/** Creates schedule 'Primary': one member on a daily rotation (09:00 handoffs) begun two days ago, so on call now. */
export async function createOnCallSchedule(
  http: TestStack['http'],
  token: string,
  userId: string,
  timeZone: string,
): Promise<{ id: string }> {
  const start = new Date(Date.now() - 2 * 86_400_000).toISOString();
  const layers = [{ users: [userId], rotation: 'daily', handoff_time: '09:00', start }];
  return (await http.post('/api/v1/schedules').set(bearer(token)).send({ name: 'Primary', time_zone: timeZone, layers }).expect(201)).body
    .data as { id: string };
}

/** GET /incidents/{id}/escalation, the fields the tests read. */
export interface EscalationState {
  policy: { id: string } | null;
  cycle: number;
  running: boolean;
  level: number | null;
  round: number | null;
  next_escalation_at: string | null;
  ended: string | null;
  snoozed_until: string | null;
  pages: Array<{ cycle: number; round: number; level: number; user_id: string; method: string; status: string; created_at: string }>;
}

export async function escalationOf(http: TestStack['http'], token: string, incidentId: string): Promise<EscalationState> {
  return (await http.get(`/api/v1/incidents/${incidentId}/escalation`).set(bearer(token)).expect(200)).body.data as EscalationState;
}

/** Waits until the incident's escalation is (`running`) or is no longer running, and answers its state. */
function escalationWhile(http: TestStack['http'], token: string, incidentId: string, running: boolean): Promise<EscalationState> {
  return waitFor(
    running ? 'the escalation running' : 'the escalation ended',
    async () => {
      const state = await escalationOf(http, token, incidentId);
      // Not running with no reason is also an escalation the relay has yet to start.
      return state.running === running && (running || state.ended !== null) ? state : undefined;
    },
    { timeoutMs: 20_000, intervalMs: 100 },
  );
}

/**
 * Waits until the incident's escalation workflow runs: the relay pages level 1 itself and starts the
 * workflow just after, so a first page can arrive before the escalation shows as running.
 */
export const escalationRunning = (http: TestStack['http'], token: string, incidentId: string) =>
  escalationWhile(http, token, incidentId, true);

/** Waits until the incident's escalation has run and ended, and answers how it ended. */
export const escalationEnded = (http: TestStack['http'], token: string, incidentId: string) =>
  escalationWhile(http, token, incidentId, false);

/** Creates an escalation policy whose level n pages `userIds[n]`, each waiting `delayMinutes` before the next; answers its id. */
export async function createLevelsPolicy(
  http: TestStack['http'],
  token: string,
  name: string,
  userIds: string[],
  delayMinutes: number,
): Promise<string> {
  const levels = userIds.map((id) => ({ targets: [{ type: 'user', id }], delay_minutes: delayMinutes }));
  return (await http.post('/api/v1/escalation-policies').set(bearer(token)).send({ name, levels }).expect(201)).body.data.id as string;
}
