import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Role } from '../../domain/permissions.ts';
import { OrganizationEntity, UserEntity, type Organization, type User } from '../entities/index.ts';
import { unscoped } from '../tenant-filter.ts';
import { organizationRecord, type OrganizationRecord } from './organizations.ts';

/** An account as signing in needs it: with its password hash and its organization (whose settings say whether SSO is required). */
export interface SignInAccount {
  id: string;
  organizationId: string;
  email: string;
  name: string;
  role: Role;
  passwordHash: string;
  emailVerifiedAt: Date | null;
  createdAt: Date;
  organization: OrganizationRecord;
}

export interface Registration {
  organizationName: string;
  email: string;
  name: string;
  passwordHash: string;
}

/**
 * Accounts as signing in finds and creates them. Emails are unique across organizations and a
 * sign-in names no organization, so the lookups by email look across them by design.
 */
export interface SignInStore {
  isEmailRegisteredAcrossOrganizations(email: string): Promise<boolean>;
  findByEmailAcrossOrganizations(email: string): Promise<SignInAccount | undefined>;
  /** A new organization and its owner, in one transaction; undefined when the email was registered meanwhile. */
  register(registration: Registration): Promise<SignInAccount | undefined>;
}

const account = (user: User, organization: Organization): SignInAccount => ({
  id: user.id,
  organizationId: organization.id,
  email: user.email,
  name: user.name,
  role: user.role,
  passwordHash: user.passwordHash,
  emailVerifiedAt: user.emailVerifiedAt ?? null,
  createdAt: user.createdAt,
  organization: organizationRecord(organization),
});

export function createSignInStore(em: EntityManager): SignInStore {
  return {
    async isEmailRegisteredAcrossOrganizations(email) {
      return (await em.count(UserEntity, { email }, unscoped)) > 0;
    },

    async findByEmailAcrossOrganizations(email) {
      // The organization comes along in one joined query.
      const user = await em.findOne(UserEntity, { email }, { ...unscoped, populate: ['organization'] });
      return user ? account(user, user.organization) : undefined;
    },

    async register(registration) {
      try {
        return await em.transactional(async (tx) => {
          const organization = tx.create(OrganizationEntity, { name: registration.organizationName, settings: {} });
          const user = tx.create(UserEntity, {
            organization,
            email: registration.email,
            name: registration.name,
            role: 'owner',
            passwordHash: registration.passwordHash,
          });
          await tx.flush();
          return account(user, organization);
        });
      } catch (error) {
        if (error instanceof UniqueConstraintViolationException) return undefined;
        throw error;
      }
    },
  };
}
