import { z } from 'zod';
import { isSafeIdpUrl, issuerProblem } from '../services/sso/oidc-presets.ts';
import { IdParams, list, PaginationQuery, single, timestamp } from './common.ts';
import { SSO_KINDS, type SsoKind } from '../../shared/domain/sso.ts';

const role = z.enum(['owner', 'admin', 'engineer', 'viewer']);
// First sign-ins never create owners: only an owner makes an owner, and never through a connection.
const defaultRole = z
  .enum(['admin', 'engineer', 'viewer'])
  .describe("Role of users created at their first sign-in: never `owner`, and not above the caller's own role");
// A DNS name: labels of letters, digits and hyphens, at least one dot.
const domain = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'must be a domain name such as example.com');
const clientSecret = z.string().min(1).max(2000).describe('Write-only: stored encrypted, never returned');
const scopes = z
  .array(z.string().regex(/^[\x21\x23-\x5B\x5D-\x7E]{1,100}$/, 'must be a scope token'))
  .max(20)
  .describe('Requested scopes; `openid email profile` when omitted');
const pem = (what: string) => z.string().min(1).max(20_000).describe(what);

const oidcClient = { client_id: z.string().min(1).max(500), client_secret: clientSecret, scopes: scopes.optional() };

export const OidcConfig = z
  .object({
    issuer: z
      .url({ protocol: /^https?$/ })
      .max(500)
      .superRefine((issuer, ctx) => {
        const problem = issuerProblem(issuer);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .describe(
        'The issuer URL itself (discovery appends /.well-known/openid-configuration): https, no query string or fragment. Plain http only on loopback, for a local test provider',
      ),
    ...oidcClient,
  })
  .strict();
export const AzureConfig = z
  .object({
    tenant_id: z
      .string()
      .regex(/^[\w.-]{1,100}$/, 'must be a tenant id or domain')
      .refine(
        (value) => !['common', 'organizations', 'consumers'].includes(value.toLowerCase()),
        'must name one tenant: multi-tenant issuers are refused',
      )
      .describe('Directory (tenant) id: the issuer is https://login.microsoftonline.com/{tenant_id}/v2.0'),
    ...oidcClient,
  })
  .strict();
export const OktaConfig = z
  .object({
    domain: domain.describe('Okta domain, e.g. acme.okta.com: the issuer is https://{domain}'),
    authorization_server: z
      .string()
      .regex(/^\w{1,100}$/)
      .optional()
      .describe('`default` or a custom authorization server id: the issuer becomes https://{domain}/oauth2/{authorization_server}'),
    ...oidcClient,
  })
  .strict();
export const GoogleConfig = z
  .object({ hosted_domain: domain.describe('Google Workspace domain: id_tokens must carry it as `hd`'), ...oidcClient })
  .strict();
export const SamlConfig = z
  .object({
    idp_metadata_xml: z.string().min(1).max(200_000).optional().describe('The IdP metadata document; alternatively the three idp_* fields'),
    idp_entity_id: z.string().min(1).max(500).optional(),
    idp_sso_url: z
      .url({ protocol: /^https?$/ })
      .max(2000)
      .refine((url) => isSafeIdpUrl(url, true), 'must be https (plain http only on loopback, for a local test IdP)')
      .optional()
      .describe('Where browsers are sent with the AuthnRequest: https'),
    idp_certificate: pem('The IdP signing certificate (PEM or base64 DER)').optional(),
    sp_private_key: pem('Write-only: PEM private key signing AuthnRequests and decrypting encrypted assertions').optional(),
    sp_certificate: pem('PEM certificate of sp_private_key, published in the SP metadata').optional(),
  })
  .strict()
  // What normalizeConfig requires, said in the description: the metadata or the three idp_* fields,
  // and a certificate with a private key.
  .meta({
    anyOf: [{ required: ['idp_metadata_xml'] }, { required: ['idp_entity_id', 'idp_sso_url', 'idp_certificate'] }],
    dependentRequired: { sp_private_key: ['sp_certificate'] },
  });

export const CONFIG_SCHEMAS = { oidc: OidcConfig, azure: AzureConfig, okta: OktaConfig, google: GoogleConfig, saml: SamlConfig } as const;
export { SSO_KINDS, type SsoKind };

const common = {
  name: z.string().trim().min(1).max(200),
  domains: z
    .array(domain)
    .min(1)
    .max(50)
    .describe(
      'Email domains this connection claims. A claim routes `GET /sso/initiate?email=` only once verified by DNS ' +
        '(POST /sso/connections/{id}/domains/{domain}/verify); unverified claims of several organizations may coexist',
    ),
  default_role: defaultRole.default('viewer'),
  enabled: z.boolean().default(true),
};

export const CreateSsoConnectionBody = z
  .discriminatedUnion('kind', [
    z.object({ ...common, kind: z.literal('oidc'), config: OidcConfig }),
    z.object({ ...common, kind: z.literal('azure'), config: AzureConfig }),
    z.object({ ...common, kind: z.literal('okta'), config: OktaConfig }),
    z.object({ ...common, kind: z.literal('google'), config: GoogleConfig }),
    z.object({ ...common, kind: z.literal('saml'), config: SamlConfig }),
  ])
  .meta({
    examples: [
      {
        name: 'Okta',
        kind: 'okta',
        domains: ['acme.com'],
        default_role: 'engineer',
        enabled: true,
        config: { domain: 'acme.okta.com', authorization_server: 'default', client_id: '0oa1b2c3d4', client_secret: 'secret-from-okta' },
      },
      {
        name: 'Corporate SAML',
        kind: 'saml',
        domains: ['acme.com'],
        default_role: 'viewer',
        enabled: true,
        config: {
          idp_entity_id: 'https://idp.acme.com/saml',
          idp_sso_url: 'https://idp.acme.com/saml/sso',
          idp_certificate: '-----BEGIN CERTIFICATE-----\nMIIC...\n-----END CERTIFICATE-----',
        },
      },
    ],
  });

export const UpdateSsoConnectionBody = z
  .object({
    name: common.name.optional(),
    domains: common.domains.optional(),
    default_role: defaultRole.optional(),
    enabled: z.boolean().optional(),
    config: z
      .record(z.string(), z.unknown())
      .optional()
      .describe(
        "Merged into the stored config, then validated for the connection's kind (which cannot change): keys of another kind's config " +
          "are refused (422). Omitted write-only fields keep their stored values, except `client_secret` when the issuer's scheme, host or port changes",
      ),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: 'At least one field is required' })
  .meta({ examples: [{ enabled: false }, { domains: ['acme.com', 'acme.io'], config: { client_secret: 'rotated-secret' } }] });

export const SsoConnectionSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    kind: z.enum(SSO_KINDS),
    domains: z.array(z.string()),
    domain_verifications: z
      .array(
        z.object({
          domain: z.string(),
          verified: z.boolean(),
          verified_at: z.string().nullable(),
          record_name: z.string().describe('Publish a TXT record at this name...'),
          record_type: z.literal('TXT'),
          record_value: z.string().describe('...holding exactly this value, then ask for verification'),
        }),
      )
      .describe('Per domain: whether it is verified, and the DNS record that proves it'),
    default_role: role,
    enabled: z.boolean(),
    config: z
      .record(z.string(), z.unknown())
      .describe('As configured, without write-only fields; `has_client_secret` / `has_sp_private_key` say whether one is stored'),
    issuer: z.string().optional().describe('OIDC: the issuer id_tokens must carry'),
    redirect_uri: z.string().optional().describe('OIDC: register this redirect URI at the identity provider'),
    acs_url: z.string().optional().describe('SAML: Assertion Consumer Service URL (HTTP-POST)'),
    sp_entity_id: z.string().optional().describe('SAML: the service provider entity id (audience)'),
    sp_metadata_url: z.string().optional().describe('SAML: SP metadata XML to give the identity provider'),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .meta({
    id: 'SsoConnection',
    examples: [
      {
        id: '0b9f8a52-3c1e-4d7a-9a57-1f7a4f0b2c11',
        name: 'Okta',
        kind: 'okta',
        domains: ['acme.com'],
        domain_verifications: [
          {
            domain: 'acme.com',
            verified: true,
            verified_at: '2026-11-24T10:05:00.000Z',
            record_name: '_tocsin-challenge.acme.com',
            record_type: 'TXT',
            record_value: '3f7c1e9a0b5d4c2e8f6a1b3c5d7e9f0a2b4c6d8e0f1a3b5c7d9e1f3a5b7c9d1e',
          },
        ],
        default_role: 'engineer',
        enabled: true,
        config: { domain: 'acme.okta.com', authorization_server: 'default', client_id: '0oa1b2c3d4', has_client_secret: true },
        issuer: 'https://acme.okta.com/oauth2/default',
        redirect_uri: 'https://tocsin.acme.com/api/v1/sso/callback',
        created_at: '2026-11-24T10:00:00.000Z',
        updated_at: '2026-11-24T10:00:00.000Z',
      },
    ],
  });

/** What the services return: the response schemas are the contract, these types follow them. */
export type SsoConnectionView = z.output<typeof SsoConnectionSchema>;

export const SsoConnectionResponse = single(SsoConnectionSchema);
export const SsoConnectionListResponse = list(SsoConnectionSchema);
export const SsoConnectionListQuery = PaginationQuery;
export const SsoConnectionParams = IdParams;
export const SsoDomainParams = IdParams.extend({ domain });

export const SsoInitiateQuery = z
  .object({
    connection_id: z
      .uuid()
      .optional()
      .describe('One of connection_id, email or organization_id is required (422 without any)')
      .meta({ examples: ['0b9f8a52-3c1e-4d7a-9a57-1f7a4f0b2c11'] }),
    email: z
      .email()
      .max(320)
      .optional()
      .describe("Picks the connection holding this email's domain, verified. One of connection_id, email or organization_id is required")
      .meta({ examples: ['jane@acme.com'] }),
    organization_id: z
      .uuid()
      .optional()
      .describe(
        "Picks the organization's connection when it has exactly one enabled. One of connection_id, email or organization_id is required",
      ),
    redirect_to: z
      .string()
      .max(2000)
      .optional()
      .describe('Where to send the browser after sign-in (same origin as the API); without it the callback answers the token response')
      .meta({ examples: ['/incidents'] }),
  })
  .refine((query) => query.connection_id ?? query.email ?? query.organization_id, {
    message: 'connection_id, email or organization_id is required',
  })
  .meta({ examples: [{ email: 'jane@acme.com' }, { connection_id: '0b9f8a52-3c1e-4d7a-9a57-1f7a4f0b2c11', redirect_to: '/app' }] });

export const SsoLinkBody = z
  .object({
    connection_id: z.uuid().describe("One of your organization's enabled connections"),
    redirect_to: z.string().max(2000).optional().describe('Where to send the browser after the sign-in (same origin as the API)'),
  })
  .strict()
  .meta({ examples: [{ connection_id: '0b9f8a52-3c1e-4d7a-9a57-1f7a4f0b2c11' }] });

export const SsoLinkConfirmBody = z
  .object({ token: z.string().min(1).max(200).describe('The link token of the mail') })
  .strict()
  .meta({ examples: [{ token: 'b1d0c2e5f3a4...' }] });

export const SsoLinkConfirmResponse = single(z.object({ connection_id: z.uuid(), user_id: z.uuid(), linked: z.literal(true) })).meta({
  examples: [
    {
      data: { connection_id: '0b9f8a52-3c1e-4d7a-9a57-1f7a4f0b2c11', user_id: '7d6c4a1e-2b3f-4e5d-8a9b-0c1d2e3f4a5b', linked: true },
      meta: {},
    },
  ],
});

export const SsoInitiateResponse = single(z.object({ authorization_url: z.string() })).meta({
  examples: [{ data: { authorization_url: 'https://acme.okta.com/oauth2/default/v1/authorize?client_id=...&state=...' }, meta: {} }],
});

/** OIDC answers (`code`/`state`, or `error`) and SAML's ACS post (`SAMLResponse`/`RelayState`). */
export const SsoCallbackParams = z
  .object({
    code: z
      .string()
      .max(4000)
      .optional()
      .describe('OIDC authorization code')
      .meta({ examples: ['SplxlOBeZQQYbYS6WxSbIA'] }),
    state: z
      .string()
      .max(500)
      .optional()
      .describe('OIDC state, as initiate sent it')
      .meta({ examples: ['Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmE'] }),
    iss: z.string().max(500).optional(),
    error: z.string().max(200).optional(),
    error_description: z.string().max(2000).optional(),
    session_state: z.string().max(500).optional(),
    SAMLResponse: z.string().max(1_000_000).optional().describe('SAML: the base64 Response (HTTP-POST only)'),
    RelayState: z.string().max(500).optional().describe('SAML: the state initiate sent as RelayState'),
  })
  .catchall(z.string().max(4000))
  .meta({
    examples: [
      { code: 'SplxlOBeZQQYbYS6WxSbIA', state: 'af0ifjsldkj' },
      { SAMLResponse: 'PHNhbWxwOlJlc3BvbnNlIC4uLg==', RelayState: 'af0ifjsldkj' },
    ],
  });

/**
 * The OIDC query response. No SAML fields: a SAML response comes by HTTP-POST only (one in a query
 * string is refused, 401), and a 1 MB one would not even fit in the request line the server reads.
 */
export const SsoCallbackQuery = SsoCallbackParams.omit({ SAMLResponse: true, RelayState: true }).meta({
  examples: [
    { code: 'SplxlOBeZQQYbYS6WxSbIA', state: 'af0ifjsldkj' },
    { error: 'access_denied', state: 'af0ifjsldkj' },
  ],
});
