import type { EntityManager } from '@mikro-orm/postgresql';
import type { PageMethod, Urgency } from '../../domain/escalation.ts';
import type { PlannedPage } from '../../domain/notification-rules.ts';
import { uuidv7 } from '../../uuidv7.ts';

/** A page row the paging activity claimed (status `sending`). */
export interface ClaimedPage {
  id: string;
  user_id: string;
  method: PageMethod;
  contact_method_id: string | null;
  rule_id: string | null;
}

/** Where in an incident's escalation a batch of pages belongs. Levels and rounds count from 1. */
export interface PageSlot {
  organizationId: string;
  incidentId: string;
  /** Null when the incident was reassigned to a person rather than a policy. */
  policyId: string | null;
  cycle: number;
  round: number;
  level: number;
}

/**
 * Claims a row (status `sending`) for each planned page whose member is still in the organization,
 * in the order given. A page claimed before (same incident, cycle, round, level, user and rule: a
 * retried activity) is not claimed again and not returned, so it is never sent twice.
 */
export function claimPages(em: EntityManager, slot: PageSlot, planned: readonly PlannedPage[]): Promise<ClaimedPage[]> {
  return em.execute<ClaimedPage[]>(
    `insert into pages (id, organization_id, incident_id, policy_id, cycle, round, level, user_id, rule_id, contact_method_id, method, status, created_at, updated_at)
     select p.page_id, ?, ?, ?, ?, ?, ?, u.id, p.rule_id, p.contact_method_id, p.method, 'sending', now(), now()
     from jsonb_to_recordset(?::jsonb) as p(user_id uuid, page_id uuid, rule_id uuid, contact_method_id uuid, method text, n int)
     join users u on u.id = p.user_id and u.organization_id = ?
     order by p.n
     on conflict (incident_id, cycle, round, level, user_id, (coalesce(rule_id, '00000000-0000-0000-0000-000000000000'::uuid))) do nothing
     returning id, user_id, method, contact_method_id, rule_id`,
    [
      slot.organizationId,
      slot.incidentId,
      slot.policyId,
      slot.cycle,
      slot.round,
      slot.level,
      JSON.stringify(
        planned.map((page, n) => ({
          user_id: page.userId,
          page_id: uuidv7(),
          rule_id: page.ruleId,
          contact_method_id: page.contactMethodId,
          method: page.method,
          n,
        })),
      ),
      slot.organizationId,
    ],
  );
}

/** Records how a claimed page's send ended: `sent` (error null) or `failed` with its error. */
export async function recordPageOutcome(em: EntityManager, pageId: string, error: string | null): Promise<void> {
  await em.execute('update pages set status = ?, error = ?, updated_at = now() where id = ?', [
    error === null ? 'sent' : 'failed',
    error,
    pageId,
  ]);
}

/** What a batch of pages did, as its timeline entry and `escalation.updated` event carry it. */
export interface PagedSummary {
  policy_id: string | null;
  cycle: number;
  round: number;
  level: number;
  urgency: Urgency | undefined;
  sent: number;
  failed: number;
}

/**
 * Writes, in one statement, a batch's `page` timeline entry and the `escalation.updated` event the
 * outbox relay pushes to the organization and the incident's subscribers; then one `page.sent`
 * event per page that went out.
 */
export async function recordPagesSent(
  em: EntityManager,
  batch: {
    organizationId: string;
    incidentId: string;
    message: string;
    summary: PagedSummary;
    outcomes: ReadonlyArray<{ user_id: string; method: string; status: 'sent' | 'failed' }>;
    sentPages: ReadonlyArray<Record<string, unknown>>;
  },
): Promise<void> {
  await em.execute(
    `with entry as (
       insert into incident_timeline (id, organization_id, incident_id, type, message, actor_id, data, created_at)
       values (?, ?, ?, 'page', ?, null, ?::jsonb, now()))
     insert into domain_events (id, organization_id, type, incident_id, data, created_at)
     values (?, ?, 'escalation.updated', ?, ?::jsonb, now())`,
    [
      uuidv7(),
      batch.organizationId,
      batch.incidentId,
      batch.message,
      JSON.stringify(batch.summary),
      uuidv7(),
      batch.organizationId,
      batch.incidentId,
      JSON.stringify({ escalation: { ...batch.summary, pages: batch.outcomes } }),
    ],
  );
  if (batch.sentPages.length === 0) return;
  await em.execute(
    `insert into domain_events (id, organization_id, type, incident_id, data, created_at)
     select e.id, ?, 'page.sent', ?, jsonb_build_object('page', e.page), now()
     from jsonb_to_recordset(?::jsonb) as e(id uuid, page jsonb)`,
    [batch.organizationId, batch.incidentId, JSON.stringify(batch.sentPages.map((page) => ({ id: uuidv7(), page })))],
  );
}
