import type { AlertTransaction } from '../shared/db/access/alert-transaction.ts';
import type { Incident } from '../shared/db/entities/index.ts';
import type { GroupingRules } from '../shared/db/grouping-rules-cache.ts';
import { chooseGrouping, groupKey, groupLabels, type GroupingSettings } from '../shared/domain/alert-grouping.ts';
import { reopenWindowMinutes, type FlappingSettings } from '../shared/domain/flapping.ts';
import { NO_INHIBITIONS, type ActiveInhibitions, type InhibitionAlert, type Inhibitor } from '../shared/domain/inhibition.ts';
import type { AlertSignalPayload } from '../shared/domain/ingestion.ts';
import type { MuteRules } from '../shared/domain/mute-rules.ts';
import type { Router } from '../shared/domain/routing.ts';
import type { KeyApplyOptions, KeyGroup } from './alert-group-apply.ts';

// Per batch: which group each dedup key joins, which alerts inhibition mutes, reopening and flap detection;
// the decisions themselves are the pure modules of shared/domain.

export interface BatchContextDeps {
  /** The organization's compiled routing rules (a rule's grouping wins over the integration's); null: none. */
  router: Router | null;
  /** The organization's grouping settings and inhibition rules (the worker's cache). */
  rules: GroupingRules;
}

/** The group an alert joins: its routing rule's grouping when that has one, else its integration's; null: none. */
export function groupOfAlert(
  alert: { labels: Readonly<Record<string, string>>; severity: string; platform: string; integrationId: string },
  router: Router | null,
  integrationGrouping: GroupingSettings | null,
): KeyGroup | null {
  const decision = router && router.size > 0 ? router.route(alert, { integrationPolicyId: null, defaultPolicyId: null }) : null;
  const choice = chooseGrouping(decision?.ruleId ? { id: decision.ruleId, grouping: decision.grouping ?? null } : null, {
    id: alert.integrationId,
    grouping: integrationGrouping,
  });
  if (!choice) return null;
  const labels = groupLabels(alert.labels, choice.settings.group_by);
  return { key: groupKey(choice.scope, labels), labels, settings: choice.settings };
}

/** The alert as inhibition sees it. */
export const inhibitionAlertOf = (signal: AlertSignalPayload): InhibitionAlert => ({
  key: signal.alert.dedupKey,
  labels: signal.alert.labels,
  severity: signal.alert.severity,
  platform: signal.alert.platform,
  integrationId: signal.integrationId,
});

/** Silences and maintenance windows first, then inhibition (its muter kind `inhibition`, id the rule's). */
export function withInhibition(rules: MuteRules, active: ActiveInhibitions, key: string): MuteRules {
  if (active === NO_INHIBITIONS) return rules;
  return {
    size: rules.size + 1,
    mutedBy(alert, at, budget) {
      const muter = rules.mutedBy(alert, at, budget);
      if (muter) return muter;
      const inhibition = active.inhibitedBy({ ...alert, key });
      return inhibition ? { kind: 'inhibition', id: inhibition.ruleId } : null;
    },
  };
}

export interface BatchContext {
  /** The group keys of the batch's keys (to lock their open incidents). */
  groups: Map<string, KeyGroup>;
  inhibitor: Inhibitor | null;
  active: ActiveInhibitions;
  flapping: FlappingSettings | null;
  /** What applyKeyAlerts needs for one key. */
  optionsFor(key: string): KeyApplyOptions;
}

/**
 * Each key's group (its routing rule's or integration's grouping), flap detection, and, when the
 * organization has inhibition rules, their firing sources (the open incidents' firing alerts, and
 * the batch's own, latest per key).
 */
export async function prepareBatchContext(
  unit: AlertTransaction,
  deps: BatchContextDeps,
  integrationId: string,
  byKey: ReadonlyMap<string, readonly AlertSignalPayload[]>,
): Promise<BatchContext> {
  const settings = deps.rules.integrations.get(integrationId) ?? { grouping: null, flapping: null, reopenWindowMinutes: null };
  const windowMinutes = reopenWindowMinutes(settings);
  const groups = new Map<string, KeyGroup>();
  if (settings.grouping || (deps.router && deps.router.size > 0)) {
    for (const [key, signals] of byKey) {
      const group = groupOfAlert(inhibitionAlertOf(signals[0] as AlertSignalPayload), deps.router, settings.grouping);
      if (group) groups.set(key, group);
    }
  }
  const inhibitor = deps.rules.inhibitor;
  const active = inhibitor ? inhibitor.withSources(await activeSources(unit, byKey)) : NO_INHIBITIONS;
  const now = new Date();
  return {
    groups,
    inhibitor,
    active,
    flapping: settings.flapping,
    optionsFor(key) {
      const group = groups.get(key) ?? null;
      return {
        group,
        now,
        firingKeysOf: (incident: Incident) => unit.firingKeysOfIncident(incident.id),
        ...(windowMinutes > 0
          ? {
              reopen: {
                windowMinutes,
                flapping: settings.flapping,
                lastResolvedId: () => unit.lastResolvedIncidentId({ fingerprint: key, groupKey: group?.key ?? null }),
              },
            }
          : {}),
      };
    },
  };
}

/** Firing alerts that may inhibit: stored ones of open incidents, overlaid by the batch's latest alert per key. */
export async function activeSources(
  unit: Pick<AlertTransaction, 'firingSourceAlerts'>,
  byKey: ReadonlyMap<string, readonly AlertSignalPayload[]>,
): Promise<InhibitionAlert[]> {
  const stored = await unit.firingSourceAlerts();
  const sources = new Map(stored.map((alert) => [alert.key, alert]));
  for (const [key, signals] of byKey) {
    const latest = signals.at(-1) as AlertSignalPayload;
    if (latest.alert.status === 'firing') sources.set(key, inhibitionAlertOf(latest));
    else sources.delete(key);
  }
  return [...sources.values()];
}
