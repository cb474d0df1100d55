// What the OpenAPI document says of each invitation operation, by operationId (api/routes/invitation.routes.ts).

export const invitationDocs = {
  createInvitation:
    'Emails a single-use token valid for 7 days. Inviting an address again replaces its pending invitation. Only an owner may invite an owner; an address that already has an account is 409. ' +
    "An organization with no seat left in its plan's member quota (`GET /billing`: `limits.members`) refuses with 402 `PLAN_LIMIT_REACHED` and sends nothing; " +
    'with a seat left, every invitation is sent, and acceptance takes the seats in turn (a later one is refused while none is free).',
  acceptInvitation:
    'No credential: the emailed token is one. A bad, used, revoked or expired token is 401 INVALID_TOKEN; an email that already has an account is 409. ' +
    "An organization at its plan's member quota (`GET /billing`: `limits.members`) refuses with 402 `PLAN_LIMIT_REACHED`: nothing is created and the invitation stays pending, usable after an upgrade.",
} as const;
