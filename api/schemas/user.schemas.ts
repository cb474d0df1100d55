import { z } from 'zod';
import { RoleSchema } from '../../shared/domain/permissions.ts';
import { UserSchema } from './auth.schemas.ts';
import { list, nonBlankText, PaginationQuery, requireAnyOf, single } from './common.ts';

export const UserListQuery = PaginationQuery.extend({
  role: RoleSchema.optional(),
  search: nonBlankText().max(200).optional().describe('Case-insensitive substring of the name or email'),
});

export const UpdateUserBody = requireAnyOf(
  z
    .object({
      name: nonBlankText().max(200).optional(),
      role: RoleSchema.optional().describe('Needs `users:update`; only an owner grants `owner` or changes an owner'),
    })
    .strict(),
  'name or role is required',
);

export const UserResponse = single(UserSchema);
export const UserListResponse = list(UserSchema);
