// What the OpenAPI document says of each responder operation, by operationId (api/routes/responder.routes.ts).

export const responderDocs = {
  addIncidentResponders:
    'Each person is asked once per incident and paged once through their own notification rules (high urgency) until they accept or decline; ' +
    'a person asked before, whatever they answered, is not asked or paged again (`already_asked`). The incident keeps its status and escalation. ' +
    '422 VALIDATION_ERROR for a target not of the organization; 409 CONFLICT for a resolved incident; 404 NOT_FOUND for an incident of another organization.',
} as const;
