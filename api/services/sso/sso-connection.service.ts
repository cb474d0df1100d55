import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { SecretBox } from '../../../shared/crypto/secret-box.ts';
import type {
  DomainClaim,
  SsoConnectionFields,
  SsoConnectionRecord as SsoConnection,
  SsoConnectionStore,
} from '../../../shared/db/access/sso-connections.ts';
import { AppError, ConflictError, NotFoundError, ServiceUnavailableError, ValidationError } from '../../../shared/errors.ts';
import { mayGrantRole, type Role } from '../../../shared/domain/permissions.ts';
import type { Logger } from '../../../shared/logger.ts';
import type { Mailer } from '../../../shared/mail/mailer.ts';
import type { AuthContext } from '../../auth-context.ts';
import { CONFIG_SCHEMAS, type SsoConnectionView, type SsoKind } from '../../schemas/sso.schemas.ts';
import type { AuditService } from '../audit.service.ts';
import { challengeName, holdsToken, type TxtLookup } from './domain-verification.ts';
import { isOidcKind, issuerFor, type OidcKind, type OidcPresetConfig } from './oidc-presets.ts';
import { parseIdpMetadata } from './saml-metadata.ts';
import { SECRET_FIELDS, type LoadedSsoConnection, type Secrets, type SsoRequestMeta, type SsoUrls } from './sso-types.ts';

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
    throw new AppError('INSUFFICIENT_PERMISSIONS', `The default role ${role} is above your own role (${auth.role})`);
}

/** A domain claim: routes sign-ins by email only once `verified_at` is set. */
/** Scheme, host and port: where a stored client secret is sent. */
const originOf = (url: string) => URL.parse(url)?.origin ?? url;

/** Key-order-independent JSON, to tell whether a config really changed. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );

const fieldErrors = (issues: Array<{ path: PropertyKey[]; message: string }>) =>
  new ValidationError(issues.map((issue) => ({ path: ['body', 'config', ...issue.path.map(String)].join('.'), message: issue.message })));

export type SsoConnectionService = ReturnType<typeof createSsoConnectionService>;

/**
 * SSO connections: CRUD for the organization's owners and admins, and the unscoped lookups the
 * sign-in flow makes before anyone is authenticated. Secrets are sealed with the same box as
 * integration secrets; an email domain routes sign-ins to the one connection that verified it by DNS.
 */
export function createSsoConnectionService(deps: {
  connections: () => SsoConnectionStore;
  secretBox: SecretBox;
  urls: SsoUrls;
  mailer: Pick<Mailer, 'send'>;
  audit: Pick<AuditService, 'record'>;
  logger: Logger;
  lookupTxt: TxtLookup;
}) {
  const secretsOf = (connection: SsoConnection): Secrets =>
    connection.secretsCiphertext ? (JSON.parse(deps.secretBox.decrypt(connection.secretsCiphertext)) as Secrets) : {};

  async function claimsOf(organizationId: string, connectionIds: string[]): Promise<Map<string, DomainClaim[]>> {
    const byConnection = new Map<string, DomainClaim[]>();
    for (const row of await deps.connections().claimsOf(organizationId, connectionIds))
      byConnection.set(row.connection_id, [...(byConnection.get(row.connection_id) ?? []), row]);
    return byConnection;
  }

  async function viewOne(connection: SsoConnection): Promise<SsoConnectionView> {
    return view(connection, (await claimsOf(connection.organizationId, [connection.id])).get(connection.id) ?? []);
  }

  function view(connection: SsoConnection, claims: DomainClaim[]): SsoConnectionView {
    const kind = connection.kind;
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
      domain_verifications: claims.map((claim) => ({
        domain: claim.domain,
        verified: claim.verified_at != null,
        verified_at: claim.verified_at == null ? null : new Date(claim.verified_at).toISOString(),
        record_name: challengeName(claim.domain),
        record_type: 'TXT' as const,
        record_value: claim.token,
      })),
      // Written only through validated input: a stored role is one of ROLES.
      default_role: connection.defaultRole,
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

  /**
   * Who may sign in as whom hangs on these: the owners hear of every change, and the audit log
   * records it, whoever made it.
   */
  async function trustChanged(auth: AuthContext, connection: SsoConnection, fields: string[], meta: SsoRequestMeta): Promise<void> {
    try {
      await deps.audit.record({
        organizationId: auth.organizationId,
        eventType: 'sso.connection_trust_changed',
        action: fields.join(','),
        method: meta.method,
        path: meta.path,
        targetType: 'sso_connection',
        targetId: connection.id,
        actorType: auth.kind,
        actorUserId: auth.userId,
        actorApiKeyId: auth.apiKeyId,
        ip: meta.ip,
        userAgent: meta.userAgent,
        requestId: meta.requestId,
        statusCode: meta.method === 'POST' ? 201 : 200,
      });
    } catch (error) {
      deps.logger.error({ err: error, requestId: meta.requestId }, 'SSO trust change not audited');
    }
    const audience = await deps.connections().trustAudience(auth.organizationId, auth.userId ?? undefined);
    const who = `${audience.actorEmail ?? auth.userId}${auth.apiKeyId ? ` (through API key ${auth.apiKeyId})` : ''}`;
    for (const ownerEmail of audience.ownerEmails) {
      try {
        await deps.mailer.send({
          to: ownerEmail,
          subject: `SSO connection "${connection.name}" ${meta.method === 'POST' ? 'added' : 'changed'} in ${audience.organizationName ?? 'your organization'}`,
          text: [
            `${who} ${meta.method === 'POST' ? 'added' : 'changed'} the single sign-on connection "${connection.name}" (${connection.id}).`,
            `Changed: ${fields.join(', ')}.`,
            '',
            'A connection decides who can sign in to your organization. If you did not expect this, review the',
            'connection and the audit log (event sso.connection_trust_changed).',
          ].join('\n'),
        });
      } catch (error) {
        deps.logger.error({ err: error, requestId: meta.requestId }, 'SSO trust change mail not sent');
      }
    }
  }

  const load = async (auth: AuthContext, id: string) => {
    const connection = await deps.connections().find(auth.organizationId, id);
    if (!connection) throw new NotFoundError('SSO connection');
    return connection;
  };

  const unique = (domains: string[]) => [...new Set(domains)];

  const loaded = (connection: SsoConnection): LoadedSsoConnection => ({
    id: connection.id,
    organizationId: connection.organizationId,
    name: connection.name,
    kind: connection.kind,
    domains: connection.domains,
    defaultRole: connection.defaultRole,
    config: connection.config,
    secrets: secretsOf(connection),
    version: `${connection.id}:${connection.updatedAt.getTime()}`,
  });

  const notFound = () => new AppError('SSO_CONNECTION_NOT_FOUND', 'No enabled SSO connection matches');

  return {
    view,

    async list(auth: AuthContext, query: { limit: number; offset: number }) {
      const { items, total } = await deps.connections().list(auth.organizationId, query);
      const claims = await claimsOf(
        auth.organizationId,
        items.map((item) => item.id),
      );
      return { items: items.map((item) => view(item, claims.get(item.id) ?? [])), total };
    },

    async get(auth: AuthContext, id: string) {
      return viewOne(await load(auth, id));
    },

    async create(
      auth: AuthContext,
      input: { name: string; kind: SsoKind; domains: string[]; default_role: Role; enabled: boolean; config: Record<string, unknown> },
      meta: SsoRequestMeta,
    ) {
      assertMayGrant(auth, input.default_role);
      const { config, secrets } = await normalizeConfig(input.kind, input.config);
      const domains = unique(input.domains);
      // Claims never conflict: only verification does.
      const connection = await deps.connections().create(auth.organizationId, {
        name: input.name,
        kind: input.kind,
        domains,
        defaultRole: input.default_role,
        enabled: input.enabled,
        config,
        secretsCiphertext: Object.keys(secrets).length ? deps.secretBox.encrypt(JSON.stringify(secrets)) : null,
      });
      await trustChanged(auth, connection, ['kind', 'config', 'domains', 'default_role'], meta);
      return viewOne(connection);
    },

    async update(
      auth: AuthContext,
      id: string,
      input: { name?: string; domains?: string[]; default_role?: Role; enabled?: boolean; config?: Record<string, unknown> },
      meta: SsoRequestMeta,
    ) {
      assertMayGrant(auth, input.default_role);
      // Config (issuer, certificates, metadata), domains and the default role decide who signs in as whom.
      if ((input.config !== undefined || input.domains !== undefined || input.default_role !== undefined) && auth.role !== 'owner')
        throw new AppError('INSUFFICIENT_PERMISSIONS', "Only an owner can change a connection's config, domains or default_role");
      const domains = input.domains === undefined ? undefined : unique(input.domains);
      const changed: string[] = [];
      const connection = await deps.connections().update(auth.organizationId, id, async (connection) => {
        const changes: Partial<Omit<SsoConnectionFields, 'kind'>> = {};
        const kind = connection.kind;
        if (input.config !== undefined) {
          // Omitted write-only fields keep their stored values; null removes an optional field.
          const stored = secretsOf(connection);
          const merged: Record<string, unknown> = { ...stored, ...connection.config, ...input.config };
          for (const [key, value] of Object.entries(merged)) if (value === null) delete merged[key];
          const { config, secrets } = await normalizeConfig(kind, merged);
          // A stored client secret goes only where it went: another scheme, host or port needs it again.
          if (isOidcKind(kind) && input.config.client_secret === undefined && stored.client_secret !== undefined) {
            const before = originOf(issuerFor(kind as OidcKind, connection.config as OidcPresetConfig));
            const after = originOf(issuerFor(kind as OidcKind, config as OidcPresetConfig));
            if (before !== after)
              throw fieldErrors([
                {
                  path: ['client_secret'],
                  message: `Required again: the issuer moved from ${before} to ${after}, and the stored secret stays with ${before}`,
                },
              ]);
          }
          if (canonical({ config, secrets }) !== canonical({ config: connection.config, secrets: stored })) changed.push('config');
          changes.config = config;
          changes.secretsCiphertext = Object.keys(secrets).length ? deps.secretBox.encrypt(JSON.stringify(secrets)) : null;
        }
        if (input.name !== undefined) changes.name = input.name;
        if (input.default_role !== undefined && input.default_role !== connection.defaultRole) {
          changed.push('default_role');
          changes.defaultRole = input.default_role;
        }
        if (input.enabled !== undefined) changes.enabled = input.enabled;
        if (domains) {
          if (canonical([...domains].sort()) !== canonical([...connection.domains].sort())) changed.push('domains');
          changes.domains = domains;
        }
        return changes;
      });
      if (!connection) throw new NotFoundError('SSO connection');
      if (changed.length) await trustChanged(auth, connection, changed, meta);
      return viewOne(connection);
    },

    /**
     * Verifies a domain claim by DNS. The first connection to verify a domain holds it; another
     * takes it over only once the holder's record is gone from DNS (whoever controls the zone decides).
     */
    async verifyDomain(auth: AuthContext, id: string, domain: string): Promise<SsoConnectionView> {
      const connection = await load(auth, id);
      const store = deps.connections();
      const name = domain.toLowerCase();
      const claim = await store.claim(auth.organizationId, connection.id, name);
      if (!claim) throw new NotFoundError('Domain claim');
      if (claim.verified_at) return viewOne(connection);
      let records: string[][];
      try {
        records = await deps.lookupTxt(challengeName(name));
      } catch (error) {
        deps.logger.warn({ err: error, domain: name }, 'SSO domain verification lookup failed');
        throw new ServiceUnavailableError(`The DNS lookup of ${challengeName(name)} failed: try again later`);
      }
      if (!holdsToken(records, claim.token))
        throw new ConflictError(`No TXT record ${challengeName(name)} holds this connection's token (${claim.token}) yet`);
      const holder = await store.verifiedClaimElsewhere(name, connection.id);
      if (holder && holdsToken(records, holder.token))
        throw new ConflictError(`${name} is verified by another SSO connection, whose DNS record is still published`);
      try {
        await store.verifyDomain(auth.organizationId, connection.id, name, holder?.connection_id);
      } catch (error) {
        if (error instanceof UniqueConstraintViolationException || (error as { code?: string }).code === '23505')
          throw new ConflictError(`${name} was verified by another SSO connection meanwhile`);
        throw error;
      }
      return viewOne(connection);
    },

    async remove(auth: AuthContext, id: string): Promise<void> {
      await load(auth, id);
      await deps.connections().remove(auth.organizationId, id);
    },

    /** SP metadata needs the connection before anyone signs in: any enabled SAML connection, by id. */
    async findSaml(id: string): Promise<LoadedSsoConnection> {
      const connection = await deps.connections().signInById(id, 'saml');
      if (!connection) throw notFound();
      return loaded(connection);
    },

    /** The enabled connection a sign-in starts with: by id, by the email's domain, or the organization's only one. */
    async resolve(query: { connection_id?: string; email?: string; organization_id?: string }): Promise<LoadedSsoConnection> {
      const store = deps.connections();
      let connection: SsoConnection | undefined;
      if (query.connection_id) {
        connection = await store.signInById(query.connection_id);
      } else if (query.email) {
        connection = await store.signInByDomain(query.email.slice(query.email.lastIndexOf('@') + 1).toLowerCase());
      } else if (query.organization_id) {
        const candidates = await store.signInOfOrganization(query.organization_id, 2);
        if (candidates.length === 1) connection = candidates[0];
      }
      if (!connection) throw notFound();
      return loaded(connection);
    },

    /** The connection a pending sign-in names, if it is still enabled. */
    async forLogin(id: string): Promise<LoadedSsoConnection | null> {
      const connection = await deps.connections().signInById(id);
      return connection ? loaded(connection) : null;
    },
  };
}
