import type { UserRecord, UserStore } from '../../shared/db/access/users.ts';
import { hasPermission, mayGrantRole, type Role } from '../../shared/domain/permissions.ts';
import { AppError, ConflictError, InsufficientPermissionsError, NotFoundError } from '../../shared/errors.ts';
import type { AuthContext } from '../auth-context.ts';
import { credentialTag, type CredentialCache } from './credential-cache.ts';
import type { UserView } from '../schemas/auth.schemas.ts';

export interface UserListQuery {
  role?: Role;
  search?: string;
  limit: number;
  offset: number;
}

const forbidden = (detail: string) => new AppError('INSUFFICIENT_PERMISSIONS', detail);

export const userView = (user: UserRecord): UserView => ({
  id: user.id,
  email: user.email,
  name: user.name,
  // Written only through validated input: a stored role is one of ROLES.
  role: user.role,
  organization_id: user.organizationId,
  email_verified: user.emailVerifiedAt != null,
  created_at: user.createdAt.toISOString(),
});

/**
 * Owner rules the role table cannot express, because they depend on the target user: only an owner
 * changes or removes an owner, or makes someone an owner.
 */
function assertMayTouch(auth: AuthContext, target: UserRecord): void {
  if (target.role === 'owner' && auth.role !== 'owner') throw forbidden('Only an owner can change or remove an owner');
}

/** Another organization's user is indistinguishable from a missing one. */
function found(user: UserRecord | undefined): UserRecord {
  if (!user) throw new NotFoundError('User');
  return user;
}

export type UserService = ReturnType<typeof createUserService>;

/** The organization's members: list, read, update name and role, remove. */
export function createUserService(deps: { users: () => UserStore; cache: Pick<CredentialCache, 'invalidate'> }) {
  /** After the commit: the trigger tells every other process, this one must not wait for its own notification. */
  const forget = (userId: string) => deps.cache.invalidate([credentialTag.user(userId)]);

  return {
    async list(auth: AuthContext, query: UserListQuery): Promise<{ items: UserView[]; total: number }> {
      const { items, total } = await deps.users().list(auth.organizationId, query);
      return { items: items.map(userView), total };
    },

    async get(auth: AuthContext, id: string): Promise<UserView> {
      return userView(found(await deps.users().find(auth.organizationId, id)));
    },

    /**
     * Anyone may rename themselves; renaming others and any role change need `users:update`. The
     * last owner cannot be demoted (409).
     */
    async update(auth: AuthContext, id: string, input: { name?: string; role?: Role }): Promise<UserView> {
      // Owner-affecting changes take turns: two concurrent demotions cannot both see a second owner.
      const updated = await deps.users().withOrganizationLocked(auth.organizationId, async (members) => {
        const user = found(await members.find(id));
        const isSelf = auth.kind === 'user' && auth.userId === user.id;
        const mayManage = hasPermission(auth.permissions, 'users:update');
        if (!isSelf && !mayManage) throw new InsufficientPermissionsError('users:update');
        assertMayTouch(auth, user);
        const changes: { name?: string; role?: Role } = {};
        if (input.role !== undefined && input.role !== user.role) {
          if (!mayManage) throw new InsufficientPermissionsError('users:update');
          if (!mayGrantRole(auth.role, input.role)) throw forbidden('Only an owner can grant the owner role');
          if (user.role === 'owner' && (await members.ownerCount()) <= 1)
            throw new ConflictError('The organization must keep at least one owner');
          changes.role = input.role;
        }
        if (input.name !== undefined) changes.name = input.name;
        return userView(found(await members.update(user.id, changes)));
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
      await deps.users().withOrganizationLocked(auth.organizationId, async (members) => {
        const user = found(await members.find(id));
        assertMayTouch(auth, user);
        if (user.role === 'owner' && (await members.ownerCount()) <= 1)
          throw new ConflictError('The organization must keep at least one owner');
        await members.remove(user.id, new Date());
      });
      forget(id);
    },
  };
}
