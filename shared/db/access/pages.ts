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
  /** Claimed again after an attempt that claimed it died: it may have gone out already. */
  resend: boolean;
}

/**
 * How long a claim holds a page for the attempt that made it: longer than a send may take
 * (PAGE_SEND_TIMEOUT_MS, 20 s) plus its record, so two live attempts never send one page; shorter
 * than the activity's timeout, so the retry after a dead worker finds the page free again.
 */
export const PAGE_CLAIM_LEASE_SECONDS = 30;

/** Where in an incident's escalation a batch of pages belongs. Levels and rounds count from 1. */
export interface PageSlot {
  organizationId: string;
  incidentId: string;
  /** Null when the incident was reassigned to a person rather than a policy. */
  policyId: string | null;
  cycle: number;
  round: number;
  level: number;
  /** A responder's page (cycle 0): the request it answers. */
  responderId?: string;
}

/**
 * Claims a row (status `sending`, leased for PAGE_CLAIM_LEASE_SECONDS) for each planned page whose
 * member is still in the organization, in the order given. A page claimed before (same incident,
 * cycle, round, level, user and rule: a retried activity) is claimed again only when it is still
 * `sending` and its lease ran out: the attempt that claimed it died before recording its send, so
 * it goes again (`resend`, counted in `attempts`): for a pager a duplicate beats a silence.
 */
export function claimPages(em: EntityManager, slot: PageSlot, planned: readonly PlannedPage[]): Promise<ClaimedPage[]> {
  return em.execute<ClaimedPage[]>(
    `insert into pages as pg (id, organization_id, incident_id, policy_id, cycle, round, level, responder_id, user_id, rule_id, contact_method_id, method, status, claimed_until, created_at, updated_at)
     select p.page_id, ?, ?, ?, ?, ?, ?, ?::uuid, u.id, p.rule_id, p.contact_method_id, p.method, 'sending', now() + make_interval(secs => ?), now(), now()
     from jsonb_to_recordset(?::jsonb) as p(user_id uuid, page_id uuid, rule_id uuid, contact_method_id uuid, method text, n int)
     join users u on u.id = p.user_id and u.organization_id = ?
     order by p.n
     on conflict (incident_id, cycle, round, level, user_id, (coalesce(rule_id, '00000000-0000-0000-0000-000000000000'::uuid)))
     do update set attempts = pg.attempts + 1, resent_at = now(), claimed_until = excluded.claimed_until, updated_at = now()
       where pg.status = 'sending' and coalesce(pg.claimed_until, pg.updated_at + make_interval(secs => ?)) < now()
     returning id, user_id, method, contact_method_id, rule_id, attempts > 1 as resend`,
    [
      slot.organizationId,
      slot.incidentId,
      slot.policyId,
      slot.cycle,
      slot.round,
      slot.level,
      slot.responderId ?? null,
      PAGE_CLAIM_LEASE_SECONDS,
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
      PAGE_CLAIM_LEASE_SECONDS,
    ],
  );
}

/**
 * The planned pages this attempt did not claim: only those can be held by another. A first attempt
 * claims them all, and asks the database nothing more.
 */
export function unclaimedPages(planned: readonly PlannedPage[], claimed: readonly ClaimedPage[]): PlannedPage[] {
  const mine = new Set(claimed.map((page) => `${page.user_id}:${page.rule_id ?? ''}`));
  return planned.filter((page) => !mine.has(`${page.userId}:${page.ruleId ?? ''}`));
}

/**
 * How many of these planned pages another attempt still holds (`sending`, lease running): a retry
 * that finds some fails, to be retried once the lease ran out, rather than leave them unsent.
 */
export async function pagesHeldElsewhere(em: EntityManager, slot: PageSlot, planned: readonly PlannedPage[]): Promise<number> {
  if (planned.length === 0) return 0;
  const [row] = await em.execute<Array<{ n: string }>>(
    `select count(*) as n from pages pg
     join jsonb_to_recordset(?::jsonb) as p(user_id uuid, rule_id uuid)
       on pg.user_id = p.user_id and coalesce(pg.rule_id, '00000000-0000-0000-0000-000000000000'::uuid) = coalesce(p.rule_id, '00000000-0000-0000-0000-000000000000'::uuid)
     where pg.incident_id = ? and pg.organization_id = ? and pg.cycle = ? and pg.round = ? and pg.level = ?
       and pg.status = 'sending' and coalesce(pg.claimed_until, pg.updated_at + make_interval(secs => ?)) >= now()`,
    [
      JSON.stringify(planned.map((page) => ({ user_id: page.userId, rule_id: page.ruleId }))),
      slot.incidentId,
      slot.organizationId,
      slot.cycle,
      slot.round,
      slot.level,
      PAGE_CLAIM_LEASE_SECONDS,
    ],
  );
  return Number(row?.n ?? 0);
}

/**
 * Records how a claimed page's send ended: `sent` (error null, with the channel's message ref when
 * it gave one, for later updates in place) or `failed` with its error.
 */
export async function recordPageOutcome(
  em: EntityManager,
  organizationId: string,
  pageId: string,
  outcome: { error: string | null; messageRef?: string },
): Promise<void> {
  await em.execute(
    `update pages set status = ?, error = ?, message_ref = ?, sent_at = case when ? then now() else sent_at end, claimed_until = null, updated_at = now()
     where id = ? and organization_id = ?`,
    [outcome.error === null ? 'sent' : 'failed', outcome.error, outcome.messageRef ?? null, outcome.error === null, pageId, organizationId],
  );
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

/** A claimed page's outcome, as a batch's timeline entry lists it. */
export interface PageOutcome {
  user_id: string;
  method: string;
  status: 'sent' | 'failed';
  /** Sent again after an attempt that claimed it died: it may have gone out twice. */
  resent?: boolean;
}

/**
 * Writes, in one statement, a batch's `page` timeline entry, the `escalation.updated` event the
 * outbox relay pushes to the organization and the incident's subscribers, and one `page.sent`
 * event per page that went out.
 */
export async function recordPagesSent(
  em: EntityManager,
  batch: {
    organizationId: string;
    incidentId: string;
    message: string;
    summary: PagedSummary;
    outcomes: readonly PageOutcome[];
    sentPages: ReadonlyArray<Record<string, unknown>>;
  },
): Promise<void> {
  // The summary's event first, then its pages': the relay meets them in that order (ids are time-ordered).
  const [entryId, updatedId] = [uuidv7(), uuidv7()];
  const sentPages = batch.sentPages.map((page) => ({ id: uuidv7(), page }));
  await em.execute(
    `with entry as (
       insert into incident_timeline (id, organization_id, incident_id, type, message, actor_id, data, created_at)
       values (?, ?, ?, 'page', ?, null, ?::jsonb, now())),
     sent as (
       insert into domain_events (id, organization_id, type, incident_id, data, created_at)
       select e.id, ?, 'page.sent', ?, jsonb_build_object('page', e.page), now()
       from jsonb_to_recordset(?::jsonb) as e(id uuid, page jsonb))
     insert into domain_events (id, organization_id, type, incident_id, data, created_at)
     values (?, ?, 'escalation.updated', ?, ?::jsonb, now())`,
    [
      entryId,
      batch.organizationId,
      batch.incidentId,
      batch.message,
      JSON.stringify(batch.summary),
      batch.organizationId,
      batch.incidentId,
      JSON.stringify(sentPages),
      updatedId,
      batch.organizationId,
      batch.incidentId,
      JSON.stringify({ escalation: { ...batch.summary, pages: batch.outcomes } }),
    ],
  );
}
