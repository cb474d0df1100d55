import type { AlertTransaction } from '../shared/db/access/alert-transaction.ts';
import type { Incident } from '../shared/db/entities/index.ts';
import type { GroupingSettings } from '../shared/domain/alert-grouping.ts';
import { decideReopen, reopensLastIncident, type FlappingSettings } from '../shared/domain/flapping.ts';

// What grouping and flap detection add to applying one dedup key's alerts (alert-apply.ts).

/** The group a key's alerts belong to, when its routing rule or integration groups alerts. */
export interface KeyGroup {
  key: string;
  labels: Record<string, string>;
  settings: GroupingSettings;
}

export interface KeyApplyOptions {
  /** The key's group: a new incident is opened as the group's (one per open group). */
  group?: KeyGroup | null;
  /** The keys of a grouped incident whose latest alert fires (read after a flush): whether a resolve ends it. */
  firingKeysOf?: (incident: Incident) => Promise<Set<string>>;
  /**
   * Reopening (a reopen window, maybe flap detection): the key's (or group's) last resolved
   * incident, which a firing alert within `windowMinutes` of its resolution reopens.
   */
  reopen?: { windowMinutes: number; flapping: FlappingSettings | null; lastResolvedId: () => Promise<string | undefined> };
  now?: Date;
  /**
   * The key reached an incident another was merged into, not its own: a resolved alert of it is
   * recorded there without resolving the incident, whose other alerts may still fire.
   */
  mergedKey?: boolean;
}

/**
 * Reopens the key's last incident when it resolved within the reopen window (locked first); back
 * to `active`, it starts a new escalation cycle (the relay pages it from level 1). With flap
 * detection it keeps its reopenings: past the threshold it is flapping, and its reopenings page
 * once per flapping period (the relay skips a reopening whose event says `pages: false`). Null:
 * open a new one.
 */
export async function reopenResolved(
  unit: AlertTransaction,
  reopen: NonNullable<KeyApplyOptions['reopen']>,
  now: Date,
): Promise<Incident | null> {
  if (reopen.windowMinutes <= 0) return null;
  const id = await reopen.lastResolvedId();
  if (!id) return null;
  const incident = await unit.lockResolvedIncident(id);
  if (!incident || !reopensLastIncident(incident.resolvedAt ?? null, reopen.windowMinutes, now)) return null;
  const flapping = reopen.flapping;
  const decision = decideReopen({ reopenedAt: incident.reopenedAt ?? [], flappingSince: incident.flappingSince ?? null }, flapping, now);
  incident.reopenedAt = decision.reopenedAt;
  incident.flappingSince = decision.flappingSince;
  unit.changeStatus(incident, 'active', {
    message: `Reopened by a new alert${decision.flappingSince ? ' (flapping)' : ''}`,
    data: {
      reopen_window_minutes: reopen.windowMinutes,
      ...(flapping ? { reopenings: decision.reopenedAt.length, flapping: decision.flappingSince !== null } : {}),
      pages: decision.pages,
    },
    eventData: decision.pages ? {} : { pages: false },
  });
  if (flapping && decision.startedFlapping)
    unit.addTimelineEntry(incident, {
      type: 'flapping',
      message: `Flapping: reopened ${decision.reopenedAt.length} times within ${flapping.window_minutes} min; it pages once per ${flapping.window_minutes} min while it flaps`,
      data: { reopenings: decision.reopenedAt.length, window_minutes: flapping.window_minutes },
    });
  return incident;
}
