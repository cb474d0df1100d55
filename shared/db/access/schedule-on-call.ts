import type { EntityManager } from '@mikro-orm/core';
import { ScheduleEntity, ScheduleOverrideEntity } from '../entities/index.ts';
import type { Orm } from '../orm.ts';
import { forkForStores, unscoped } from '../tenant-filter.ts';
import { ON_CALL_HORIZON_MS } from '../../domain/schedule.ts';
import { scheduleDefinition } from '../../domain/schedule-definition.ts';
import { importedEvents } from './schedule-ical-feeds.ts';
import { createOnCallSnapshot, type OnCallSnapshot } from '../../domain/on-call-snapshot.ts';
import { icalLayerIds } from '../../domain/schedule-ical-layer.ts';

/**
 * Who is on call on one schedule of an organization at an instant: the escalation's schedule
 * targets. Empty in a gap, and for a schedule that is gone or of another organization. Answered
 * from the organization's on-call snapshot (createOnCallSnapshots: one indexed read of its schedule
 * version per call, the schedules read again whenever it changed), so a storm's pages do not each
 * read and render the schedule; an instant before the snapshot's reach gets a snapshot of its own.
 */
export function createScheduleOnCall(deps: { orm: Orm; snapshots?: OnCallSnapshots }) {
  const snapshots = deps.snapshots ?? createOnCallSnapshots();
  return async (organizationId: string, scheduleId: string, at: Date): Promise<string[]> => {
    const source = onCallSnapshotSource(forkForStores(deps.orm));
    const kept = await snapshots(source, organizationId);
    const snapshot = at.getTime() >= kept.validFrom ? kept : await source.onCallSnapshot(organizationId, at.getTime());
    const shift = snapshot.shiftOf(scheduleId, at.getTime());
    return shift ? [shift.user] : [];
  };
}

/** How far before its load a snapshot answers: `GET /oncall?at=` earlier than that reads afresh. */
const SNAPSHOT_LOOKBACK_MS = 86_400_000;

/**
 * Every schedule of the organization with the overrides that can matter from a day before `now`
 * on, and their imported events, for `GET /oncall`.
 */
export async function loadOnCallSnapshot(em: EntityManager, organizationId: string, now: number): Promise<OnCallSnapshot> {
  const validFrom = now - SNAPSHOT_LOOKBACK_MS;
  const schedules = await em.find(ScheduleEntity, { organization: organizationId }, { ...unscoped, orderBy: { name: 'asc', id: 'asc' } });
  const ids = schedules.map((schedule) => schedule.id);
  const overrides =
    ids.length === 0
      ? []
      : await em.find(
          ScheduleOverrideEntity,
          { organization: organizationId, schedule: { $in: ids }, endAt: { $gt: new Date(validFrom - ON_CALL_HORIZON_MS) } },
          { ...unscoped, orderBy: { createdAt: 'asc', id: 'asc' } },
        );
  const bySchedule = Map.groupBy(overrides, (override) => override.schedule.id);
  const imported = schedules.some((schedule) => icalLayerIds(schedule.layers).length > 0)
    ? await importedEvents(em, ids, { organization: organizationId })
    : new Map();
  return createOnCallSnapshot(
    schedules.map((schedule) => ({
      id: schedule.id,
      name: schedule.name,
      timeZone: schedule.timeZone,
      definition: scheduleDefinition(schedule, bySchedule.get(schedule.id) ?? [], imported),
    })),
    validFrom,
  );
}

/** The organization's schedule version, bumped by a trigger on every write to its schedules, overrides and imported calendars. */
export async function scheduleVersion(em: EntityManager, organizationId: string): Promise<string> {
  const [row] = await em
    .getConnection()
    .execute<Array<{ version: string }>>('select version::text as version from schedule_versions where organization_id = ?', [
      organizationId,
    ]);
  return row?.version ?? '0';
}

/** Where an organization's on-call snapshot is read from (the schedule store). */
export interface OnCallSnapshotSource {
  scheduleVersion(organizationId: string): Promise<string>;
  onCallSnapshot(organizationId: string, now: number): Promise<OnCallSnapshot>;
}

/** The snapshot's reads through `em`. */
export function onCallSnapshotSource(em: EntityManager): OnCallSnapshotSource {
  return {
    scheduleVersion: (organizationId) => scheduleVersion(em, organizationId),
    onCallSnapshot: (organizationId, now) => loadOnCallSnapshot(em, organizationId, now),
  };
}

/** An organization's on-call snapshot, read through `source` only when its schedule version changed. */
export type OnCallSnapshots = (source: OnCallSnapshotSource, organizationId: string) => Promise<OnCallSnapshot>;

/** How many organizations' snapshots a process keeps, least recently used dropped first. */
const SNAPSHOTS_KEPT = 1_000;
/** A snapshot is read afresh at least this often, so its overrides stay a day's worth. */
const SNAPSHOT_MAX_AGE_MS = 3_600_000;

/**
 * Each process's on-call snapshots, one per organization. Every request reads the
 * organization's schedule version (one row, bumped by a trigger on every write to its schedules,
 * overrides and imported calendars, from any process) and reuses the snapshot only when it was
 * read at that version: never stale, and one indexed read instead of every schedule.
 */
export function createOnCallSnapshots(options: { kept?: number; maxAgeMs?: number } = {}): OnCallSnapshots {
  const kept = options.kept ?? SNAPSHOTS_KEPT;
  const maxAgeMs = options.maxAgeMs ?? SNAPSHOT_MAX_AGE_MS;
  const snapshots = new Map<string, { version: string; loadedAt: number; snapshot: OnCallSnapshot }>();
  return async (source: OnCallSnapshotSource, organizationId: string): Promise<OnCallSnapshot> => {
    const version = await source.scheduleVersion(organizationId);
    const now = Date.now();
    const known = snapshots.get(organizationId);
    snapshots.delete(organizationId);
    if (known && known.version === version && now - known.loadedAt < maxAgeMs) {
      snapshots.set(organizationId, known);
      return known.snapshot;
    }
    // Read after the version: a write in between makes this snapshot newer than its version, and
    // the next request, seeing the bumped version, reads again.
    const snapshot = await source.onCallSnapshot(organizationId, now);
    snapshots.set(organizationId, { version, loadedAt: now, snapshot });
    if (snapshots.size > kept) snapshots.delete(snapshots.keys().next().value as string);
    return snapshot;
  };
}
