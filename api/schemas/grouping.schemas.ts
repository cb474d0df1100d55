import { z } from 'zod';
import {
  DEFAULT_GROUP_INTERVAL_SECONDS,
  DEFAULT_GROUP_WAIT_SECONDS,
  GROUP_BY_ALL,
  MAX_GROUP_BY_LABELS,
  MAX_GROUP_INTERVAL_SECONDS,
  MAX_GROUP_WAIT_SECONDS,
} from '../../shared/domain/alert-grouping.ts';
import { MAX_FLAP_THRESHOLD, MAX_FLAP_WINDOW_MINUTES, MAX_REOPEN_WINDOW_MINUTES } from '../../shared/domain/flapping.ts';

const labelName = z.string().min(1).max(200).describe('A label name, or `...` for every label');

/** Alertmanager's route grouping options, on an integration or a routing rule. */
export const GroupingSettingsSchema = z
  .object({
    group_by: z
      .array(labelName)
      .max(MAX_GROUP_BY_LABELS)
      .refine((names) => !names.includes(GROUP_BY_ALL) || names.length === 1, { message: '`...` stands alone' })
      .describe(
        'Alerts whose values of these labels are equal share one incident (a label an alert lacks is left out, as in Alertmanager); `["..."]` groups by every label; `[]` puts all alerts in one group',
      ),
    group_wait_seconds: z
      .number()
      .int()
      .min(0)
      .max(MAX_GROUP_WAIT_SECONDS)
      .default(DEFAULT_GROUP_WAIT_SECONDS)
      .describe("How long a new group's incident gathers alerts before its first page (default 30)"),
    group_interval_seconds: z
      .number()
      .int()
      .min(0)
      .max(MAX_GROUP_INTERVAL_SECONDS)
      .default(DEFAULT_GROUP_INTERVAL_SECONDS)
      .describe(
        'Least time between two `incident.updated` notifications of alerts that joined an open group incident (default 300); joined alerts never page',
      ),
  })
  .strict()
  .meta({ id: 'GroupingSettings' });

export const FlappingSettingsSchema = z
  .object({
    threshold: z.number().int().min(1).max(MAX_FLAP_THRESHOLD).describe('More reopenings than this within the window is flapping'),
    window_minutes: z
      .number()
      .int()
      .min(1)
      .max(MAX_FLAP_WINDOW_MINUTES)
      .describe(
        'The window, and the flapping period: an alert within it of its incident resolving reopens that incident; a flapping incident pages once per period',
      ),
  })
  .strict()
  .meta({ id: 'FlappingSettings' });

export const groupingField = GroupingSettingsSchema.nullable().describe(
  'Alert grouping (Alertmanager `group_by`, `group_wait`, `group_interval`); null: each alert key opens its own incident',
);
export const flappingField = FlappingSettingsSchema.nullable().describe(
  'Flap detection of its incidents; null: off (each firing alert after a resolution opens a new incident)',
);

export const reopenWindowField = z
  .number()
  .int()
  .min(0)
  .max(MAX_REOPEN_WINDOW_MINUTES)
  .nullable()
  .describe(
    'Minutes after its incident resolves in which a firing alert with the same dedup key (or group) reopens that incident, which pages again from level 1 in a new escalation cycle; outside it a new incident opens. 0: never reopen; null (default): the flapping window when flap detection is on, else never (as PagerDuty and Grafana OnCall)',
  );
