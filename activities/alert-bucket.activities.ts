import { setTimeout } from 'node:timers/promises';
import { openIncidentConflictKey, type AlertTransactionStore } from '../shared/db/access/alert-transaction.ts';
import type { IntegrationLiveness } from '../shared/db/integration-liveness.ts';
import type { MuteRulesCache } from '../shared/db/mute-rules-cache.ts';
import type { RoutingRulesCache } from '../shared/db/routing-rules-cache.ts';
import { NO_GROUPING_RULES, type GroupingRulesCache } from '../shared/db/grouping-rules-cache.ts';
import { admitNewReceipts, groupByDedupKey, type AlertSignalPayload } from '../shared/domain/ingestion.ts';
import { applyKeyAlerts } from './alert-apply.ts';
import { prepareBatchContext, withInhibition } from './alert-batch-context.ts';
import { releaseInhibitedAlerts } from './alert-inhibition-release.ts';

export interface AlertBucketActivityDeps {
  /** The alert transaction's database side: locks, alerts, incidents and their events. */
  alertTransactions: AlertTransactionStore;
  integrationLiveness: Pick<IntegrationLiveness, 'record'>;
  /** Active silences and maintenance windows, cached per organization. */
  muteRules: Pick<MuteRulesCache, 'forOrganization'>;
  /** Routing rules, cached per organization: a rule's grouping wins over its integration's. Absent: integrations' grouping only. */
  routingRules?: Pick<RoutingRulesCache, 'forOrganization'>;
  /** Integrations' grouping and flap detection and inhibition rules, cached per organization. Absent: none. */
  groupingRules?: Pick<GroupingRulesCache, 'forOrganization'>;
  /** How a busy batch waits after its commit (tests observe it); a timer unless given. */
  linger?: (ms: number) => Promise<unknown>;
}

/**
 * How long a batch of more than one alert holds its workflow task after its commit. A busy bucket's
 * next task starts as soon as this one completes, so the longer a task, the more alerts the next
 * one carries: fewer tasks, each with its fixed costs (the activation, Temporal's round trips), for
 * the same alerts. A lone alert (a quiet bucket) does not wait (docs/decisions/0035).
 */
export const BUSY_BATCH_LINGER_MS = 50;

/** The most idle incidents one organization's sweep transaction resolves; the sweep repeats while one is full. */
export const AUTO_RESOLVE_BATCH = 200;

export function createAlertBucketActivities(deps: AlertBucketActivityDeps) {
  return {
    /**
     * The alerts of many dedup keys of one integration, as a bucket workflow received them, in one
     * transaction. An alert is skipped when it is stored already (its id: a retried activity) or
     * when an alert with its receipt key was received less than its dedup window before it (a
     * sender's retry in another time bucket). Then each key's alerts apply in arrival order to its
     * open incident. A batch costs a constant number of statements, whatever its size and its
     * number of keys: one read of stored ids and receipt keys, one locked read of the open
     * incidents of every key (in fingerprint order, so two buckets sending the same keys lock them
     * in the same order and cannot deadlock), then one insert per table and one batched update.
     */
    async recordAlertBatch(input: { signals: AlertSignalPayload[] }): Promise<{ applied: number; opened: number }> {
      const { signals } = input;
      const first = signals[0];
      if (!first) return { applied: 0, opened: 0 };
      const rules = await deps.muteRules.forOrganization(first.organizationId);
      const router = deps.routingRules ? await deps.routingRules.forOrganization(first.organizationId) : null;
      const groupingRules = deps.groupingRules ? await deps.groupingRules.forOrganization(first.organizationId) : NO_GROUPING_RULES;
      const apply = () =>
        deps.alertTransactions.transaction(first.organizationId, async (unit) => {
          const ids = signals.map((signal) => signal.alertId);
          const receiptKeys = [...new Set(signals.flatMap((signal) => (signal.receiptKey ? [signal.receiptKey] : [])))];
          const windowStart = Math.min(...signals.map((signal) => Date.parse(signal.receivedAt) - (signal.dedupWindowSeconds ?? 0) * 1000));
          const rows = await unit.storedAlerts({ ids, receiptKeys, receivedSince: new Date(windowStart) });
          const stored = new Set(rows.map((row) => row.id));
          const windowOf = new Map(signals.map((signal) => [signal.receiptKey, signal.dedupWindowSeconds ?? 0]));
          // Receipt key → until when a later alert with it is a retry (of the latest stored copy).
          const recent = new Map<string, number>();
          for (const row of rows) {
            if (!row.receiptKey) continue;
            const until = row.receivedAt.getTime() + (windowOf.get(row.receiptKey) ?? 0) * 1000;
            if (until > (recent.get(row.receiptKey) ?? 0)) recent.set(row.receiptKey, until);
          }
          const fresh = admitNewReceipts(
            recent,
            signals.filter((signal) => !stored.has(signal.alertId)),
            Number.POSITIVE_INFINITY,
          );
          if (fresh.length === 0) return { applied: 0, opened: 0 };

          const byKey = groupByDedupKey(fresh);
          const keys = [...byKey.keys()].sort();
          // Grouping, inhibition and flap detection (docs/decisions/0013-alert-grouping.md).
          const context = await prepareBatchContext(unit, { router, rules: groupingRules }, first.integrationId, byKey);
          const groupKeys = [...new Set([...context.groups.values()].map((group) => group.key))].sort();
          // At most one open incident per key and per group (the partial unique indexes); locked until commit.
          // Keys of incidents merged into another lead to that target while it is open: locked too.
          const open = await unit.lockOpenIncidents({ keys, groupKeys });
          const openByKey = new Map(open.flatMap((incident) => (incident.fingerprint ? [[incident.fingerprint, incident] as const] : [])));
          const openByGroup = new Map(open.flatMap((incident) => (incident.groupKey ? [[incident.groupKey, incident] as const] : [])));
          const openById = new Map(open.map((incident) => [incident.id, incident]));
          // Which target each key without an open incident of its own leads to: asked only when
          // one could (an open incident was found), so batches of new keys cost no statement more.
          const orphans = keys.filter((key) => !openByKey.has(key));
          const mergedInto = orphans.length > 0 && open.length > 0 ? await unit.openMergeTargets(orphans) : new Map<string, string>();
          let opened = 0;
          // Keys in one stable order: every batch inserts new incidents in the same order, so two
          // inserting the same new keys wait on each other at the unique index instead of deadlocking.
          for (const key of keys) {
            const group = context.groups.get(key);
            // The key's own open incident, else the one its incident was merged into, else its
            // group's (a key joins the group's incident).
            const own = openByKey.get(key);
            const target = own ? undefined : openById.get(mergedInto.get(key) ?? '');
            const current = own ?? target ?? (group ? openByGroup.get(group.key) : undefined) ?? null;
            const outcome = await applyKeyAlerts(
              unit,
              withInhibition(rules, context.active, key),
              byKey.get(key) as AlertSignalPayload[],
              current,
              undefined,
              target ? { ...context.optionsFor(key), mergedKey: true } : context.optionsFor(key),
            );
            if (outcome.created) opened += 1;
            if (group && outcome.incident?.groupKey === group.key) openByGroup.set(group.key, outcome.incident);
            else if (group && current?.groupKey === group.key && current.status === 'resolved') openByGroup.delete(group.key);
          }
          // A resolved source may release the alerts it inhibited.
          if (context.inhibitor && fresh.some((signal) => signal.alert.status === 'resolved'))
            opened += await releaseInhibitedAlerts(unit, {
              inhibitor: context.inhibitor,
              muteRules: rules,
              router,
              rules: groupingRules,
            });
          return { applied: fresh.length, opened };
        });
      // Two buckets (two integrations) opening an incident for the same new key meet at the partial
      // unique index; the loser waited for the winner's commit, so applying its batch again at once
      // finds the winner's incident and joins it, instead of waiting out the activity's retry backoff.
      // A batch opening several keys (a grouped storm's groups) can lose one race per key, each to
      // another bucket: it goes on while each conflict is a key not refused before, which the next
      // attempt finds, and gives up on a key refused twice.
      let result: Awaited<ReturnType<typeof apply>>;
      const refusedKeys = new Set<string>();
      for (;;) {
        try {
          result = await apply();
          break;
        } catch (error) {
          const key = openIncidentConflictKey(error);
          if (key === undefined || refusedKeys.has(key) || refusedKeys.size >= signals.length) throw error;
          refusedKeys.add(key);
        }
      }
      const latest = signals.reduce((max, signal) => (signal.receivedAt > max ? signal.receivedAt : max), first.receivedAt);
      deps.integrationLiveness.record(first.organizationId, first.integrationId, new Date(latest));
      // After the commit: these alerts' incidents and pages do not wait; the bucket's next batch grows.
      if (signals.length > 1) await (deps.linger ?? setTimeout)(BUSY_BATCH_LINGER_MS);
      return result;
    },

    /**
     * The auto-resolve sweep: in each organization whose auto_resolve_after_hours is set, resolves
     * up to AUTO_RESOLVE_BATCH alert-opened incidents no alert reached for that long. Rows an
     * ingestion transaction holds are skipped (SKIP LOCKED) for the next sweep; one it commits
     * meanwhile is re-read under the lock, so an incident that just got an alert stays open.
     * Returns how many it resolved and whether an organization had more than a batch.
     */
    async autoResolveIdleIncidents(input: { limit?: number } = {}): Promise<{ resolved: number; more: boolean }> {
      const limit = Math.max(1, input.limit ?? AUTO_RESOLVE_BATCH);
      const organizations = await deps.alertTransactions.autoResolvingOrganizations();
      let resolved = 0;
      let more = false;
      for (const { id: organizationId, hours } of organizations) {
        const afterMs = Math.round(hours * 3_600_000);
        const count = await deps.alertTransactions.transaction(organizationId, async (unit) => {
          const incidents = await unit.lockIdleAlertIncidents(afterMs / 1000, limit);
          for (const incident of incidents) {
            unit.changeStatus(incident, 'resolved', {
              message: `Resolved automatically: no new alert for ${+hours.toFixed(3)} h`,
              data: { auto_resolved: true, after_ms: afterMs },
            });
          }
          return incidents.length;
        });
        resolved += count;
        if (count >= limit) more = true;
      }
      return { resolved, more };
    },
  };
}
