// What the OpenAPI document says of each audit operation, by operationId (api/routes/audit.routes.ts).

const AUDIT_DESCRIPTION =
  'Every successful POST, PUT, PATCH or DELETE, plus logins, registrations and accepted invitations, newest first. Inbound webhook traffic is recorded as alerts, not here.';

export const auditDocs = {
  listAuditEvents: AUDIT_DESCRIPTION,
  listAdminAuditEvents: `${AUDIT_DESCRIPTION} Adds the actor's email, name and API key name, and the user agent.`,
} as const;
