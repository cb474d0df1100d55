import { hashPassword, verifyPassword } from '../../shared/auth/password.ts';
import { clientAddressKey } from '../../shared/net/client-address.ts';
import type { OrganizationRecord } from '../../shared/db/access/organizations.ts';
import type { SignInAccount, SignInStore } from '../../shared/db/access/sign-ins.ts';
import type { Role } from '../../shared/domain/permissions.ts';
import type { SessionAuthMethod } from '../../shared/auth/tokens.ts';
import { isRole } from '../../shared/domain/permissions.ts';
import { AppError, ConflictError, InvalidTokenError, NotFoundError } from '../../shared/errors.ts';
import type { AuthContext } from '../auth-context.ts';
import type { MeView, OrganizationView, TokenResponse, UserView } from '../schemas/auth.schemas.ts';
import type { AccountService } from './account.service.ts';
import type { CredentialStore } from './credential-store.ts';
import type { LoginAddressThrottle, LoginThrottle } from './login-throttle.service.ts';
import { ssoRequiredFor, type SessionService } from './session.service.ts';

/** A user as the views read them: an entity or a store's record, its organization by id or as a row. */
export type UserViewSource = {
  id: string;
  email: string;
  name: string;
  role: Role;
  emailVerifiedAt?: Date | null;
  createdAt: Date;
} & ({ organizationId: string } | { organization: string | { id: string } });

const organizationIdOf = (user: UserViewSource): string => {
  if ('organizationId' in user) return user.organizationId;
  return typeof user.organization === 'string' ? user.organization : user.organization.id;
};

export const userView = (user: UserViewSource): UserView => ({
  id: user.id,
  email: user.email,
  name: user.name,
  // Written only through validated input: a stored role is one of ROLES.
  role: user.role,
  organization_id: organizationIdOf(user),
  email_verified: user.emailVerifiedAt != null,
  created_at: user.createdAt.toISOString(),
});

export const organizationView = (organization: Pick<OrganizationRecord, 'id' | 'name' | 'plan' | 'createdAt'>): OrganizationView => ({
  id: organization.id,
  name: organization.name,
  plan: organization.plan,
  created_at: organization.createdAt.toISOString(),
});

export type AuthService = ReturnType<typeof createAuthService>;

/** Accounts and sessions: register, log in, who am I. */
export function createAuthService(deps: {
  accountsSigningIn: () => SignInStore;
  sessions: Pick<SessionService, 'start'>;
  accessTtlSeconds: number;
  throttle: Pick<LoginThrottle, 'beginAttempt' | 'recordFailure' | 'reset'>;
  /** Failed logins per client address, across accounts. */
  addressThrottle: Pick<LoginAddressThrottle, 'beginAttempt' | 'succeeded'>;
  /** The password check; tests count its calls. */
  verifyPassword?: typeof verifyPassword;
  /** Mails the new owner their verification token; it reads the account's id, email and organization. */
  accounts: { onRegistered(user: Pick<SignInAccount, 'id' | 'email' | 'organization'>): ReturnType<AccountService['onRegistered']> };
  credentials: Pick<CredentialStore, 'user'>;
}) {
  const checkPassword = deps.verifyPassword ?? verifyPassword;

  /** The one way a session starts, whichever way the user proved who they are. */
  async function startSession(user: UserViewSource, authMethod: SessionAuthMethod): Promise<TokenResponse> {
    if (!isRole(user.role)) throw new InvalidTokenError('Incorrect email or password');
    const organizationId = organizationIdOf(user);
    const tokens = await deps.sessions.start({ userId: user.id, organizationId, role: user.role, authMethod });
    return { ...tokens, token_type: 'bearer', expires_in: deps.accessTtlSeconds, user: userView(user) };
  }

  return {
    async register(input: { email: string; password: string; name: string; organization_name: string }) {
      const accounts = deps.accountsSigningIn();
      const email = input.email.toLowerCase();
      if (await accounts.isEmailRegisteredAcrossOrganizations(email)) throw new ConflictError('Email already registered');
      const passwordHash = await hashPassword(input.password);
      const user = await accounts.register({ organizationName: input.organization_name, email, name: input.name, passwordHash });
      if (!user) throw new ConflictError('Email already registered');
      // After the commit: the verification token references the new user row.
      await deps.accounts.onRegistered(user);
      return { user: userView(user), organization: organizationView(user.organization) };
    },

    /** `client.address`: the caller's IP as TRUST_PROXY_HOPS defines it, for the per-address throttle. */
    async login(input: { email: string; password: string }, client: { address: string }): Promise<TokenResponse> {
      const email = input.email.toLowerCase();
      // First: an address over its failures learns nothing more, whatever account it names. Every
      // attempt counts until it succeeds, refusals under sso_required included.
      const address = clientAddressKey(client.address);
      await deps.addressThrottle.beginAttempt(address);
      // The organization comes along for its sso_required setting.
      const user = await deps.accountsSigningIn().findByEmailAcrossOrganizations(email);
      // Counted before the check, atomically: a burst of concurrent guesses gets no more than the
      // threshold evaluated. A locked account answers 423 even to the right password, known email or not.
      await deps.throttle.beginAttempt(email);
      // verifyPassword hashes against a dummy when the user is unknown: both answers take as long.
      const valid = await checkPassword(input.password, user?.passwordHash);
      if (!user || !valid || !isRole(user.role)) {
        await deps.throttle.recordFailure(email);
        throw new InvalidTokenError('Incorrect email or password');
      }
      // Under sso_required a member learns it only with the right password: a wrong one is answered,
      // hashed and counted like any other (an unknown email's included), so the answer tells no one
      // which accounts exist. No reset either: it signs nobody in. Owners keep the password as the way
      // back in when the identity provider is down or misconfigured.
      if (ssoRequiredFor(user)) {
        throw new AppError('SSO_REQUIRED', 'Your organization requires single sign-on: sign in through GET /api/v1/sso/initiate');
      }
      await deps.throttle.reset(email);
      await deps.addressThrottle.succeeded(address);
      return startSession(user, 'password');
    },

    startSession,

    /** The caller (for an API key, its creator), from the credential cache that authentication just filled. */
    async me(auth: AuthContext): Promise<MeView> {
      const user = await deps.credentials.user(auth.userId, auth.organizationId);
      if (!user) throw new NotFoundError('User');
      return { ...user.view, auth_method: auth.kind === 'api_key' ? 'api_key' : (auth.authMethod ?? 'password') };
    },
  };
}
