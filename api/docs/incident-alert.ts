// What the OpenAPI document says of each incident-alert operation, by operationId (api/routes/incident-alert.routes.ts).

export const incidentAlertDocs = {
  listIncidentAlerts:
    'What an incident holds: each alert key (fingerprint) with its latest status and labels and how many alerts it sent. A grouped incident (its integration or routing rule has `grouping`) holds every key of its group.',
  ungroupIncidentAlert:
    "The key's alerts move to a new incident, which is routed and pages as any new incident does; its later alerts go to that incident. 409 when the incident is resolved, was not opened by a group, or holds no other key; 404 when the key is not one of its alerts.",
} as const;
