// What the OpenAPI document says of each account operation, by operationId (api/routes/account.routes.ts).

export const accountDocs = {
  requestPasswordReset:
    'Answers 200 with the same message whether or not the address has an account. The token works once and expires in 1 hour.',
  confirmPasswordReset:
    'The token is the credential: a bad, used or expired one is 401 INVALID_TOKEN. On success every existing session (access and refresh tokens) of the user ends, ' +
    'a lockout is lifted and the email counts as verified. API keys are not affected.',
  changePassword:
    'A wrong `current_password` is 400 BAD_REQUEST (a 401 would read as "session over") and counts towards the login lockout (423). ' +
    'Every other session of the user ends (their access and refresh tokens are refused, in every API process); this one keeps working. API keys are not affected. ' +
    'Needs a user session: an API key gets 403.',
  verifyEmail: 'No credential needed: the token is one. A bad, used or expired (24 hours) token is 401 INVALID_TOKEN.',
  resendVerification: 'Replaces any earlier verification token. Answers 200 without mailing when the address is already verified.',
} as const;
