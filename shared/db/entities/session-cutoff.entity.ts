import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { UserEntity } from './user.entity.ts';

/**
 * Tokens of a user issued before `notBefore` are refused (set by a password reset, so a stolen
 * session dies with the old password). One row per user, read by the authenticator by user id
 * before any organization filter applies, so not tenant-filtered; it goes with its user.
 */
export const SessionCutoffEntity = defineEntity({
  name: 'SessionCutoff',
  tableName: 'session_cutoffs',
  properties: {
    user: () => p.oneToOne(UserEntity).primary().deleteRule('cascade'),
    notBefore: p.datetime(),
  },
});

export type SessionCutoff = InferEntity<typeof SessionCutoffEntity>;
