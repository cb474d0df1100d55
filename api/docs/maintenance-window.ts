// What the OpenAPI document says of each maintenance-window operation, by operationId (api/routes/maintenance-window.routes.ts).

const EFFECT =
  'While a window is in effect, every alert of its integrations (all of the organization when `integration_ids` is empty) is muted as by a silence: stored and counted, marked with `silenced_by` (the window id) and `silenced_kind: "maintenance_window"`, opening no incident and notifying no one; a resolved alert still resolves its open incident. Permissions: those of silences (`silences:read`, `silences:create`, `silences:update`).';

export const maintenanceWindowDocs = {
  listMaintenanceWindows: 'Latest start first.',
  createMaintenanceWindow: EFFECT,
  updateMaintenanceWindow: '`rrule: null` makes it one-off.',
  deleteMaintenanceWindow: 'The alerts it muted stay stored and marked with its id.',
} as const;
