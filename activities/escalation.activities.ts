import { ApplicationFailure } from '@temporalio/activity';
import type { Orm } from '../shared/db/orm.ts';
import {
  incidentNeedsPaging,
  type EscalationEnd,
  type EscalationPolicySnapshot,
  type EscalationTarget,
  type Urgency,
} from '../shared/domain/escalation.ts';
import type { Mailer } from '../shared/mail/mailer.ts';
import { uuidv7 } from '../shared/uuidv7.ts';
import { forEachBounded } from '../shared/bounded.ts';

/**
 * Who a schedule has on call at a moment, as user ids of the organization (the worker passes
 * shared/db/repositories/schedule-on-call.ts).
 */
export type ScheduleOnCall = (organizationId: string, scheduleId: string, at: Date) => Promise<string[]>;

/** A schedule port for workers and tests without schedules: a schedule target pages nobody. */
export const noScheduleOnCall: ScheduleOnCall = async () => [];

export interface EscalationActivityDeps {
  orm: Orm;
  /** Optional so workers built for other tests need not pass one; page mails are recorded failed without it. */
  mailer?: Mailer;
  /** Optional: without it schedule targets page nobody. */
  onCall?: ScheduleOnCall;
}

/** The input of one level's pages. Levels and rounds count from 1. */
export interface PageLevelInput {
  organizationId: string;
  incidentId: string;
  policyId: string;
  round: number;
  level: number;
  userIds: string[];
  /**
   * The incident's urgency, chosen by routing: `high` may page through every contact method, `low`
   * by email only. Email is the only method today, so both send the page mail; it says the urgency.
   */
  urgency: Urgency;
  /** Base of the incident link (PUBLIC_URL). */
  publicUrl: string;
}

const SEND_CONCURRENCY = 8;

// Titles come from alert payloads: one line, bounded, in a header.
const oneLine = (value: unknown, max: number) =>
  String(value ?? '')
    .replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ')
    .trim()
    .slice(0, max);

/** Subject and body of a page mail. */
export function pageMailMessage(
  incident: { id: string; title: string; severity: string; status: string },
  step: { round: number; level: number; urgency?: Urgency },
  publicUrl: string,
): { subject: string; text: string } {
  const title = oneLine(incident.title, 300);
  const severity = oneLine(incident.severity, 32);
  return {
    subject: `[${severity.toUpperCase()}] Page: ${title}`.slice(0, 400),
    text: [
      `You are paged for: ${title}`,
      '',
      `Severity: ${severity}`,
      `Urgency: ${step.urgency ?? 'high'}`,
      `Status: ${oneLine(incident.status, 32)}`,
      `Escalation level ${step.level}, round ${step.round}`,
      '',
      `Acknowledge it (move it out of active, or assign it) to stop the escalation: ${publicUrl}/incidents/${encodeURIComponent(incident.id)}`,
      '',
      'Nobody acknowledging pages the next level of the escalation policy.',
    ].join('\n'),
  };
}

/** The escalation's activities: read the policy, resolve a level's targets, page them at most once each. */
export function createEscalationActivities(deps: EscalationActivityDeps) {
  const onCall = deps.onCall ?? noScheduleOnCall;

  return {
    /** The policy as it is now, or null when it was deleted before the escalation started. */
    async loadEscalationPolicy(input: { organizationId: string; policyId: string }): Promise<EscalationPolicySnapshot | null> {
      const [row] = await deps.orm.em
        .fork()
        .execute<Array<{ id: string; name: string; levels: EscalationPolicySnapshot['levels']; repeat: number }>>(
          'select id, name, levels, repeat from escalation_policies where id = ? and organization_id = ?',
          [input.policyId, input.organizationId],
        );
      return row ? { id: row.id, name: row.name, levels: row.levels, repeat: row.repeat } : null;
    },

    /**
     * The users a level pages at this moment: user targets still in the organization, and whoever
     * each schedule has on call, without duplicates. `end` is set, and nobody returned, when the
     * incident no longer needs anyone (acknowledged, assigned, resolved or deleted): a lost signal
     * cannot page anyone after an acknowledgement.
     */
    async resolveEscalationTargets(input: {
      organizationId: string;
      incidentId: string;
      targets: EscalationTarget[];
    }): Promise<{ end: EscalationEnd | null; userIds: string[] }> {
      const em = deps.orm.em.fork();
      const [incident] = await em.execute<Array<{ status: string; assignee_id: string | null }>>(
        'select status, assignee_id from incidents where id = ? and organization_id = ?',
        [input.incidentId, input.organizationId],
      );
      if (!incident) return { end: 'resolved', userIds: [] };
      const end = incidentNeedsPaging(incident);
      if (end) return { end, userIds: [] };
      const now = new Date();
      const candidates: string[] = [];
      for (const target of input.targets) {
        if (target.type === 'user') candidates.push(target.id);
        else candidates.push(...(await onCall(input.organizationId, target.id, now)));
      }
      if (candidates.length === 0) return { end: null, userIds: [] };
      const members = await em.execute<Array<{ id: string }>>(
        'select id from users where organization_id = ? and id in (select value::uuid from json_array_elements_text(?::json))',
        [input.organizationId, JSON.stringify([...new Set(candidates)])],
      );
      const present = new Set(members.map((member) => member.id));
      return { end: null, userIds: [...new Set(candidates)].filter((id) => present.has(id)) };
    },

    /**
     * Pages each user of a level by email, at most once: each page's row is claimed (status
     * `sending`) by its unique (incident, round, level, user, method) before the send, so a retried
     * activity skips the pages it claimed before. A failed send is recorded `failed` with its error
     * and does not fail the activity: the chain goes on to the next level.
     */
    async pageEscalationTargets(input: PageLevelInput): Promise<{ sent: number; failed: number; skipped: number }> {
      const em = deps.orm.em.fork();
      const [incident] = await em.execute<Array<{ id: string; title: string; severity: string; status: string }>>(
        'select id, title, severity, status from incidents where id = ? and organization_id = ?',
        [input.incidentId, input.organizationId],
      );
      if (!incident) throw ApplicationFailure.nonRetryable('incident not found');
      const claimed = await em.execute<Array<{ id: string; user_id: string; email: string }>>(
        `insert into pages (id, organization_id, incident_id, policy_id, round, level, user_id, method, status, created_at, updated_at)
         select ids.page_id, ?, ?, ?, ?, ?, u.id, 'email', 'sending', now(), now()
         from jsonb_to_recordset(?::jsonb) as ids(user_id uuid, page_id uuid, n int)
         join users u on u.id = ids.user_id and u.organization_id = ?
         order by ids.n
         on conflict (incident_id, round, level, user_id, method) do nothing
         returning id, user_id, (select email from users where users.id = pages.user_id) as email`,
        [
          input.organizationId,
          input.incidentId,
          input.policyId,
          input.round,
          input.level,
          JSON.stringify(input.userIds.map((userId, n) => ({ user_id: userId, page_id: uuidv7(), n }))),
          input.organizationId,
        ],
      );
      const message = pageMailMessage(incident, input, input.publicUrl);
      let sent = 0;
      let failed = 0;
      const outcomes: Array<{ user_id: string; status: 'sent' | 'failed' }> = [];
      await forEachBounded(claimed, SEND_CONCURRENCY, async (page) => {
        let error: string | null = null;
        try {
          if (!deps.mailer) throw new Error('no mailer configured in this worker');
          await deps.mailer.send({ to: page.email, ...message });
          sent += 1;
        } catch (failure) {
          failed += 1;
          error = (failure instanceof Error ? failure.message : String(failure)).slice(0, 1000);
        }
        outcomes.push({ user_id: page.user_id, status: error === null ? 'sent' : 'failed' });
        await em.execute('update pages set status = ?, error = ?, updated_at = now() where id = ?', [
          error === null ? 'sent' : 'failed',
          error,
          page.id,
        ]);
      });
      if (claimed.length > 0) {
        // Written by the attempt that claimed the pages (a retry claims none): the timeline entry,
        // and the `escalation.updated` event the outbox relay pushes to the organization and the incident's subscribers.
        const summary = { policy_id: input.policyId, round: input.round, level: input.level, urgency: input.urgency, sent, failed };
        await em.execute(
          `with entry as (
             insert into incident_timeline (id, organization_id, incident_id, type, message, actor_id, data, created_at)
             values (?, ?, ?, 'page', ?, null, ?::jsonb, now()))
           insert into domain_events (id, organization_id, type, incident_id, data, created_at)
           values (?, ?, 'escalation.updated', ?, ?::jsonb, now())`,
          [
            uuidv7(),
            input.organizationId,
            input.incidentId,
            `Escalation level ${input.level} paged (round ${input.round}): ${sent} sent, ${failed} failed`,
            JSON.stringify(summary),
            uuidv7(),
            input.organizationId,
            input.incidentId,
            JSON.stringify({ escalation: { ...summary, pages: outcomes } }),
          ],
        );
      }
      return { sent, failed, skipped: input.userIds.length - claimed.length };
    },
  };
}
