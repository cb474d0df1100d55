import { PasswordChangeBody, PasswordResetBody, PasswordResetConfirmBody, VerifyEmailBody } from '../schemas/account.schemas.ts';
import { envelope } from '../schemas/common.ts';
import { MessageResponse } from '../schemas/session.schemas.ts';
import type { AccountService } from '../services/account.service.ts';
import { defineRoute } from './route.ts';
import { accountDocs } from '../docs/account.ts';

/** Password reset and change, email verification. The mailed token is the credential of the public ones. */
export function accountRoutes(accounts: AccountService) {
  const ok = { 200: { description: 'Confirmation', schema: MessageResponse } };
  return [
    defineRoute({
      method: 'post',
      path: '/auth/password/reset',
      operationId: 'requestPasswordReset',
      summary: 'Mail a password reset token',
      description: accountDocs.requestPasswordReset,
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
      description: accountDocs.confirmPasswordReset,
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
      description: accountDocs.changePassword,
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
      description: accountDocs.verifyEmail,
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
      description: accountDocs.resendVerification,
      tags: ['auth'],
      access: 'authenticated',
      responses: ok,
      errors: [403, 503],
      handler: async ({ auth }) => ({ body: envelope(await accounts.resendVerification(auth)) }),
    }),
  ];
}
