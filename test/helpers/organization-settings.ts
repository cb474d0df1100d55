/** An organization's settings as the contract says a new one starts with, written out independently of the code's defaults. */
export const DEFAULT_SETTINGS = {
  timezone: 'UTC',
  notifications: { email: true, min_severity: 'high', notify_on_resolve: true },
  retention_days: 365,
  default_incident_severity: 'medium',
  auto_resolve_after_hours: null,
  executions: { approval_separation_of_duties: false },
  sso_required: false,
};
