import type { EntityManager } from '@mikro-orm/postgresql';
import type { Role } from '../../domain/permissions.ts';
import type { SsoKind } from '../../domain/sso.ts';
import { OrganizationEntity, SsoConnectionEntity, UserEntity, type SsoConnection } from '../entities/index.ts';
import { unscoped } from '../tenant-filter.ts';

/** An organization's identity provider as stored; `secretsCiphertext` stays sealed. */
export interface SsoConnectionRecord {
  id: string;
  organizationId: string;
  name: string;
  kind: SsoKind;
  domains: string[];
  defaultRole: Role;
  enabled: boolean;
  config: Record<string, unknown>;
  secretsCiphertext: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export type SsoConnectionFields = Pick<
  SsoConnectionRecord,
  'name' | 'kind' | 'domains' | 'defaultRole' | 'enabled' | 'config' | 'secretsCiphertext'
>;

/** A domain an SSO connection claims, with the DNS token that verifies it (`sso_domains`). */
export interface DomainClaim {
  connection_id: string;
  domain: string;
  token: string;
  verified_at: Date | string | null;
}

/** Who hears of a change to a connection: the organization's owners, by the actor's and the organization's names. */
export interface TrustAudience {
  ownerEmails: string[];
  actorEmail: string | undefined;
  organizationName: string | undefined;
}

/**
 * Every method scoped by `organizationId` reads and writes that organization's connections only.
 * The sign-in lookups (`signIn*`) run before anyone is authenticated and look across organizations
 * by design: an id, a verified domain (unique across organizations) or an organization id names one.
 */
export interface SsoConnectionStore {
  list(organizationId: string, page: { limit: number; offset: number }): Promise<{ items: SsoConnectionRecord[]; total: number }>;
  find(organizationId: string, id: string): Promise<SsoConnectionRecord | undefined>;
  /** The connection and its domain claims (new ones unverified, with a fresh token), in one transaction. */
  create(organizationId: string, fields: SsoConnectionFields): Promise<SsoConnectionRecord>;
  /**
   * Reads the connection, writes what `change` returns and, when it names domains, replaces the
   * claims to match, in one transaction: `change` throwing leaves everything as it was.
   */
  update(
    organizationId: string,
    id: string,
    change: (current: SsoConnectionRecord) => Promise<Partial<Omit<SsoConnectionFields, 'kind'>>>,
  ): Promise<SsoConnectionRecord | undefined>;
  /** Its domain claims, pending sign-ins and remembered assertions go with it (on delete cascade). */
  remove(organizationId: string, id: string): Promise<void>;
  /** The claims of each of the organization's connections, by domain. */
  claimsOf(organizationId: string, connectionIds: readonly string[]): Promise<DomainClaim[]>;
  claim(organizationId: string, connectionId: string, domain: string): Promise<DomainClaim | undefined>;
  /** Another connection's verified claim of the domain, in whichever organization. */
  verifiedClaimElsewhere(domain: string, connectionId: string): Promise<DomainClaim | undefined>;
  /**
   * Marks the organization's claim verified, releasing `takeOverFrom`'s claim (the former holder, in
   * whichever organization) in the same transaction; a unique violation while another still holds it.
   */
  verifyDomain(organizationId: string, connectionId: string, domain: string, takeOverFrom?: string): Promise<void>;
  trustAudience(organizationId: string, actorUserId: string | undefined): Promise<TrustAudience>;
  /** An enabled connection by id (of the kind, when given). */
  signInById(id: string, kind?: SsoKind): Promise<SsoConnectionRecord | undefined>;
  /** The enabled connection that verified the domain. */
  signInByDomain(domain: string): Promise<SsoConnectionRecord | undefined>;
  /** The organization's enabled connections, at most `limit`. */
  signInOfOrganization(organizationId: string, limit: number): Promise<SsoConnectionRecord[]>;
}

const CLAIM_COLUMNS = 'd.connection_id, d.domain, d.token, d.verified_at';

const record = (connection: SsoConnection): SsoConnectionRecord => ({
  id: connection.id,
  organizationId: typeof connection.organization === 'string' ? connection.organization : connection.organization.id,
  name: connection.name,
  kind: connection.kind,
  domains: connection.domains,
  defaultRole: connection.defaultRole,
  enabled: connection.enabled,
  config: connection.config,
  secretsCiphertext: connection.secretsCiphertext ?? null,
  createdAt: connection.createdAt,
  updatedAt: connection.updatedAt,
});

/** Kept domains keep their token and verification; new ones start unverified with a fresh token. */
async function replaceClaims(em: EntityManager, connectionId: string, domains: readonly string[]): Promise<void> {
  const list = JSON.stringify(domains);
  await em.execute(
    'delete from sso_domains where connection_id = ? and domain not in (select jsonb_array_elements_text(?::jsonb))',
    [connectionId, list],
    'run',
  );
  await em.execute(
    `insert into sso_domains (domain, connection_id, token)
     select value, ?, replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '') from jsonb_array_elements_text(?::jsonb)
     on conflict (connection_id, domain) do nothing`,
    [connectionId, list],
    'run',
  );
}

/** Organizations' SSO connections (`sso_connections`) and their domain claims (`sso_domains`). */
export function createSsoConnectionStore(em: EntityManager): SsoConnectionStore {
  const findEntity = (work: EntityManager, organizationId: string, id: string) =>
    work.findOne(SsoConnectionEntity, { id, organization: organizationId }, unscoped);

  return {
    async list(organizationId, page) {
      const [items, total] = await em.findAndCount(
        SsoConnectionEntity,
        { organization: organizationId },
        { ...unscoped, orderBy: { createdAt: 'asc' }, limit: page.limit, offset: page.offset },
      );
      return { items: items.map(record), total };
    },

    async find(organizationId, id) {
      const connection = await findEntity(em, organizationId, id);
      return connection ? record(connection) : undefined;
    },

    create: (organizationId, fields) =>
      em.transactional(async (tx) => {
        const created = tx.create(SsoConnectionEntity, { organization: organizationId, ...fields });
        await tx.flush();
        await replaceClaims(tx, created.id, fields.domains);
        return record(created);
      }),

    update: (organizationId, id, change) =>
      em.transactional(async (tx) => {
        const connection = await findEntity(tx, organizationId, id);
        if (!connection) return undefined;
        const changes = await change(record(connection));
        // Plain property writes: a JSON config is replaced whole, never merged into the old one.
        for (const [key, value] of Object.entries(changes)) if (value !== undefined) Object.assign(connection, { [key]: value });
        await tx.flush();
        if (changes.domains) await replaceClaims(tx, connection.id, changes.domains);
        return record(connection);
      }),

    async remove(organizationId, id) {
      await em.nativeDelete(SsoConnectionEntity, { id, organization: organizationId }, unscoped);
    },

    async claimsOf(organizationId, connectionIds) {
      if (connectionIds.length === 0) return [];
      return em.execute<DomainClaim[]>(
        `select ${CLAIM_COLUMNS} from sso_domains d join sso_connections c on c.id = d.connection_id
         where c.organization_id = ? and d.connection_id in (select value::uuid from jsonb_array_elements_text(?::jsonb)) order by d.domain`,
        [organizationId, JSON.stringify(connectionIds)],
      );
    },

    async claim(organizationId, connectionId, domain) {
      const [claim] = await em.execute<DomainClaim[]>(
        `select ${CLAIM_COLUMNS} from sso_domains d join sso_connections c on c.id = d.connection_id
         where c.organization_id = ? and d.connection_id = ? and d.domain = ?`,
        [organizationId, connectionId, domain],
      );
      return claim;
    },

    async verifiedClaimElsewhere(domain, connectionId) {
      const [holder] = await em.execute<DomainClaim[]>(
        `select ${CLAIM_COLUMNS} from sso_domains d where d.domain = ? and d.verified_at is not null and d.connection_id <> ?`,
        [domain, connectionId],
      );
      return holder;
    },

    verifyDomain: (organizationId, connectionId, domain, takeOverFrom) =>
      em.transactional(async (tx) => {
        if (takeOverFrom)
          await tx.execute(
            'update sso_domains set verified_at = null where connection_id = ? and domain = ?',
            [takeOverFrom, domain],
            'run',
          );
        await tx.execute(
          `update sso_domains set verified_at = now()
           where connection_id = ? and domain = ? and connection_id in (select id from sso_connections where organization_id = ?)`,
          [connectionId, domain, organizationId],
          'run',
        );
      }),

    async trustAudience(organizationId, actorUserId) {
      const [owners, actor, organization] = await Promise.all([
        em.find(UserEntity, { organization: organizationId, role: 'owner' }, unscoped),
        actorUserId ? em.findOne(UserEntity, { id: actorUserId, organization: organizationId }, unscoped) : null,
        em.findOne(OrganizationEntity, { id: organizationId }, unscoped),
      ]);
      return { ownerEmails: owners.map((owner) => owner.email), actorEmail: actor?.email, organizationName: organization?.name };
    },

    async signInById(id, kind) {
      const connection = await em.findOne(SsoConnectionEntity, { id, enabled: true, ...(kind ? { kind } : {}) }, unscoped);
      return connection ? record(connection) : undefined;
    },

    async signInByDomain(domain) {
      const [row] = await em.execute<Array<{ connection_id: string }>>(
        'select connection_id from sso_domains where domain = ? and verified_at is not null',
        [domain],
      );
      if (!row) return undefined;
      const connection = await em.findOne(SsoConnectionEntity, { id: row.connection_id, enabled: true }, unscoped);
      return connection ? record(connection) : undefined;
    },

    async signInOfOrganization(organizationId, limit) {
      const connections = await em.find(SsoConnectionEntity, { organization: organizationId, enabled: true }, { ...unscoped, limit });
      return connections.map(record);
    },
  };
}
