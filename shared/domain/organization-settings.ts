// Kept free of Node built-ins and I/O: workflows (notifications, retention) may read these settings.
import { z } from 'zod';
import { SEVERITIES } from './alert.ts';
import { TimeZoneSchema } from './time-zone.ts';

export { isIanaTimeZone } from './time-zone.ts';

// Aliases (`Asia/Calcutta`, `US/Eastern`) are accepted beside canonical names and kept as given.
const timezone = TimeZoneSchema;
const severity = z.enum(SEVERITIES);

// Field schemas carry no defaults: a PATCH must not fill in (and so overwrite) what it leaves out.
const notificationFields = {
  /** Send notification emails at all. */
  email: z.boolean(),
  /** Incidents below this severity do not notify. */
  min_severity: severity,
  /** Also notify when an incident is resolved, not only when it opens or escalates. */
  notify_on_resolve: z.boolean(),
};
const retentionDays = z.number().int().min(1).max(3650);

const NOTIFICATIONS_DESCRIPTION =
  'Who hears of incidents besides pages: every member who may read incidents is notified (in the app, and by mail with `email`) ' +
  'when an incident at or above `min_severity` opens, and with `notify_on_resolve` when it resolves, unless an escalation policy ' +
  'pages it (routed to one, or given one): then its pages reach whoever it targets, by their own notification rules, and nobody else is told. ' +
  'An assignee is always told of their assignment.';

const RETENTION_DAYS_DESCRIPTION =
  "Days alerts, logs and notifications are kept. Audit events are kept at least the operator's minimum (365 days by default) " +
  'whatever this says. Only an owner may lower it (others get 403 INSUFFICIENT_PERMISSIONS); raising it needs settings:update.';

/** The operator's floor for audit events (`AUDIT_RETENTION_MIN_DAYS`) when it sets none. */
export const DEFAULT_AUDIT_RETENTION_MIN_DAYS = 365;

/** Days audit events are kept: the organization's retention_days, never fewer than the operator's minimum. */
export function auditRetentionDays(retentionDays: number, minimumDays: number): number {
  return Math.max(retentionDays, minimumDays);
}
// Fractional hours (e.g. 0.5); at least 0.001 h (3.6 s), which only tests and demos want.
export const MIN_AUTO_RESOLVE_HOURS = 0.001;
const autoResolveAfterHours = z
  .number()
  .min(MIN_AUTO_RESOLVE_HOURS)
  .max(8760)
  .nullable()
  .describe(
    'Resolve an alert-opened incident once no alert has reached it for this many hours (fractional, at least 0.001); null never. ' +
      'A sweep runs every minute with the current value, so a change applies to every open alert-opened incident, and an incident resolves up to a minute after its time.',
  );

const executionFields = {
  /**
   * Separation of duties: whoever started an execution cannot approve (or skip) its approval
   * steps; someone else with `executions:update` must.
   */
  approval_separation_of_duties: z.boolean(),
};

const ExecutionSettingsSchema = z.object({
  approval_separation_of_duties: executionFields.approval_separation_of_duties.default(false),
});

const NotificationSettingsSchema = z.object({
  email: notificationFields.email.default(true),
  min_severity: notificationFields.min_severity.default('high'),
  notify_on_resolve: notificationFields.notify_on_resolve.default(true),
});

/**
 * An organization's settings, stored in `organizations.settings`. Every field has a default, so an
 * organization that never saved any reads the full object, and new fields appear with their default.
 */
export const OrganizationSettingsSchema = z
  .object({
    timezone: timezone.default('UTC'),
    notifications: NotificationSettingsSchema.prefault({}).describe(NOTIFICATIONS_DESCRIPTION),
    /**
     * Days alerts, logs and notifications are kept; audit events are kept at least the operator's
     * AUDIT_RETENTION_MIN_DAYS (default 365) whatever this says. Only an owner may lower it.
     */
    retention_days: retentionDays.default(365).describe(RETENTION_DAYS_DESCRIPTION),
    default_incident_severity: severity.default('medium'),
    /**
     * Resolve an alert-opened incident after this many hours (fractional allowed) without a new alert;
     * null never auto-resolves. Read by the minutely sweep: a change applies to every open incident.
     */
    auto_resolve_after_hours: autoResolveAfterHours.default(null),
    executions: ExecutionSettingsSchema.prefault({}),
    /** Password login is refused (403 SSO_REQUIRED) for everyone but owners: members sign in through SSO. */
    sso_required: z.boolean().default(false),
  })
  .meta({ id: 'OrganizationSettings' });

export type OrganizationSettings = z.output<typeof OrganizationSettingsSchema>;

/**
 * A PATCH body: any subset of the fields, nested objects partial too. Unknown keys are refused, so
 * a misspelt setting is a 422 rather than silently ignored.
 */
export const OrganizationSettingsPatchSchema = z
  .object({
    timezone,
    notifications: z.object(notificationFields).partial().strict().describe(NOTIFICATIONS_DESCRIPTION),
    retention_days: retentionDays.describe(RETENTION_DAYS_DESCRIPTION),
    default_incident_severity: severity,
    auto_resolve_after_hours: autoResolveAfterHours,
    executions: z.object(executionFields).partial().strict(),
    sso_required: z.boolean(),
  })
  .partial()
  .strict();

export type OrganizationSettingsPatch = z.output<typeof OrganizationSettingsPatchSchema>;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Objects merge key by key; anything else (including arrays and null) replaces. */
export function mergeSettings(base: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    merged[key] = isPlainObject(value) && isPlainObject(merged[key]) ? mergeSettings(merged[key] as Record<string, unknown>, value) : value;
  }
  return merged;
}

/**
 * Reads stored settings. A stored value that no longer validates (the schema tightened since it was
 * saved) falls back to its default instead of making the organization's settings unreadable.
 */
export function readSettings(stored: unknown): OrganizationSettings {
  const raw = isPlainObject(stored) ? stored : {};
  const result = OrganizationSettingsSchema.safeParse(raw);
  if (result.success) return result.data;
  const invalid = new Set(result.error.issues.map((issue) => String(issue.path[0])));
  return OrganizationSettingsSchema.parse(Object.fromEntries(Object.entries(raw).filter(([key]) => !invalid.has(key))));
}
