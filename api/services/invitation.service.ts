import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { generateOpaqueToken, hashOpaqueToken } from '../../shared/auth/api-keys.ts';
import { hashPassword } from '../../shared/auth/password.ts';
import type { InvitationRecord, InvitationStore } from '../../shared/db/access/invitations.ts';
import { mayGrantRole, type Role } from '../../shared/domain/permissions.ts';
import { AppError, ConflictError, InvalidTokenError, NotFoundError } from '../../shared/errors.ts';
import type { Mailer } from '../../shared/mail/mailer.ts';
import type { AuthContext } from '../auth-context.ts';
import type { OrganizationView, UserView } from '../schemas/auth.schemas.ts';
import type { InvitationView } from '../schemas/invitation.schemas.ts';
import { organizationView } from './auth.service.ts';
import { userView } from './user.service.ts';
import type { PlanQuota } from './plan-quota.ts';

export const INVITATION_TTL_MS = 7 * 24 * 3600 * 1000;

const view = (invitation: InvitationRecord): InvitationView => ({
  id: invitation.id,
  email: invitation.email,
  // Written only through validated input: a stored role is one of ROLES.
  role: invitation.role,
  invited_by: invitation.invitedBy,
  expires_at: invitation.expiresAt.toISOString(),
  created_at: invitation.createdAt.toISOString(),
});

const INVALID = 'Invitation token is invalid, already used, revoked or expired';

export type InvitationService = ReturnType<typeof createInvitationService>;

/** Adding people to an organization: an emailed single-use token, accepted over the API. */
export function createInvitationService(deps: {
  invitations: () => InvitationStore;
  mailer: Mailer;
  publicUrl: string;
  quota: Pick<PlanQuota, 'reserve'>;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

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
      const email = input.email.toLowerCase();
      if (await deps.invitations().emailTakenAcrossOrganizations(email)) throw new ConflictError('This email already has an account');
      const token = generateOpaqueToken();
      const organizationName = await deps.invitations().organizationName(auth.organizationId);
      const created = now();
      const invitation = await deps.invitations().replacePending(
        auth.organizationId,
        {
          email,
          role: input.role,
          tokenHash: hashOpaqueToken(token),
          invitedBy: auth.userId,
          expiresAt: new Date(created.getTime() + INVITATION_TTL_MS),
        },
        created,
        // No seat left: an invitation nobody could accept is not sent (acceptance checks again).
        (tx) => deps.quota.reserve(tx, auth.organizationId, 'members'),
      );
      const message = {
        to: email,
        subject: `You are invited to ${organizationName} on Tocsin`,
        text: [
          `You have been invited to join ${organizationName} on Tocsin as ${input.role}.`,
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
        await deps.invitations().revoke(auth.organizationId, invitation.id, now());
        throw error;
      }
      return view(invitation);
    },

    async list(auth: AuthContext, query: { limit: number; offset: number }): Promise<{ items: InvitationView[]; total: number }> {
      const { items, total } = await deps.invitations().listPending(auth.organizationId, now(), query);
      return { items: items.map(view), total };
    },

    /** Revokes a pending invitation; its token stops working at once. */
    async revoke(auth: AuthContext, id: string): Promise<void> {
      const invitation = await deps.invitations().find(auth.organizationId, id);
      if (!invitation) throw new NotFoundError('Invitation');
      if (invitation.acceptedAt) throw new ConflictError('Invitation has already been accepted');
      await deps.invitations().revoke(auth.organizationId, id, now());
    },

    /**
     * Creates the invited user in the inviting organization with the invited role. The token is
     * claimed by a conditional update in the same transaction, so it works exactly once.
     */
    async accept(input: { token: string; name: string; password: string }): Promise<{ user: UserView; organization: OrganizationView }> {
      const found = await deps.invitations().findPendingByTokenHashAcrossOrganizations(hashOpaqueToken(input.token), now());
      if (!found) throw new InvalidTokenError(INVALID);
      if (await deps.invitations().emailTakenAcrossOrganizations(found.email)) throw new ConflictError('This email already has an account');
      const passwordHash = await hashPassword(input.password);
      try {
        const accepted = await deps.invitations().accept(
          found.organizationId,
          found.id,
          { name: input.name, passwordHash },
          now(),
          // Refused at the quota, the claim rolls back with it: the invitation stays usable after an upgrade.
          (tx) => deps.quota.reserve(tx, found.organizationId, 'members'),
        );
        if (!accepted) throw new InvalidTokenError(INVALID);
        return { user: userView(accepted.user), organization: organizationView(accepted.organization) };
      } catch (error) {
        if (error instanceof UniqueConstraintViolationException) throw new ConflictError('This email already has an account');
        throw error;
      }
    },
  };
}
