import type { EntityManager } from '@mikro-orm/core';
import { runStatement } from './statement.ts';

const ADD_SQL = `insert into usage_counters as c (organization_id, period_start, metric, count)
  select organization_id, period_start, metric, delta from jsonb_to_recordset(?::jsonb) as d(organization_id uuid, period_start date, metric text, delta bigint)
  on conflict (organization_id, period_start, metric) do update set count = c.count + excluded.count`;

/** Adds usage deltas to the organizations' billing-period counters in one statement (`period_start` as YYYY-MM-DD). */
export async function addUsage(
  em: EntityManager,
  deltas: ReadonlyArray<{ organization_id?: string; period_start?: string; metric?: string; delta: number }>,
): Promise<void> {
  await runStatement(em, ADD_SQL, [JSON.stringify(deltas)], 'run');
}

/** One organization's count of a metric in a billing period, not yet added. */
export interface UsageDelta {
  organizationId: string;
  /** YYYY-MM-DD */
  periodStart: string;
  metric: string;
  delta: number;
}

/**
 * The billing-usage counters. The meter's flush batches every organization's deltas into one
 * statement, so the write looks across organizations by design: each row names its own.
 */
export interface UsageCounterStore {
  addAcrossOrganizations(deltas: readonly UsageDelta[]): Promise<void>;
}

export function createUsageCounterStore(em: EntityManager): UsageCounterStore {
  return {
    addAcrossOrganizations: (deltas) =>
      addUsage(
        em,
        deltas.map((delta) => ({
          organization_id: delta.organizationId,
          period_start: delta.periodStart,
          metric: delta.metric,
          delta: delta.delta,
        })),
      ),
  };
}
