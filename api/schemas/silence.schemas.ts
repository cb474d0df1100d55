import { z } from 'zod';
import { SILENCE_STATES, silenceMatchers } from '../../shared/domain/silence.ts';
import { list, nonBlankText, PaginationQuery, single, timestamp } from './common.ts';
import { matchersInput } from './matchers.schemas.ts';

const dateTime = () => z.iso.datetime({ offset: true }).describe('RFC 3339 date-time with offset');

/** A silence's matchers (silence.ts: at least one must narrow what it mutes). */
export const MatchersInput = matchersInput(
  silenceMatchers,
  'Alertmanager matchers: one list (`{alertname="DiskFull", env=~"prod|staging"}`) or an array of matcher texts (`["alertname=DiskFull", "env!=dev"]`). Operators `=`, `!=`, `=~`, `!~`; a regex (RE2 syntax, linear time) must match the whole value and may keep at most 256 positions alive at once (e.g. no `.{1000}` after `.*`), since each is paid for every character of a label; a label the alert lacks is the empty string. Matched over the alert\'s labels plus `severity`, `platform` and `integration` (the integration\'s id), which take precedence over labels of those names. At least one matcher must not match the empty string, and at least one must select only some values of its label (`severity=~".+"` or `{env=~".+", alertname!="Watchdog"}` would mute every alert and are refused).',
);

const comment = nonBlankText().max(2000);

export const CreateSilenceBody = z
  .object({
    matchers: MatchersInput,
    starts_at: dateTime().optional().describe('When muting starts; now when omitted'),
    ends_at: dateTime().describe('When muting ends (exclusive); must be after `starts_at` and in the future'),
    comment: comment.describe('Why: shown to whoever wonders where the alerts went'),
  })
  .strict();

export const UpdateSilenceBody = z
  .object({
    matchers: MatchersInput.optional(),
    starts_at: dateTime().optional(),
    ends_at: dateTime().optional(),
    comment: comment.optional(),
  })
  .strict()
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: 'At least one field is required' });

export const PreviewSilenceBody = z.object({ matchers: MatchersInput }).strict();

export const SilenceListQuery = PaginationQuery.extend({
  status: z.enum(SILENCE_STATES).optional().describe('Only silences in this state now'),
});

export const SilenceSchema = z
  .object({
    id: z.uuid(),
    matchers: z.array(z.string()).describe('Each matcher in canonical form (`name="value"`), ready to send back'),
    matchers_text: z.string().describe('The whole list in braces'),
    starts_at: timestamp(),
    ends_at: timestamp(),
    status: z.enum(SILENCE_STATES),
    comment: z.string(),
    created_by: z.uuid().nullable().describe('The user who created it (for an API key: its creator)'),
    updated_by: z.uuid().nullable(),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .meta({ id: 'Silence' });
export type SilenceView = z.output<typeof SilenceSchema>;

export const SilenceResponse = single(SilenceSchema);
export const SilenceListResponse = list(SilenceSchema);

export const MutedAlertSchema = z
  .object({
    id: z.uuid(),
    incident_id: z.uuid().nullable(),
    integration_id: z.uuid(),
    platform: z.string(),
    title: z.string(),
    severity: z.string(),
    status: z.string(),
    labels: z.record(z.string(), z.string()),
    received_at: timestamp(),
    silenced_by: z.uuid().nullable().describe('The silence or maintenance window that muted it'),
    silenced_kind: z.enum(['silence', 'maintenance_window', 'inhibition']).nullable(),
  })
  .meta({ id: 'AlertSummary' });
export type AlertSummaryView = z.output<typeof MutedAlertSchema>;
export const AlertSummaryListResponse = list(MutedAlertSchema);

const PreviewIncident = z.object({
  id: z.uuid(),
  title: z.string(),
  status: z.string(),
  severity: z.string(),
  source: z.string(),
  integration_id: z.uuid().nullable(),
  fingerprint: z.string().nullable(),
  created_at: timestamp(),
});

export const SilencePreviewResponse = single(
  z.object({
    open_incidents: z.array(PreviewIncident).describe('Open incidents whose labels, severity, source and integration match (at most 100)'),
    open_incidents_total: z.number().int(),
    recent_alerts: z.array(MutedAlertSchema).describe('Alerts of the last 24 hours that match, newest first (at most 100)'),
    recent_alerts_total: z.number().int(),
  }),
);
