import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { generateOpaqueToken, hashOpaqueToken } from '../../shared/auth/api-keys.ts';
import { hashPassword } from '../../shared/auth/password.ts';
import { InvitationEntity, OrganizationEntity, UserEntity, type Invitation } from '../../shared/db/entities/index.ts';
import { mayGrantRole, type Role } from '../../shared/domain/permissions.ts';
import { AppError, ConflictError, InvalidTokenError, NotFoundError } from '../../shared/errors.ts';
import type { Mailer } from '../../shared/mail/mailer.ts';
import type { AuthContext } from '../auth-context.ts';
import type { OrganizationView, UserView } from '../schemas/auth.schemas.ts';
import type { InvitationView } from '../schemas/invitation.schemas.ts';
import { organizationView, userView } from './auth.service.ts';
import type { PlanQuota } from './plan-quota.ts';

export const INVITATION_TTL_MS = 7 * 24 * 3600 * 1000;

const view = (invitation: Invitation): InvitationView => ({
  id: invitation.id,
  email: invitation.email,
  // Written only through validated input: a stored role is one of ROLES.
  role: invitation.role,
  invited_by: invitation.invitedBy,
  expires_at: invitation.expiresAt.toISOString(),
  created_at: invitation.createdAt.toISOString(),
});

// Accepting happens before any organization is known: the token names it.
const unscoped = { filters: { tenant: false } } as const;
const INVALID = 'Invitation token is invalid, already used, revoked or expired';

export type InvitationService = ReturnType<typeof createInvitationService>;

/** Adding people to an organization: an emailed single-use token, accepted over the API. */
export function createInvitationService(deps: {
  em: () => EntityManager;
  mailer: Mailer;
  publicUrl: string;
  quota: Pick<PlanQuota, 'reserve'>;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const pending = () => ({ acceptedAt: null, revokedAt: null, expiresAt: { $gt: now() } });

  return {
    /**
     * Invites `email` with `role`; a pending invitation for the same address is replaced, so
     * inviting again resends. Nobody invites above their own role: only an owner invites an owner.
     */
    async create(auth: AuthContext, input: { email: string; role: Role }): Promise<InvitationView> {
      if (!mayGrantRole(auth.role, input.role))
        throw new AppError(
          'INSUFFICIENT_PERMISSIONS',
          `Nobody invites above their own role (${auth.role}): only an owner can invite an owner`,
        );
      const em = deps.em();
      const email = input.email.toLowerCase();
      if (await em.count(UserEntity, { email }, unscoped)) throw new ConflictError('This email already has an account');
      const token = generateOpaqueToken();
      const organization = await em.findOneOrFail(OrganizationEntity, { id: auth.organizationId });
      const invitation = await em.transactional(async (tx) => {
        // No seat left: an invitation nobody could accept is not sent (acceptance checks again).
        await deps.quota.reserve(tx, auth.organizationId, 'members');
        await tx.nativeUpdate(InvitationEntity, { organization: auth.organizationId, email, ...pending() }, { revokedAt: now() });
        const created = tx.create(InvitationEntity, {
          organization: auth.organizationId,
          email,
          role: input.role,
          tokenHash: hashOpaqueToken(token),
          invitedBy: auth.userId,
          expiresAt: new Date(now().getTime() + INVITATION_TTL_MS),
          createdAt: now(),
        });
        await tx.flush();
        return created;
      });
      const message = {
        to: email,
        subject: `You are invited to ${organization.name} on Tocsin`,
        text: [
          `You have been invited to join ${organization.name} on Tocsin as ${input.role}.`,
          '',
          `Accept the invitation: ${deps.publicUrl}/accept-invitation?token=${encodeURIComponent(token)}`,
          `or over the API: POST /api/v1/invitations/accept with {"token", "name", "password"}.`,
          '',
          `Invitation token: ${token}`,
          `It can be used once and expires at ${invitation.expiresAt.toISOString()}.`,
        ].join('\n'),
      };
      try {
        await deps.mailer.send(message);
      } catch (error) {
        // Nobody can receive this token: the invitation must not stay pending.
        await em.nativeUpdate(InvitationEntity, { id: invitation.id }, { revokedAt: now() });
        throw error;
      }
      return view(invitation);
    },

    async list(_auth: AuthContext, query: { limit: number; offset: number }): Promise<{ items: InvitationView[]; total: number }> {
      const [invitations, total] = await deps.em().findAndCount(InvitationEntity, pending(), {
        orderBy: { createdAt: 'desc', id: 'desc' },
        limit: query.limit,
        offset: query.offset,
      });
      return { items: invitations.map(view), total };
    },

    /** Revokes a pending invitation; its token stops working at once. */
    async revoke(_auth: AuthContext, id: string): Promise<void> {
      const em = deps.em();
      const invitation = await em.findOne(InvitationEntity, { id });
      if (!invitation) throw new NotFoundError('Invitation');
      if (invitation.acceptedAt) throw new ConflictError('Invitation has already been accepted');
      invitation.revokedAt ??= now();
      await em.flush();
    },

    /**
     * Creates the invited user in the inviting organization with the invited role. The token is
     * claimed by a conditional update in the same transaction, so it works exactly once.
     */
    async accept(input: { token: string; name: string; password: string }): Promise<{ user: UserView; organization: OrganizationView }> {
      const em = deps.em();
      const tokenHash = hashOpaqueToken(input.token);
      const found = await em.findOne(InvitationEntity, { tokenHash, ...pending() }, unscoped);
      if (!found) throw new InvalidTokenError(INVALID);
      if (await em.count(UserEntity, { email: found.email }, unscoped)) throw new ConflictError('This email already has an account');
      const passwordHash = await hashPassword(input.password);
      try {
        return await em.transactional(async (tx) => {
          const claimed = await tx.nativeUpdate(InvitationEntity, { id: found.id, ...pending() }, { acceptedAt: now() }, unscoped);
          if (claimed !== 1) throw new InvalidTokenError(INVALID);
          // Refused at the quota, the claim rolls back with it: the invitation stays usable after an upgrade.
          await deps.quota.reserve(tx, found.organization.id, 'members');
          const organization = await tx.findOneOrFail(OrganizationEntity, { id: found.organization.id }, unscoped);
          const user = tx.create(UserEntity, {
            organization,
            email: found.email,
            name: input.name,
            role: found.role,
            passwordHash,
            // The token arrived by email: the address is proven.
            emailVerifiedAt: now(),
          });
          await tx.flush();
          await tx.nativeUpdate(InvitationEntity, { id: found.id }, { acceptedUserId: user.id }, unscoped);
          return { user: userView(user), organization: organizationView(organization) };
        });
      } catch (error) {
        if (error instanceof UniqueConstraintViolationException) throw new ConflictError('This email already has an account');
        throw error;
      }
    },
  };
}
