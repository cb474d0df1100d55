import { PasswordChangeBody, PasswordResetBody, PasswordResetConfirmBody, VerifyEmailBody } from '../schemas/account.schemas.ts';
import { envelope } from '../schemas/common.ts';
import { MessageResponse } from '../schemas/session.schemas.ts';
import type { AccountService } from '../services/account.service.ts';
import { defineRoute } from './route.ts';

/** Password reset and change, email verification. The mailed token is the credential of the public ones. */
export function accountRoutes(accounts: AccountService) {
  const ok = { 200: { description: 'Confirmation', schema: MessageResponse } };
  return [
    defineRoute({
      method: 'post',
      path: '/auth/password/reset',
      operationId: 'requestPasswordReset',
      summary: 'Mail a password reset token',
      description:
        'Answers 200 with the same message whether or not the address has an account. The token works once and expires in 1 hour.',
      tags: ['auth'],
      access: 'public',
      request: { body: PasswordResetBody },
      responses: ok,
      handler: async ({ body }) => ({ body: envelope(await accounts.requestPasswordReset(body)) }),
    }),
    defineRoute({
      method: 'post',
      path: '/auth/password/reset/confirm',
      operationId: 'confirmPasswordReset',
      summary: 'Set a new password with a mailed reset token',
      description:
        'The token is the credential: a bad, used or expired one is 401 INVALID_TOKEN. On success every existing session (access and refresh tokens) of the user ends, ' +
        'a lockout is lifted and the email counts as verified. API keys are not affected.',
      tags: ['auth'],
      access: 'public',
      request: { body: PasswordResetConfirmBody },
      responses: ok,
      errors: [401],
      handler: async ({ body }) => ({ body: envelope(await accounts.confirmPasswordReset(body)) }),
    }),
    defineRoute({
      method: 'post',
      path: '/auth/password/change',
      operationId: 'changePassword',
      summary: 'Change your own password',
      description:
        'A wrong `current_password` is 400 BAD_REQUEST (a 401 would read as "session over") and counts towards the login lockout (423). ' +
        'Every other session of the user ends (their access and refresh tokens are refused, in every API process); this one keeps working. API keys are not affected. ' +
        'Needs a user session: an API key gets 403.',
      tags: ['auth'],
      access: 'authenticated',
      request: { body: PasswordChangeBody },
      responses: ok,
      errors: [400, 403, 423],
      handler: async ({ auth, body }) => ({ body: envelope(await accounts.changePassword(auth, body)) }),
    }),
    defineRoute({
      method: 'post',
      path: '/auth/verify-email',
      operationId: 'verifyEmail',
      summary: 'Verify your email address with the mailed token',
      description: 'No credential needed: the token is one. A bad, used or expired (24 hours) token is 401 INVALID_TOKEN.',
      tags: ['auth'],
      access: 'public',
      request: { body: VerifyEmailBody },
      responses: ok,
      errors: [401],
      handler: async ({ body }) => ({ body: envelope(await accounts.verifyEmail(body)) }),
    }),
    defineRoute({
      method: 'post',
      path: '/auth/resend-verification',
      operationId: 'resendVerification',
      summary: 'Mail a new email verification token',
      description: 'Replaces any earlier verification token. Answers 200 without mailing when the address is already verified.',
      tags: ['auth'],
      access: 'authenticated',
      responses: ok,
      errors: [403, 503],
      handler: async ({ auth }) => ({ body: envelope(await accounts.resendVerification(auth)) }),
    }),
  ];
}
