import { generateOpaqueToken, hashOpaqueToken } from '../../shared/auth/api-keys.ts';
import { hashPassword, verifyPassword } from '../../shared/auth/password.ts';
import type { AccountStore } from '../../shared/db/access/account-tokens.ts';
import type { AccountTokenPurpose } from '../../shared/db/entities/index.ts';
import { BadRequestError, InvalidTokenError, ServiceUnavailableError } from '../../shared/errors.ts';
import type { Logger } from '../../shared/logger.ts';
import type { Mailer } from '../../shared/mail/mailer.ts';
import type { AuthContext } from '../auth-context.ts';
import { credentialTag, type CredentialCache } from './credential-cache.ts';
import type { LoginThrottle } from './login-throttle.service.ts';
import { requireUserSession, type SessionService } from './session.service.ts';

export const PASSWORD_RESET_TTL_SECONDS = 3600;
export const EMAIL_VERIFICATION_TTL_SECONDS = 24 * 3600;

/** Same answer whether or not the address has an account, so the endpoint reveals nothing. */
export const RESET_REQUESTED_MESSAGE = 'If an account exists for that email, a password reset message has been sent';
const INVALID_TOKEN_DETAIL = 'Invalid, used or expired token';

export type AccountService = ReturnType<typeof createAccountService>;

/** Where a token mail goes, and whose token it is. */
interface MailedAccount {
  id: string;
  organizationId: string;
  email: string;
}

/** Password reset and change, email verification: single-use mailed tokens, stored hashed. */
export function createAccountService(deps: {
  accounts: () => AccountStore;
  mailer: Mailer;
  logger: Logger;
  sessions: Pick<SessionService, 'cutOff' | 'endOtherSessions'>;
  throttle: LoginThrottle;
  cache: Pick<CredentialCache, 'invalidate'>;
  /** Base URL quoted in mails, e.g. `https://tocsin.example.com` (config.publicUrl: no trailing slash). */
  publicUrl: string;
}) {
  const base = `${deps.publicUrl}/api/v1`;

  /** Replaces the user's earlier tokens of this purpose, so only the latest mail works. */
  async function issueToken(user: MailedAccount, purpose: AccountTokenPurpose, ttlSeconds: number): Promise<string> {
    const token = generateOpaqueToken();
    await deps.accounts().replaceToken(user.organizationId, user.id, purpose, {
      hash: hashOpaqueToken(token),
      expiresAt: new Date(Date.now() + ttlSeconds * 1000),
    });
    return token;
  }

  async function mailVerification(user: MailedAccount): Promise<void> {
    const token = await issueToken(user, 'email_verification', EMAIL_VERIFICATION_TTL_SECONDS);
    await deps.mailer.send({
      to: user.email,
      subject: 'Verify your Tocsin email address',
      text: [
        `Confirm that ${user.email} belongs to you.`,
        '',
        `Verification token: ${token}`,
        '',
        `Send it to POST ${base}/auth/verify-email as {"token": "..."}. It works once and expires in 24 hours.`,
      ].join('\n'),
    });
  }

  return {
    /** After registration: mail a verification token. A mail failure is logged, not fatal. */
    async onRegistered(user: { id: string; email: string; organization: { id: string } }): Promise<void> {
      await mailVerification({ id: user.id, email: user.email, organizationId: user.organization.id }).catch((error: unknown) =>
        deps.logger.error({ err: error, userId: user.id }, 'verification mail failed'),
      );
    },

    async requestPasswordReset(input: { email: string }): Promise<{ message: string }> {
      const user = await deps.accounts().findByEmailAcrossOrganizations(input.email.toLowerCase());
      if (user) {
        const token = await issueToken(user, 'password_reset', PASSWORD_RESET_TTL_SECONDS);
        // Not awaited: an SMTP round trip only for existing accounts would time-leak which exist.
        void deps.mailer
          .send({
            to: user.email,
            subject: 'Reset your Tocsin password',
            text: [
              `Someone asked to reset the password of the Tocsin account ${user.email}.`,
              '',
              `Reset token: ${token}`,
              '',
              `Send it with your new password to POST ${base}/auth/password/reset/confirm as {"token": "...", "new_password": "..."}.`,
              'It works once and expires in 1 hour. If you did not ask for this, ignore this message.',
            ].join('\n'),
          })
          .catch((error: unknown) => deps.logger.error({ err: error, userId: user.id }, 'password reset mail failed'));
      }
      return { message: RESET_REQUESTED_MESSAGE };
    },

    /**
     * Sets the new password, ends every existing session of the user (whoever held one may have
     * been the reason for the reset) and lifts a lockout. Receiving the mail also proves the address.
     */
    async confirmPasswordReset(input: { token: string; new_password: string }): Promise<{ message: string }> {
      const passwordHash = await hashPassword(input.new_password);
      const user = await deps.accounts().resetPasswordByTokenAcrossOrganizations(hashOpaqueToken(input.token), passwordHash);
      if (!user) throw new InvalidTokenError(INVALID_TOKEN_DETAIL);
      // The cut-off also drops the user's cached row (email_verified may have changed above).
      await deps.sessions.cutOff(user.id);
      await deps.throttle.reset(user.email);
      return { message: 'Password has been reset; sign in with the new password' };
    },

    /**
     * Needs the current password: a wrong one is 400 BAD_REQUEST (not 401, which clients read as
     * "session over") and counts as a failed login, so a stolen session cannot brute-force it.
     * Every other session of the user ends (whoever knew the old password may hold one); this one
     * keeps working.
     */
    async changePassword(auth: AuthContext, input: { current_password: string; new_password: string }): Promise<{ message: string }> {
      requireUserSession(auth, 'Password change');
      const user = await deps.accounts().find(auth.organizationId, auth.userId);
      await deps.throttle.beginAttempt(user.email);
      if (!(await verifyPassword(input.current_password, user.passwordHash))) {
        await deps.throttle.recordFailure(user.email);
        throw new BadRequestError('Current password is incorrect');
      }
      await deps.throttle.reset(user.email);
      await deps.accounts().setPasswordHash(auth.organizationId, user.id, await hashPassword(input.new_password));
      await deps.sessions.endOtherSessions(user.id, auth.sessionId ?? null);
      return { message: 'Password changed' };
    },

    async verifyEmail(input: { token: string }): Promise<{ message: string }> {
      const userId = await deps.accounts().verifyEmailByTokenAcrossOrganizations(hashOpaqueToken(input.token));
      if (userId === undefined) throw new InvalidTokenError(INVALID_TOKEN_DETAIL);
      // `email_verified` is part of GET /auth/me, which answers from the credential cache.
      deps.cache.invalidate([credentialTag.user(userId)]);
      return { message: 'Email verified' };
    },

    async resendVerification(auth: AuthContext): Promise<{ message: string }> {
      requireUserSession(auth, 'Resending verification');
      const user = await deps.accounts().find(auth.organizationId, auth.userId);
      if (user.emailVerifiedAt) return { message: 'Email already verified' };
      try {
        await mailVerification(user);
      } catch (error) {
        deps.logger.error({ err: error, userId: user.id }, 'verification mail failed');
        throw new ServiceUnavailableError('Could not send the verification message; try again later');
      }
      return { message: 'Verification message sent' };
    },
  };
}
