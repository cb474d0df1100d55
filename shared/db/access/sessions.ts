import type { EntityManager } from '@mikro-orm/postgresql';
import { UserEntity } from '../entities/index.ts';
import { unscoped } from '../tenant-filter.ts';

/** Why a rotation did not happen, in one look at the session. */
export interface SessionState {
  current_jti: string;
  /** The token presented was the session's previous one, rotated away within the grace period. */
  racing: boolean;
  /** The session is past its end. */
  ended: boolean;
}

/** A session's user as a refresh reads it: the role now, and the organization's settings (`sso_required`). */
export interface SessionUser {
  id: string;
  role: string;
  organization: { settings: unknown };
}

/**
 * JWT sessions as PostgreSQL keeps them: the revocation list (`revoked_tokens`), per-user cutoffs
 * (`session_cutoffs`) and refresh-token families (`refresh_sessions`).
 */
export interface SessionStore {
  /** Whether the token is on the revocation list, and the user's cutoff (null when none). */
  tokenStanding(jti: string, userId: string): Promise<{ revoked: boolean; notBefore: Date | null }>;
  /** Adds the token to the revocation list (idempotent) and prunes the tokens that expired anyway. */
  revokeToken(jti: string, expiresAt: Date): Promise<void>;
  /** Adds the token to the revocation list: false when it already was (spent). */
  spendToken(jti: string, expiresAt: Date): Promise<boolean>;
  /** Records a new session and prunes the ones past their end. */
  insertSession(session: { id: string; userId: string; jti: string; expiresAt: Date; authMethod: string }): Promise<void>;
  /** Moves the session from `fromJti` to `toJti` in one statement: of two racing rotations exactly one succeeds. */
  rotate(session: { id: string; userId: string; fromJti: string; toJti: string }): Promise<boolean>;
  state(session: { id: string; userId: string; presentedJti: string; graceSeconds: number }): Promise<SessionState | undefined>;
  /** Revokes the user's live sessions listed in `only`, or all but `allBut`; returns the ids revoked. */
  revokeSessions(userId: string, which: { only: string[] } | { allBut: string | null }): Promise<string[]>;
  /** Revokes the password sessions (and those that predate recording it) of every member but owners; returns the ids. */
  revokePasswordSessions(organizationId: string): Promise<string[]>;
  /** Refuses every token of the user issued before `notBefore`. */
  setCutoff(userId: string, notBefore: Date): Promise<void>;
  /** The user when still a member of the organization the token names. */
  findUser(organizationId: string, userId: string): Promise<SessionUser | undefined>;
}

export function createSessionStore(em: EntityManager): SessionStore {
  return {
    async tokenStanding(jti, userId) {
      const [row] = await em.execute<Array<{ revoked: boolean; not_before: Date | string | null }>>(
        `select exists (select 1 from revoked_tokens where jti = ?) as revoked,
                (select not_before from session_cutoffs where user_id = ?) as not_before`,
        [jti, userId],
      );
      return { revoked: row?.revoked ?? false, notBefore: row?.not_before == null ? null : new Date(row.not_before) };
    },

    async revokeToken(jti, expiresAt) {
      await em.execute('insert into revoked_tokens (jti, expires_at, created_at) values (?, ?, now()) on conflict (jti) do nothing', [
        jti,
        expiresAt,
      ]);
      await em.execute('delete from revoked_tokens where expires_at < now()', [], 'run');
    },

    async spendToken(jti, expiresAt) {
      const spent = await em.execute<Array<{ jti: string }>>(
        'insert into revoked_tokens (jti, expires_at, created_at) values (?, ?, now()) on conflict (jti) do nothing returning jti',
        [jti, expiresAt],
      );
      return spent.length > 0;
    },

    async insertSession(session) {
      await em.execute('insert into refresh_sessions (id, user_id, current_jti, expires_at, auth_method) values (?, ?, ?, ?, ?)', [
        session.id,
        session.userId,
        session.jti,
        session.expiresAt,
        session.authMethod,
      ]);
      // Sessions past their end carry no information any more (indexed on expires_at).
      await em.execute('delete from refresh_sessions where expires_at < now()', [], 'run');
    },

    async rotate(session) {
      const rotated = await em.execute<Array<{ id: string }>>(
        `update refresh_sessions set previous_jti = current_jti, current_jti = ?, rotated_at = now()
          where id = ? and user_id = ? and current_jti = ? and revoked_at is null and expires_at > now() returning id`,
        [session.toJti, session.id, session.userId, session.fromJti],
      );
      return rotated.length > 0;
    },

    async state(session) {
      const [row] = await em.execute<SessionState[]>(
        `select current_jti,
                previous_jti = ? and revoked_at is null and expires_at > now()
                  and rotated_at > now() - make_interval(secs => ?) as racing,
                expires_at <= now() as ended
           from refresh_sessions where id = ? and user_id = ?`,
        [session.presentedJti, session.graceSeconds, session.id, session.userId],
      );
      return row;
    },

    async revokeSessions(userId, which) {
      if ('only' in which && which.only.length === 0) return [];
      // The ids travel as one JSON parameter (an array would be spread into several).
      const [condition, parameter] =
        'only' in which
          ? ['id in (select jsonb_array_elements_text(?::jsonb)::uuid)', JSON.stringify(which.only)]
          : ['id is distinct from ?::uuid', which.allBut];
      const rows = await em.execute<Array<{ id: string }>>(
        `update refresh_sessions set revoked_at = now() where user_id = ? and revoked_at is null and ${condition} returning id`,
        [userId, parameter],
      );
      return rows.map((row) => row.id);
    },

    async revokePasswordSessions(organizationId) {
      const rows = await em.execute<Array<{ id: string }>>(
        `update refresh_sessions s set revoked_at = now()
           from users u
          where u.id = s.user_id and u.organization_id = ? and u.role <> 'owner'
            and s.revoked_at is null and coalesce(s.auth_method, 'password') = 'password'
          returning s.id`,
        [organizationId],
      );
      return rows.map((row) => row.id);
    },

    async setCutoff(userId, notBefore) {
      await em.execute(
        'insert into session_cutoffs (user_id, not_before) values (?, ?) on conflict (user_id) do update set not_before = excluded.not_before',
        [userId, notBefore],
      );
    },

    async findUser(organizationId, userId) {
      const user = await em.findOne(UserEntity, { id: userId, organization: organizationId }, { ...unscoped, populate: ['organization'] });
      return user ? { id: user.id, role: user.role, organization: { settings: user.organization.settings } } : undefined;
    },
  };
}
