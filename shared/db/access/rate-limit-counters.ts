import type { EntityManager } from '@mikro-orm/core';
import { runStatement } from './statement.ts';

/** Whose plan a limit follows: an organization's, or that of the organization owning an integration. */
export type PlanOwner = { organizationId: string } | { integrationId: string };

const PLAN_OF: Record<'organization' | 'integration', string> = {
  organization: 'select plan from organizations where id = ?::uuid',
  // Only webhook routes use this form, and they exist only where the integrations table does.
  integration: 'select o.plan from integrations i join organizations o on o.id = i.organization_id where i.id = ?::uuid',
};

/** The owner's plan; null when there is no such organization or integration. */
export async function planOfOwner(em: EntityManager, owner: PlanOwner): Promise<string | null> {
  const byOrganization = 'organizationId' in owner;
  const rows = await runStatement<Array<{ plan: string }>>(em, PLAN_OF[byOrganization ? 'organization' : 'integration'], [
    byOrganization ? owner.organizationId : owner.integrationId,
  ]);
  return rows[0]?.plan ?? null;
}

/** Deletes the counters of windows that started before `windowStart`. */
export async function pruneRateLimitCounters(em: EntityManager, windowStart: Date): Promise<void> {
  await runStatement(em, 'delete from rate_limit_counters where window_start < ?::timestamptz', [windowStart.toISOString()], 'run');
}

// One statement for every bucket of a flush: add the deltas, and read the counts of buckets
// without one (what other processes added). Rows travel as one JSON parameter.
const FLUSH_SQL = `with d as (select * from jsonb_to_recordset(?::jsonb) as d(key text, window_start timestamptz, delta int)),
  added as (
    insert into rate_limit_counters as c (key, window_start, count)
    select key, window_start, delta from d where delta > 0
    on conflict (key, window_start) do update set count = c.count + excluded.count
    returning c.key, c.window_start, c.count)
select key, window_start, count from added
union all
select c.key, c.window_start, c.count from rate_limit_counters c join d on d.key = c.key and d.window_start = c.window_start where d.delta = 0`;

/** Adds each bucket's delta (0: none) and returns the buckets' counts across every process. */
export function addToRateLimitCounters(
  em: EntityManager,
  buckets: ReadonlyArray<{ key: string; window_start: string; delta: number }>,
): Promise<Array<{ key: string; window_start: Date | string; count: number }>> {
  return runStatement(em, FLUSH_SQL, [JSON.stringify(buckets)]);
}

/**
 * The rate limiter's plans and shared counters. A webhook's plan is read by its integration before
 * the organization is known, and one flush sends every organization's buckets (keyed by credential,
 * address or integration) in one statement: those methods look across organizations by design.
 */
export interface RateLimitCounterStore {
  planOfOrganization(organizationId: string): Promise<string | null>;
  /** The plan of the organization owning the integration; null when there is none. */
  planOfIntegrationAcrossOrganizations(integrationId: string): Promise<string | null>;
  /** Deletes the counters of windows that started before `windowStart`. */
  pruneAcrossOrganizations(windowStart: Date): Promise<void>;
  /** Adds each bucket's delta (0: none) and returns the buckets' counts across every process. */
  addAcrossOrganizations(
    buckets: ReadonlyArray<{ key: string; window_start: string; delta: number }>,
  ): Promise<Array<{ key: string; window_start: Date | string; count: number }>>;
}

export function createRateLimitCounterStore(em: EntityManager): RateLimitCounterStore {
  return {
    planOfOrganization: (organizationId) => planOfOwner(em, { organizationId }),
    planOfIntegrationAcrossOrganizations: (integrationId) => planOfOwner(em, { integrationId }),
    pruneAcrossOrganizations: (windowStart) => pruneRateLimitCounters(em, windowStart),
    addAcrossOrganizations: (buckets) => addToRateLimitCounters(em, buckets),
  };
}
