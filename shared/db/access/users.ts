import type { FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { namedStatement, runNamed } from './named-statement.ts';
import { organizationKeyArrays, rowsOfKeys, type OrganizationKey } from './organization-keys.ts';
import type { Role } from '../../domain/permissions.ts';
import { UserEntity, type User } from '../entities/index.ts';
import { unscoped } from '../tenant-filter.ts';
import { lockOrganization } from './organizations.ts';
import { removeUserFromSchedules } from './schedules.ts';

/** The member's display name; undefined when they are not in the organization. */
export async function memberName(em: EntityManager, organizationId: string, userId: string): Promise<string | undefined> {
  const [row] = await em.execute<Array<{ name: string }>>('select name from users where id = ? and organization_id = ?', [
    userId,
    organizationId,
  ]);
  return row?.name;
}

// Named: every page's level reads it, concurrent levels in one statement.
const MEMBERS = namedStatement(
  'tocsin_members',
  'select id, organization_id from users where id = any(?::uuid[]) and organization_id = any(?::uuid[])',
);

/** The keys (a user id with its organization) that name a member of that organization. */
export async function membersOf(
  em: EntityManager,
  keys: readonly OrganizationKey[],
): Promise<Array<{ id: string; organization_id: string }>> {
  return rowsOfKeys(await runNamed<{ id: string; organization_id: string }>(em, MEMBERS, organizationKeyArrays(keys)), keys);
}

/** A member of an organization as stored (never their password hash). */
export interface UserRecord {
  id: string;
  organizationId: string;
  email: string;
  name: string;
  role: Role;
  emailVerifiedAt: Date | null;
  createdAt: Date;
}

/** The organization's members, with its row held until the transaction ends. */
export interface LockedMembers {
  find(id: string): Promise<UserRecord | undefined>;
  ownerCount(): Promise<number>;
  /** Undefined when the user is not the organization's. */
  update(id: string, changes: { name?: string; role?: Role }): Promise<UserRecord | undefined>;
  /**
   * Takes the member out of every rotation and override of the organization (each touched schedule
   * gets a `schedule.updated` event naming the gaps that opens), then deletes the account.
   */
  remove(id: string, now: Date): Promise<void>;
}

/** Every read and write is confined to the organization given. */
export interface UserStore {
  /** Oldest first; `search` is a literal substring of the name or the email, ignoring case. */
  list(
    organizationId: string,
    query: { role?: Role; search?: string; limit: number; offset: number },
  ): Promise<{ items: UserRecord[]; total: number }>;
  find(organizationId: string, id: string): Promise<UserRecord | undefined>;
  /**
   * Runs `work` in one transaction holding the organization's row, so two owner-affecting changes
   * take turns (both cannot see a second owner and leave none): kept only if it returns.
   */
  withOrganizationLocked<T>(organizationId: string, work: (members: LockedMembers) => Promise<T>): Promise<T>;
}

/** `%` and `_` in a search are literal characters, not patterns. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

export const userRecord = (user: User): UserRecord => ({
  id: user.id,
  organizationId: typeof user.organization === 'string' ? user.organization : user.organization.id,
  email: user.email,
  name: user.name,
  role: user.role,
  emailVerifiedAt: user.emailVerifiedAt ?? null,
  createdAt: user.createdAt,
});

export function createUserStore(em: EntityManager): UserStore {
  const findUser = (work: EntityManager, organizationId: string, id: string) =>
    work.findOne(UserEntity, { id, organization: organizationId }, unscoped);

  const lockedMembers = (tx: EntityManager, organizationId: string): LockedMembers => ({
    async find(id) {
      const user = await findUser(tx, organizationId, id);
      return user ? userRecord(user) : undefined;
    },
    ownerCount: () => tx.count(UserEntity, { organization: organizationId, role: 'owner' }, unscoped),
    async update(id, changes) {
      const user = await findUser(tx, organizationId, id);
      if (!user) return undefined;
      if (changes.role !== undefined) user.role = changes.role;
      if (changes.name !== undefined) user.name = changes.name;
      await tx.flush();
      return userRecord(user);
    },
    async remove(id, now) {
      const user = await findUser(tx, organizationId, id);
      if (!user) return;
      await removeUserFromSchedules(tx, organizationId, user.id, now);
      tx.remove(user);
      await tx.flush();
    },
  });

  return {
    async list(organizationId, query) {
      const where: FilterQuery<User>[] = [{ organization: organizationId }];
      if (query.role) where.push({ role: query.role });
      if (query.search)
        where.push({ $or: [{ name: { $ilike: likePattern(query.search) } }, { email: { $ilike: likePattern(query.search) } }] });
      const [users, total] = await em.findAndCount(
        UserEntity,
        { $and: where },
        { ...unscoped, orderBy: { createdAt: 'asc', id: 'asc' }, limit: query.limit, offset: query.offset },
      );
      return { items: users.map(userRecord), total };
    },

    async find(organizationId, id) {
      const user = await findUser(em, organizationId, id);
      return user ? userRecord(user) : undefined;
    },

    withOrganizationLocked: (organizationId, work) =>
      em.transactional(async (tx) => {
        await lockOrganization(tx, organizationId);
        return work(lockedMembers(tx, organizationId));
      }),
  };
}
