import { z } from 'zod';
import { INCIDENT_STATUSES } from '../../shared/domain/incident.ts';
import { INCIDENT_LINK_KINDS, MAX_MERGE_SOURCES } from '../../shared/domain/incident-merge.ts';
import { single, timestamp } from './common.ts';

export const MergeIncidentsBody = z
  .object({
    source_incident_ids: z
      .array(z.uuid())
      .min(1)
      .max(MAX_MERGE_SOURCES)
      .refine((ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length, 'must not name an incident twice')
      .describe(`The incidents folded into this one (1 to ${MAX_MERGE_SOURCES}), all of this organization`),
  })
  .strict();

export const UnmergeIncidentBody = z
  .object({
    source_incident_id: z.uuid().describe('The incident merged into this one that becomes its own incident again'),
  })
  .strict();

export const IncidentMergeSchema = z
  .object({
    id: z.uuid(),
    target_incident_id: z.uuid().describe('The incident the source was merged into'),
    target_title: z.string(),
    source_incident_id: z.uuid().describe('The incident merged (resolved by the merge, `merged_into` set)'),
    source_title: z.string(),
    source_status: z.enum(INCIDENT_STATUSES).describe('The source’s status before the merge: what unmerging gives it back'),
    alert_count: z.number().int().describe('How many alerts moved from the source to the target'),
    merged_by: z.uuid().nullable(),
    merged_at: timestamp(),
    unmerged_by: z.uuid().nullable(),
    unmerged_at: timestamp().nullable().describe('When it was undone; null while it holds'),
    unmerge_until: timestamp().nullable().describe('Until when it may be undone; null once undone'),
  })
  .meta({ id: 'IncidentMerge' });
export type IncidentMergeView = z.output<typeof IncidentMergeSchema>;

export const IncidentLinkSchema = z
  .object({
    id: z.uuid(),
    kind: z
      .enum(INCIDENT_LINK_KINDS)
      .describe(
        'As made from the incident that created the link: this incident is `related` to, `caused_by` or a `duplicate_of` the other',
      ),
    direction: z
      .enum(['outgoing', 'incoming'])
      .describe(
        '`outgoing`: the link was made from this incident (it is caused by / a duplicate of the other); `incoming`: from the other side',
      ),
    incident: z.object({ id: z.uuid(), title: z.string(), status: z.enum(INCIDENT_STATUSES) }).describe('The other incident of the link'),
    created_by: z.uuid().nullable(),
    created_at: timestamp(),
  })
  .meta({ id: 'IncidentLink' });
export type IncidentLinkView = z.output<typeof IncidentLinkSchema>;

export const CreateIncidentLinkBody = z
  .object({
    incident_id: z.uuid().describe('The other incident, of this organization'),
    kind: z.enum(INCIDENT_LINK_KINDS).default('related'),
  })
  .strict();

export const IncidentLinkParams = z.object({ id: z.uuid(), link_id: z.uuid() });

export const MergeIncidentsResultSchema = z
  .object({
    target_incident_id: z.uuid(),
    merges: z.array(IncidentMergeSchema).describe('One per source, in the order given'),
  })
  .meta({ id: 'MergeIncidentsResult' });
export type MergeIncidentsResult = z.output<typeof MergeIncidentsResultSchema>;

export const MergeIncidentsResponse = single(MergeIncidentsResultSchema);
export const IncidentMergeResponse = single(IncidentMergeSchema);
export const IncidentMergeListResponse = single(z.array(IncidentMergeSchema));
export const IncidentLinkResponse = single(IncidentLinkSchema);
export const IncidentLinkListResponse = single(z.array(IncidentLinkSchema));
