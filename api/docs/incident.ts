// What the OpenAPI document says of each incident operation, by operationId (api/routes/incident.routes.ts).

export const incidentDocs = {
  createIncident:
    'It pages like an incident opened by an alert when it is `active`: its assignee at once through their notification rules, else its `escalation_policy_id` from level 1; ' +
    'with neither it pages nobody. An `assignee_id` or `escalation_policy_id` naming nothing of the organization is 404 NOT_FOUND (`detail` names the field).',
  updateIncident:
    "Any status may follow any other. Every change adds a timeline entry; resolving also closes the incident's alert stream, so a later firing alert opens a new incident. " +
    'An `assignee_id` naming no user of the organization is 404 NOT_FOUND, like an unknown incident (`detail` names the field). ' +
    'Moving it out of `active`, or assigning it, acknowledges it and ends its escalation. Reopening it (`resolved` to `active`) starts a new escalation cycle: its assignee, or else its escalation policy from level 1, is paged again. Reopening while a newer open incident holds the same dedup or group key is 409 CONFLICT: resolve or merge that one first.',
} as const;
