import type { Incident } from '../../shared/db/entities/index.ts';
import { isoTimestamp as iso } from '../../shared/db/sql-timestamp.ts';
import { isOpenIncidentConflict } from '../../shared/db/access/alert-transaction.ts';
import type { IncidentMergeStore, MergeRow } from '../../shared/db/access/incident-merges.ts';
import { mergeRefusal, UNMERGE_WINDOW_MS, unmergeRefusal } from '../../shared/domain/incident-merge.ts';
import { ConflictError, NotFoundError } from '../../shared/errors.ts';
import type { AuthContext } from '../auth-context.ts';
import type { IncidentMergeView, MergeIncidentsResult } from '../schemas/incident-merge.schemas.ts';

export type IncidentMergeService = ReturnType<typeof createIncidentMergeService>;

const quoted = (title: string) => `"${title.length > 80 ? `${title.slice(0, 79)}…` : title}"`;

export const mergeView = (row: MergeRow & { source_title: string; target_title: string }): IncidentMergeView => ({
  id: row.id,
  target_incident_id: row.target_incident_id,
  target_title: row.target_title,
  source_incident_id: row.source_incident_id,
  source_title: row.source_title,
  source_status: row.source_status,
  alert_count: row.alert_ids.length,
  merged_by: row.merged_by,
  merged_at: iso(row.merged_at),
  unmerged_by: row.unmerged_by,
  unmerged_at: row.unmerged_at === null ? null : iso(row.unmerged_at),
  unmerge_until: row.unmerged_at === null ? new Date(new Date(row.merged_at).getTime() + UNMERGE_WINDOW_MS).toISOString() : null,
});

/**
 * Merging incidents as PagerDuty does (docs/decisions/0018-incident-merge.md): the sources' alerts,
 * timeline and responders join the target and their dedup keys lead to it; each source is resolved
 * through the ordinary resolve path (its paging stops) with `merged_into` set. Undone within
 * UNMERGE_WINDOW_MS: the source's alerts go back and it returns to the status it had.
 */
export function createIncidentMergeService(deps: {
  merges: () => IncidentMergeStore;
  /** What resolving an incident by hand tells ingestion (incident.service.ts `onResolved`). */
  onResolved: (incident: Incident) => Promise<void>;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  return {
    async merge(auth: AuthContext, targetId: string, sourceIds: string[]): Promise<MergeIncidentsResult> {
      const resolved: Incident[] = [];
      await deps.merges().transaction(auth.organizationId, async (unit) => {
        const locked = await unit.lockIncidents([targetId, ...sourceIds]);
        const byId = new Map(locked.map((incident) => [incident.id.toLowerCase(), incident]));
        const target = byId.get(targetId.toLowerCase());
        if (!target) throw new NotFoundError('Incident');
        const sources = sourceIds.map((id) => {
          const source = byId.get(id.toLowerCase());
          // Another organization's incident is as unknown as a missing one.
          if (!source) throw new NotFoundError(`Incident ${id}`);
          return source;
        });
        const refusal = mergeRefusal(
          { id: target.id, status: target.status, mergedIntoId: target.mergedIntoId ?? null },
          sources.map((source) => ({ id: source.id, status: source.status, mergedIntoId: source.mergedIntoId ?? null })),
        );
        if (refusal) throw new ConflictError(refusal);

        for (const source of sources) {
          const previous = source.status;
          await unit.copyTimelineToTarget({
            sourceId: source.id,
            targetId: target.id,
            prefix: `[merged from ${quoted(source.title)}] `,
          });
          const { alerts, counted } = await unit.recordMerge({
            targetId: target.id,
            sourceId: source.id,
            sourceStatus: previous,
            sourceFingerprint: source.fingerprint ?? null,
            actorId: auth.userId,
          });
          await unit.copyRespondersToTarget({
            sourceId: source.id,
            targetId: target.id,
            sourceAssigneeId: source.assigneeId ?? null,
          });
          target.alertCount += counted;
          source.alertCount = Math.max(0, source.alertCount - counted);
          source.mergedIntoId = target.id;
          const merged = { merged_into: target.id, previous_status: previous, alerts };
          const message = `Merged into ${quoted(target.title)}`;
          // The ordinary resolve: the relay ends its escalation from the `incident.resolved` event.
          if (unit.changeStatus(source, 'resolved', { actorId: auth.userId, type: 'merged', message, data: merged })) resolved.push(source);
          else unit.addTimelineEntry(source, { type: 'merged', message, actorId: auth.userId, data: merged });
          unit.recordEvent(source, 'incident.updated', { actor_id: auth.userId, merged_into: target.id });
          unit.addTimelineEntry(target, {
            type: 'merged',
            message: `Incident ${quoted(source.title)} merged into this one (${alerts} alert${alerts === 1 ? '' : 's'})`,
            actorId: auth.userId,
            data: { source_incident_id: source.id, previous_status: previous, alerts },
          });
        }
        unit.recordEvent(target, 'incident.updated', { actor_id: auth.userId, merged_sources: sources.map((source) => source.id) });
      });
      // Per-key ingestion workflows still draining for a source end, as after any resolve by hand.
      for (const source of resolved) await deps.onResolved(source);
      const rows = (await deps.merges().mergesOf(auth.organizationId, targetId)) ?? [];
      const wanted = sourceIds.map((id) => id.toLowerCase());
      return {
        target_incident_id: targetId,
        merges: wanted.flatMap((id) => {
          const row = rows.find((merge) => merge.source_incident_id === id && merge.unmerged_at === null);
          return row ? [mergeView(row)] : [];
        }),
      };
    },

    async unmerge(auth: AuthContext, targetId: string, sourceId: string): Promise<IncidentMergeView> {
      try {
        await deps.merges().transaction(auth.organizationId, async (unit) => {
          const locked = await unit.lockIncidents([targetId, sourceId]);
          const target = locked.find((incident) => incident.id === targetId.toLowerCase());
          const source = locked.find((incident) => incident.id === sourceId.toLowerCase());
          if (!target) throw new NotFoundError('Incident');
          if (!source) throw new NotFoundError(`Incident ${sourceId}`);
          const merge = await unit.activeMergeOfSource(source.id);
          if (!merge || merge.target_incident_id !== target.id) throw new NotFoundError('Merge of that incident into this one');
          const refusal = unmergeRefusal({ mergedAt: new Date(merge.merged_at), unmergedAt: null }, now());
          if (refusal) throw new ConflictError(refusal);
          // Its alerts moved on with the target's: undo the target's own merge first.
          if (target.mergedIntoId) throw new ConflictError('This incident was itself merged into another: unmerge it from that one first');

          const { alerts: back, counted } = await unit.reverseMerge(merge, auth.userId);
          target.alertCount = Math.max(0, target.alertCount - counted);
          source.alertCount += counted;
          source.mergedIntoId = null;
          const data = { unmerged_from: target.id, alerts: back, status: merge.source_status };
          const message = `Unmerged from ${quoted(target.title)}: back to ${merge.source_status}`;
          if (!unit.changeStatus(source, merge.source_status, { actorId: auth.userId, type: 'unmerged', message, data }))
            unit.addTimelineEntry(source, { type: 'unmerged', message, actorId: auth.userId, data });
          unit.recordEvent(source, 'incident.updated', { actor_id: auth.userId, unmerged_from: target.id });
          unit.addTimelineEntry(target, {
            type: 'unmerged',
            message: `Incident ${quoted(source.title)} unmerged: its ${back} alert${back === 1 ? '' : 's'} went back to it`,
            actorId: auth.userId,
            data: { source_incident_id: source.id, alerts: back },
          });
          unit.recordEvent(target, 'incident.updated', { actor_id: auth.userId, unmerged_source: source.id });
        });
      } catch (error) {
        if (isOpenIncidentConflict(error))
          throw new ConflictError('Another open incident now holds this incident’s dedup key: resolve or merge it first');
        throw error;
      }
      const rows = (await deps.merges().mergesOf(auth.organizationId, targetId)) ?? [];
      const row = rows.find((merge) => merge.source_incident_id === sourceId.toLowerCase());
      if (!row) throw new NotFoundError('Merge');
      return mergeView(row);
    },

    /** The incident's merges either way: sources merged into it, and the incident it was merged into; newest first. */
    async list(auth: AuthContext, incidentId: string): Promise<IncidentMergeView[]> {
      const rows = await deps.merges().mergesOf(auth.organizationId, incidentId);
      if (!rows) throw new NotFoundError('Incident');
      return rows.map(mergeView);
    },
  };
}
