import { LockMode, type EntityManager, type FilterQuery } from '@mikro-orm/core';
import { OrganizationEntity, UserEntity, type User } from '../../shared/db/entities/index.ts';
import { removeUserFromSchedules } from '../../shared/db/access/schedules.ts';
import { hasPermission, mayGrantRole, type Role } from '../../shared/domain/permissions.ts';
import { AppError, ConflictError, InsufficientPermissionsError, NotFoundError } from '../../shared/errors.ts';
import type { AuthContext } from '../auth-context.ts';
import { credentialTag, type CredentialCache } from './credential-cache.ts';
import type { UserView } from '../schemas/auth.schemas.ts';
import { userView } from './auth.service.ts';

export interface UserListQuery {
  role?: Role;
  search?: string;
  limit: number;
  offset: number;
}

const forbidden = (detail: string) => new AppError('INSUFFICIENT_PERMISSIONS', detail);

/** `%` and `_` in a search are literal characters, not patterns. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * Owner rules the role table cannot express, because they depend on the target user: only an owner
 * changes or removes an owner, or makes someone an owner.
 */
function assertMayTouch(auth: AuthContext, target: User): void {
  if (target.role === 'owner' && auth.role !== 'owner') throw forbidden('Only an owner can change or remove an owner');
}

export type UserService = ReturnType<typeof createUserService>;

/** The organization's members: list, read, update name and role, remove. */
export function createUserService(deps: { em: () => EntityManager; cache: Pick<CredentialCache, 'invalidate'> }) {
  async function find(em: EntityManager, id: string): Promise<User> {
    // The tenant filter makes another organization's user indistinguishable from a missing one.
    const user = await em.findOne(UserEntity, { id });
    if (!user) throw new NotFoundError('User');
    return user;
  }

  /**
   * Runs an owner-affecting change with the organization row locked, so two concurrent demotions or
   * removals cannot both see a second owner and leave none.
   */
  async function withOwnersLocked<T>(
    auth: AuthContext,
    work: (tx: EntityManager, owners: () => Promise<number>) => Promise<T>,
  ): Promise<T> {
    return deps.em().transactional(async (tx) => {
      await tx.findOneOrFail(OrganizationEntity, { id: auth.organizationId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      return work(tx, () => tx.count(UserEntity, { role: 'owner' }));
    });
  }

  /** After the commit: the trigger tells every other process, this one must not wait for its own notification. */
  const forget = (userId: string) => deps.cache.invalidate([credentialTag.user(userId)]);

  return {
    async list(_auth: AuthContext, query: UserListQuery): Promise<{ items: UserView[]; total: number }> {
      const where: FilterQuery<User>[] = [];
      if (query.role) where.push({ role: query.role });
      if (query.search)
        where.push({ $or: [{ name: { $ilike: likePattern(query.search) } }, { email: { $ilike: likePattern(query.search) } }] });
      const [users, total] = await deps.em().findAndCount(UserEntity, where.length ? { $and: where } : {}, {
        orderBy: { createdAt: 'asc', id: 'asc' },
        limit: query.limit,
        offset: query.offset,
      });
      return { items: users.map(userView), total };
    },

    async get(_auth: AuthContext, id: string): Promise<UserView> {
      return userView(await find(deps.em(), id));
    },

    /**
     * Anyone may rename themselves; renaming others and any role change need `users:update`. The
     * last owner cannot be demoted (409).
     */
    async update(auth: AuthContext, id: string, input: { name?: string; role?: Role }): Promise<UserView> {
      const updated = await withOwnersLocked(auth, async (tx, owners) => {
        const user = await find(tx, id);
        const isSelf = auth.kind === 'user' && auth.userId === user.id;
        const mayManage = hasPermission(auth.permissions, 'users:update');
        if (!isSelf && !mayManage) throw new InsufficientPermissionsError('users:update');
        assertMayTouch(auth, user);
        if (input.role !== undefined && input.role !== user.role) {
          if (!mayManage) throw new InsufficientPermissionsError('users:update');
          if (!mayGrantRole(auth.role, input.role)) throw forbidden('Only an owner can grant the owner role');
          if (user.role === 'owner' && (await owners()) <= 1) throw new ConflictError('The organization must keep at least one owner');
          user.role = input.role;
        }
        if (input.name !== undefined) user.name = input.name;
        await tx.flush();
        return userView(user);
      });
      forget(updated.id);
      return updated;
    },

    /**
     * Removes the user from the organization (the account goes, with its API keys and sessions);
     * the audit log keeps their id. The last owner cannot be removed, not even by themselves. They
     * leave every schedule rotation and override; each touched schedule gets a `schedule.updated`
     * event naming the gaps that opens.
     */
    async remove(auth: AuthContext, id: string): Promise<void> {
      await withOwnersLocked(auth, async (tx, owners) => {
        const user = await find(tx, id);
        assertMayTouch(auth, user);
        if (user.role === 'owner' && (await owners()) <= 1) throw new ConflictError('The organization must keep at least one owner');
        await removeUserFromSchedules(tx, auth.organizationId, user.id, new Date());
        tx.remove(user);
        await tx.flush();
      });
      forget(id);
    },
  };
}
