// What the OpenAPI document says of each incident-role operation, by operationId (api/routes/incident-role.routes.ts).

export const incidentRoleDocs = {
  createIncidentRole: '409 CONFLICT for a key in use (built-in or custom), or past 50 custom roles.',
  updateIncidentRole: '409 CONFLICT for a built-in role; 404 NOT_FOUND for a key the organization does not have.',
  deleteIncidentRole:
    'Refused (409 CONFLICT) for a built-in role and while an open incident has someone in it; resolved incidents keep their holders, named by the key.',
  assignIncidentRole:
    'A new holder other than the caller is asked as a responder and paged through their own notification rules (high urgency) until they accept, ' +
    'once per incident: someone asked to respond before is not paged again. The same holder again changes nothing. On the timeline and as an `incident.updated` event. ' +
    '404 NOT_FOUND for an incident of another organization or an unknown role; 409 CONFLICT for a resolved incident; 422 VALIDATION_ERROR for a user not of the organization.',
  unassignIncidentRole:
    '404 NOT_FOUND when nobody holds it (or for an incident of another organization); 409 CONFLICT for a resolved incident.',
} as const;
