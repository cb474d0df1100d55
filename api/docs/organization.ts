// What the OpenAPI document says of each organization operation, by operationId (api/routes/organization.routes.ts).

export const organizationDocs = {
  getOrganization: 'The organization of the credential; there is no way to address another one.',
  updateOrganization: 'The plan changes through billing, not here.',
  updateOrganizationSettings:
    'Merged into the current settings (nested objects key by key); the merged whole is validated. Unknown keys are refused. ' +
    'Lowering `retention_days` is owner-only: anyone else (an admin, any API key) gets 403 INSUFFICIENT_PERMISSIONS. ' +
    'Turning `sso_required` on ends the password sessions of every member but the owners (their tokens stop working at once); they sign in again through /sso/initiate.',
} as const;
