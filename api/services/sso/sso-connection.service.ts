import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { SecretBox } from '../../../shared/crypto/secret-box.ts';
import { SsoConnectionEntity, type SsoConnection } from '../../../shared/db/entities/index.ts';
import { TENANT_FILTER } from '../../../shared/db/tenant-filter.ts';
import { AppError, ConflictError, NotFoundError, ValidationError } from '../../../shared/errors.ts';
import { mayGrantRole, type Role } from '../../../shared/domain/permissions.ts';
import type { AuthContext } from '../../auth-context.ts';
import { CONFIG_SCHEMAS, type SsoConnectionView, type SsoKind } from '../../schemas/sso.schemas.ts';
import { isOidcKind, issuerFor, type OidcPresetConfig } from './oidc-presets.ts';
import { parseIdpMetadata } from './saml-metadata.ts';

/** Config fields that are never stored in the clear nor returned. */
const SECRET_FIELDS = ['client_secret', 'sp_private_key'] as const;
type Secrets = Partial<Record<(typeof SECRET_FIELDS)[number], string>>;

/** A connection as the sign-in flow needs it: config and secrets in the clear, in memory only. */
export interface LoadedSsoConnection {
  id: string;
  organizationId: string;
  kind: SsoKind;
  domains: string[];
  defaultRole: string;
  config: Record<string, unknown>;
  secrets: Secrets;
  /** Changes whenever the connection does: keys per-connection caches (OIDC discovery). */
  version: string;
}

export interface SsoUrls {
  /** OIDC redirect URI and SAML ACS: one callback route serves both. */
  callbackUrl: string;
  spEntityId(connectionId: string): string;
}

export function ssoUrls(publicUrl: string): SsoUrls {
  const base = `${publicUrl}/api/v1/sso`;
  return {
    callbackUrl: `${base}/callback`,
    // The metadata URL doubles as the entity id: unique per connection and resolvable, as IdPs like.
    spEntityId: (connectionId) => `${base}/saml/${connectionId}/metadata`,
  };
}

/** A connection's default role is granted by whoever sets it: never above their own role. */
function assertMayGrant(auth: AuthContext, role: string | undefined): void {
  if (role !== undefined && !mayGrantRole(auth.role, role))
    throw new AppError('INSUFFICIENT_PERMISSIONS', `A ${auth.role} cannot make ${role} the default role of a connection`);
}

const fieldErrors = (issues: Array<{ path: PropertyKey[]; message: string }>) =>
  new ValidationError(issues.map((issue) => ({ path: ['body', 'config', ...issue.path.map(String)].join('.'), message: issue.message })));

export type SsoConnectionService = ReturnType<typeof createSsoConnectionService>;

/**
 * SSO connections: CRUD for the organization's owners and admins, and the unscoped lookups the
 * sign-in flow makes before anyone is authenticated. Secrets are sealed with the same box as
 * integration secrets; each email domain belongs to one connection across all organizations.
 */
export function createSsoConnectionService(deps: { em: () => EntityManager; secretBox: SecretBox; urls: SsoUrls }) {
  const unscoped = { filters: { [TENANT_FILTER]: false } } as const;

  const secretsOf = (connection: SsoConnection): Secrets =>
    connection.secretsCiphertext ? (JSON.parse(deps.secretBox.decrypt(connection.secretsCiphertext)) as Secrets) : {};

  function view(connection: SsoConnection): SsoConnectionView {
    const kind = connection.kind as SsoKind;
    // Each kind seals one secret at most (OIDC client_secret, SAML sp_private_key): no need to open the box to say whether it is there.
    const config: Record<string, unknown> = {
      ...connection.config,
      [isOidcKind(kind) ? 'has_client_secret' : 'has_sp_private_key']: connection.secretsCiphertext != null,
    };
    return {
      id: connection.id,
      name: connection.name,
      kind,
      domains: connection.domains,
      // Written only through validated input: a stored role is one of ROLES.
      default_role: connection.defaultRole as Role,
      enabled: connection.enabled,
      config,
      ...(isOidcKind(kind)
        ? { issuer: issuerFor(kind, connection.config as OidcPresetConfig), redirect_uri: deps.urls.callbackUrl }
        : {
            acs_url: deps.urls.callbackUrl,
            sp_entity_id: deps.urls.spEntityId(connection.id),
            sp_metadata_url: deps.urls.spEntityId(connection.id),
          }),
      created_at: connection.createdAt.toISOString(),
      updated_at: connection.updatedAt.toISOString(),
    };
  }

  /** Validates a whole config for its kind; splits it into what is stored and what is sealed. */
  async function normalizeConfig(
    kind: SsoKind,
    input: Record<string, unknown>,
  ): Promise<{ config: Record<string, unknown>; secrets: Secrets }> {
    const parsed = CONFIG_SCHEMAS[kind].safeParse(input);
    if (!parsed.success) throw fieldErrors(parsed.error.issues);
    const all: Record<string, unknown> = { ...parsed.data };
    if (kind === 'saml') {
      if (typeof all.idp_metadata_xml === 'string') {
        try {
          Object.assign(all, await parseIdpMetadata(all.idp_metadata_xml));
        } catch (error) {
          throw fieldErrors([{ path: ['idp_metadata_xml'], message: `IdP metadata ${(error as Error).message}` }]);
        }
        delete all.idp_metadata_xml;
      }
      const missing = (['idp_entity_id', 'idp_sso_url', 'idp_certificate'] as const).filter((field) => !all[field]);
      if (missing.length)
        throw fieldErrors(missing.map((field) => ({ path: [field], message: 'Required unless idp_metadata_xml is given' })));
      // The SP metadata publishes the certificate of the key that signs requests and decrypts assertions.
      if (all.sp_private_key && !all.sp_certificate)
        throw fieldErrors([{ path: ['sp_certificate'], message: 'Required with sp_private_key' }]);
    }
    const secrets: Secrets = {};
    for (const field of SECRET_FIELDS) {
      if (typeof all[field] === 'string') secrets[field] = all[field];
      delete all[field];
    }
    return { config: all, secrets };
  }

  /** Replaces the connection's domains; a domain another connection holds is a 409. */
  async function claimDomains(em: EntityManager, connectionId: string, domains: string[]): Promise<void> {
    await em.execute('delete from sso_domains where connection_id = ?', [connectionId], 'run');
    try {
      await em.execute(
        'insert into sso_domains (domain, connection_id) select value, ? from jsonb_array_elements_text(?::jsonb)',
        [connectionId, JSON.stringify(domains)],
        'run',
      );
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException || (error as { code?: string }).code === '23505') {
        throw new ConflictError('One of these domains already belongs to another SSO connection');
      }
      throw error;
    }
  }

  const load = async (id: string) => {
    const connection = await deps.em().findOne(SsoConnectionEntity, { id });
    if (!connection) throw new NotFoundError('SSO connection');
    return connection;
  };

  const unique = (domains: string[]) => [...new Set(domains)];

  const loaded = (connection: SsoConnection): LoadedSsoConnection => ({
    id: connection.id,
    organizationId: typeof connection.organization === 'string' ? connection.organization : connection.organization.id,
    kind: connection.kind as SsoKind,
    domains: connection.domains,
    defaultRole: connection.defaultRole,
    config: connection.config,
    secrets: secretsOf(connection),
    version: `${connection.id}:${connection.updatedAt.getTime()}`,
  });

  const notFound = () => new AppError('SSO_CONNECTION_NOT_FOUND', 'No enabled SSO connection matches');

  return {
    view,

    async list(_auth: AuthContext, query: { limit: number; offset: number }) {
      const [items, total] = await deps
        .em()
        .findAndCount(SsoConnectionEntity, {}, { orderBy: { createdAt: 'asc' }, limit: query.limit, offset: query.offset });
      return { items: items.map(view), total };
    },

    async get(_auth: AuthContext, id: string) {
      return view(await load(id));
    },

    async create(
      auth: AuthContext,
      input: { name: string; kind: SsoKind; domains: string[]; default_role: string; enabled: boolean; config: Record<string, unknown> },
    ) {
      assertMayGrant(auth, input.default_role);
      const { config, secrets } = await normalizeConfig(input.kind, input.config);
      const domains = unique(input.domains);
      const connection = await deps.em().transactional(async (tx) => {
        const created = tx.create(SsoConnectionEntity, {
          organization: auth.organizationId,
          name: input.name,
          kind: input.kind,
          domains,
          defaultRole: input.default_role,
          enabled: input.enabled,
          config,
          secretsCiphertext: Object.keys(secrets).length ? deps.secretBox.encrypt(JSON.stringify(secrets)) : null,
        });
        await tx.flush();
        await claimDomains(tx, created.id, domains);
        return created;
      });
      return view(connection);
    },

    async update(
      auth: AuthContext,
      id: string,
      input: { name?: string; domains?: string[]; default_role?: string; enabled?: boolean; config?: Record<string, unknown> },
    ) {
      assertMayGrant(auth, input.default_role);
      const domains = input.domains === undefined ? undefined : unique(input.domains);
      const connection = await deps.em().transactional(async (tx) => {
        const connection = await tx.findOne(SsoConnectionEntity, { id });
        if (!connection) throw new NotFoundError('SSO connection');
        if (input.config !== undefined) {
          // Omitted write-only fields keep their stored values; null removes an optional field.
          const merged: Record<string, unknown> = { ...secretsOf(connection), ...connection.config, ...input.config };
          for (const [key, value] of Object.entries(merged)) if (value === null) delete merged[key];
          const { config, secrets } = await normalizeConfig(connection.kind as SsoKind, merged);
          connection.config = config;
          connection.secretsCiphertext = Object.keys(secrets).length ? deps.secretBox.encrypt(JSON.stringify(secrets)) : null;
        }
        if (input.name !== undefined) connection.name = input.name;
        if (input.default_role !== undefined) connection.defaultRole = input.default_role;
        if (input.enabled !== undefined) connection.enabled = input.enabled;
        if (domains) connection.domains = domains;
        await tx.flush();
        if (domains) await claimDomains(tx, connection.id, domains);
        return connection;
      });
      return view(connection);
    },

    async remove(_auth: AuthContext, id: string): Promise<void> {
      const connection = await load(id);
      // Domains, pending sign-ins and remembered assertions go with it (on delete cascade).
      await deps.em().remove(connection).flush();
    },

    /** SP metadata needs the connection before anyone signs in: any enabled SAML connection, by id. */
    async findSaml(id: string): Promise<LoadedSsoConnection> {
      const connection = await deps.em().findOne(SsoConnectionEntity, { id, kind: 'saml', enabled: true }, unscoped);
      if (!connection) throw notFound();
      return loaded(connection);
    },

    /** The enabled connection a sign-in starts with: by id, by the email's domain, or the organization's only one. */
    async resolve(query: { connection_id?: string; email?: string; organization_id?: string }): Promise<LoadedSsoConnection> {
      const em = deps.em();
      let connection: SsoConnection | null = null;
      if (query.connection_id) {
        connection = await em.findOne(SsoConnectionEntity, { id: query.connection_id, enabled: true }, unscoped);
      } else if (query.email) {
        const domain = query.email.slice(query.email.lastIndexOf('@') + 1).toLowerCase();
        const [row] = await em.execute<Array<{ connection_id: string }>>('select connection_id from sso_domains where domain = ?', [
          domain,
        ]);
        if (row) connection = await em.findOne(SsoConnectionEntity, { id: row.connection_id, enabled: true }, unscoped);
      } else if (query.organization_id) {
        const candidates = await em.find(
          SsoConnectionEntity,
          { organization: query.organization_id, enabled: true },
          { ...unscoped, limit: 2 },
        );
        if (candidates.length === 1) connection = candidates[0] ?? null;
      }
      if (!connection) throw notFound();
      return loaded(connection);
    },

    /** The connection a pending sign-in names, if it is still enabled. */
    async forLogin(id: string): Promise<LoadedSsoConnection | null> {
      const connection = await deps.em().findOne(SsoConnectionEntity, { id, enabled: true }, unscoped);
      return connection ? loaded(connection) : null;
    },
  };
}
