import type { EntityManager } from '@mikro-orm/postgresql';
import type { Role } from '../../domain/permissions.ts';
import { InvitationEntity, OrganizationEntity, UserEntity, type Invitation } from '../entities/index.ts';
import { unscoped } from '../tenant-filter.ts';
import type { QuotaUnitOfWork } from './plan-quotas.ts';
import { userRecord, type UserRecord } from './users.ts';

/** An invitation as stored (never its token's hash). */
export interface InvitationRecord {
  id: string;
  organizationId: string;
  email: string;
  role: Role;
  invitedBy: string;
  expiresAt: Date;
  acceptedAt: Date | null;
  revokedAt: Date | null;
  createdAt: Date;
}

export interface NewInvitation {
  email: string;
  role: Role;
  tokenHash: string;
  invitedBy: string;
  expiresAt: Date;
}

/** Checks made in the transaction that adds the invitation or the member (the plan's seat quota). */
export type InvitationCheck = (tx: QuotaUnitOfWork) => Promise<void>;

/**
 * Pending invitations are neither accepted nor revoked and expire after `now`. Every method takes
 * the organization, except those named AcrossOrganizations: an address is unique across them, and
 * an accepted token is all its holder knows.
 */
export interface InvitationStore {
  emailTakenAcrossOrganizations(email: string): Promise<boolean>;
  /** Throws when there is no such organization. */
  organizationName(organizationId: string): Promise<string>;
  /** In one transaction: `check`, then the address's pending invitations revoked and the new one added. */
  replacePending(organizationId: string, invitation: NewInvitation, now: Date, check: InvitationCheck): Promise<InvitationRecord>;
  /** Newest first. */
  listPending(
    organizationId: string,
    now: Date,
    page: { limit: number; offset: number },
  ): Promise<{ items: InvitationRecord[]; total: number }>;
  find(organizationId: string, id: string): Promise<InvitationRecord | undefined>;
  /** Sets `revokedAt` unless it is set already. */
  revoke(organizationId: string, id: string, at: Date): Promise<void>;
  findPendingByTokenHashAcrossOrganizations(tokenHash: string, now: Date): Promise<InvitationRecord | undefined>;
  /**
   * In one transaction: claims the pending invitation (so it is accepted once), runs `check`, and
   * adds its address as a member with the invited role and a verified email (the token came by
   * mail). Undefined when it is no longer pending; a unique violation when the address has an account.
   */
  accept(
    organizationId: string,
    invitationId: string,
    member: { name: string; passwordHash: string },
    now: Date,
    check: InvitationCheck,
  ): Promise<{ user: UserRecord; organization: { id: string; name: string; plan: string; createdAt: Date } } | undefined>;
}

const pending = (now: Date) => ({ acceptedAt: null, revokedAt: null, expiresAt: { $gt: now } });

const invitationRecord = (invitation: Invitation): InvitationRecord => ({
  id: invitation.id,
  organizationId: invitation.organization.id,
  email: invitation.email,
  role: invitation.role,
  invitedBy: invitation.invitedBy,
  expiresAt: invitation.expiresAt,
  acceptedAt: invitation.acceptedAt ?? null,
  revokedAt: invitation.revokedAt ?? null,
  createdAt: invitation.createdAt,
});

export function createInvitationStore(em: EntityManager): InvitationStore {
  return {
    emailTakenAcrossOrganizations: async (email) => (await em.count(UserEntity, { email }, unscoped)) > 0,

    organizationName: async (organizationId) => (await em.findOneOrFail(OrganizationEntity, { id: organizationId }, unscoped)).name,

    replacePending: (organizationId, invitation, now, check) =>
      em.transactional(async (tx) => {
        await check(tx);
        await tx.nativeUpdate(
          InvitationEntity,
          { organization: organizationId, email: invitation.email, ...pending(now) },
          { revokedAt: now },
          unscoped,
        );
        const created = tx.create(InvitationEntity, { organization: organizationId, ...invitation, createdAt: now });
        await tx.flush();
        return invitationRecord(created);
      }),

    async listPending(organizationId, now, page) {
      const [invitations, total] = await em.findAndCount(
        InvitationEntity,
        { organization: organizationId, ...pending(now) },
        { ...unscoped, orderBy: { createdAt: 'desc', id: 'desc' }, limit: page.limit, offset: page.offset },
      );
      return { items: invitations.map(invitationRecord), total };
    },

    async find(organizationId, id) {
      const invitation = await em.findOne(InvitationEntity, { id, organization: organizationId }, unscoped);
      return invitation ? invitationRecord(invitation) : undefined;
    },

    async revoke(organizationId, id, at) {
      await em.nativeUpdate(InvitationEntity, { id, organization: organizationId, revokedAt: null }, { revokedAt: at }, unscoped);
    },

    async findPendingByTokenHashAcrossOrganizations(tokenHash, now) {
      const invitation = await em.findOne(InvitationEntity, { tokenHash, ...pending(now) }, unscoped);
      return invitation ? invitationRecord(invitation) : undefined;
    },

    accept: (organizationId, invitationId, member, now, check) =>
      em.transactional(async (tx) => {
        const where = { id: invitationId, organization: organizationId };
        const claimed = await tx.nativeUpdate(InvitationEntity, { ...where, ...pending(now) }, { acceptedAt: now }, unscoped);
        if (claimed !== 1) return undefined;
        // Refused by the check, the claim rolls back with it: the invitation stays usable.
        await check(tx);
        const invitation = await tx.findOneOrFail(InvitationEntity, where, unscoped);
        const organization = await tx.findOneOrFail(OrganizationEntity, { id: organizationId }, unscoped);
        const user = tx.create(UserEntity, {
          organization,
          email: invitation.email,
          name: member.name,
          role: invitation.role,
          passwordHash: member.passwordHash,
          emailVerifiedAt: now,
        });
        await tx.flush();
        await tx.nativeUpdate(InvitationEntity, where, { acceptedUserId: user.id }, unscoped);
        return {
          user: userRecord(user),
          organization: { id: organization.id, name: organization.name, plan: organization.plan, createdAt: organization.createdAt },
        };
      }),
  };
}
