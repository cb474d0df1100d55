import type { EntityManager } from '@mikro-orm/postgresql';
import type { Role } from '../../domain/permissions.ts';
import type { PlanOwner } from './rate-limit-counters.ts';

/** Timestamps as raw SQL returns them (text, or Date depending on the driver's parsers). */
export type Timestamp = Date | string | null;

/** A user of an organization with their session cutoff, as every authenticated request needs them. */
export interface CredentialUserRow {
  id: string;
  organization_id: string;
  email: string;
  name: string;
  /** The users.role column, which holds only validated roles, as UserEntity types it. */
  role: Role;
  email_verified_at: Timestamp;
  created_at: Timestamp;
  not_before: Timestamp;
}

/** An API key by its hash, with its creator's current role. */
export interface CredentialApiKeyRow {
  id: string;
  organization_id: string;
  created_by_id: string;
  role: string;
  permissions: string[];
  revoked_at: Timestamp;
  expires_at: Timestamp;
  last_used_at: Timestamp;
}

const USER_COLUMNS = `u.id, u.organization_id, u.email, u.name, u.role, u.email_verified_at, u.created_at, c.not_before`;

/**
 * The user when they are in the organization, and, for a token, whether it is revoked on its own
 * (logout) or with its session (logout, reuse of a refresh token, logout-all); one query. These
 * reads run without the tenant filter: they run before any organization is known.
 */
export async function credentialUser(
  em: EntityManager,
  userId: string,
  organizationId: string,
  token?: { jti: string; sessionId: string | null },
): Promise<{ user?: CredentialUserRow; revoked: boolean }> {
  const revoked =
    token === undefined
      ? 'null'
      : `exists (select 1 from revoked_tokens where jti = ?) or exists (select 1 from refresh_sessions where id = ?::uuid and revoked_at is not null)`;
  const [row] = await em.execute<Array<CredentialUserRow & { revoked: boolean | null }>>(
    `select ${USER_COLUMNS}, ${revoked} as revoked
       from (select 1) as one
       left join users u on u.id = ? and u.organization_id = ?
       left join session_cutoffs c on c.user_id = u.id`,
    token === undefined ? [userId, organizationId] : [token.jti, token.sessionId, userId, organizationId],
  );
  if (!row) return { revoked: false };
  const { revoked: isRevoked, ...user } = row;
  return { user: user.id ? user : undefined, revoked: isRevoked === true };
}

/** The API key with this SHA-256, revoked or not. */
export async function credentialApiKey(em: EntityManager, keyHash: string): Promise<CredentialApiKeyRow | undefined> {
  const [row] = await em.execute<CredentialApiKeyRow[]>(
    `select k.id, k.organization_id, k.created_by_id, u.role, k.permissions, k.revoked_at, k.expires_at, k.last_used_at
       from api_keys k join users u on u.id = k.created_by_id and u.organization_id = k.organization_id
      where k.key_hash = ?`,
    [keyHash],
  );
  return row;
}

/** The plan and organization behind an organization or integration id; undefined when there is none. */
export async function credentialPlan(em: EntityManager, owner: PlanOwner): Promise<{ organization_id: string; plan: string } | undefined> {
  const byOrganization = 'organizationId' in owner;
  const [row] = await em.execute<Array<{ organization_id: string; plan: string }>>(
    byOrganization
      ? 'select id as organization_id, plan from organizations where id = ?::uuid'
      : 'select o.id as organization_id, o.plan from integrations i join organizations o on o.id = i.organization_id where i.id = ?::uuid',
    [byOrganization ? owner.organizationId : owner.integrationId],
  );
  return row;
}

/**
 * The reads behind every authenticated request. A user is read within the organization the token
 * names; an API key by its hash and a webhook's plan by its integration are looked up before any
 * organization is known, across organizations by design.
 */
export interface CredentialLookupStore {
  /** See credentialUser. */
  user(
    organizationId: string,
    userId: string,
    token?: { jti: string; sessionId: string | null },
  ): Promise<{ user?: CredentialUserRow; revoked: boolean }>;
  /** The API key with this SHA-256, revoked or not, in whichever organization. */
  apiKeyByHashAcrossOrganizations(keyHash: string): Promise<CredentialApiKeyRow | undefined>;
  planOfOrganization(organizationId: string): Promise<{ organization_id: string; plan: string } | undefined>;
  /** The plan and id of the organization owning the integration. */
  planOfIntegrationAcrossOrganizations(integrationId: string): Promise<{ organization_id: string; plan: string } | undefined>;
}

export function createCredentialLookupStore(em: EntityManager): CredentialLookupStore {
  return {
    user: (organizationId, userId, token) => credentialUser(em, userId, organizationId, token),
    apiKeyByHashAcrossOrganizations: (keyHash) => credentialApiKey(em, keyHash),
    planOfOrganization: (organizationId) => credentialPlan(em, { organizationId }),
    planOfIntegrationAcrossOrganizations: (integrationId) => credentialPlan(em, { integrationId }),
  };
}
