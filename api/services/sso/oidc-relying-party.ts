import * as oidc from 'openid-client';
import { SsoFailedError } from '../../../shared/errors.ts';
import type { GuardedFetch } from '../../../shared/net/outbound-fetch.ts';
import type { LoadedSsoConnection } from './sso-types.ts';
import { isLoopbackHttpIssuer, isSafeIdpUrl, issuerFor, issuerProblem, type OidcKind, type OidcPresetConfig } from './oidc-presets.ts';

const DEFAULT_SCOPES = ['openid', 'email', 'profile'];
// Discovery (and the JWKS openid-client caches inside the configuration) is reused this long.
const DISCOVERY_TTL_MS = 3600_000;

export interface OidcCallback {
  /** The query string (GET) or form body (POST form_post) the identity provider sent back. */
  params: Record<string, string>;
  method: 'GET' | 'POST';
}

export interface OidcChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export type OidcRelyingParty = ReturnType<typeof createOidcRelyingParty>;

/**
 * The relying party, all of it openid-client's: discovery, the authorization URL with PKCE, state
 * and nonce, and the code exchange that validates the id_token (signature against the issuer's
 * JWKS, issuer, audience, expiry, nonce). This module only decides what to ask for. Every request
 * (discovery, JWKS, token) goes through `fetch`, the guarded outbound client.
 */
export function createOidcRelyingParty(deps: { redirectUri: string; allowInsecureLoopbackIssuers: boolean; fetch: GuardedFetch }) {
  const configurations = new Map<string, { configuration: Promise<oidc.Configuration>; expiresAt: number }>();

  function configurationFor(connection: LoadedSsoConnection): Promise<oidc.Configuration> {
    const cached = configurations.get(connection.version);
    if (cached && cached.expiresAt > Date.now()) return cached.configuration;
    const issuer = issuerFor(connection.kind as OidcKind, connection.config as OidcPresetConfig);
    // Stored before the schema refused these: checked again before anything is fetched.
    const problem = issuerProblem(issuer);
    if (problem) return Promise.reject(new SsoFailedError(`The connection's issuer ${problem}`));
    const insecure = isLoopbackHttpIssuer(issuer);
    if (insecure && !deps.allowInsecureLoopbackIssuers) {
      return Promise.reject(
        new SsoFailedError(
          `The connection's issuer ${issuer} is not https (SSO_ALLOW_INSECURE_LOOPBACK_ISSUERS admits loopback ones in development)`,
        ),
      );
    }
    const configuration = oidc.discovery(
      new URL(issuer),
      String(connection.config.client_id),
      { redirect_uris: [deps.redirectUri], response_types: ['code'] },
      oidc.ClientSecretPost(connection.secrets.client_secret ?? ''),
      {
        [oidc.customFetch]: deps.fetch,
        // openid-client verifies an id_token's signature from the token endpoint only with this on
        // (it trusts TLS otherwise): a token the issuer's keys did not sign is refused.
        execute: insecure ? [oidc.allowInsecureRequests, oidc.enableNonRepudiationChecks] : [oidc.enableNonRepudiationChecks],
      },
    );
    // A failed discovery is not remembered: the next sign-in tries again.
    configuration.catch(() => configurations.delete(connection.version));
    configurations.set(connection.version, { configuration, expiresAt: Date.now() + DISCOVERY_TTL_MS });
    for (const [key, entry] of configurations) if (entry.expiresAt <= Date.now()) configurations.delete(key);
    return configuration;
  }

  return {
    /** Where to send the browser; `checks` are what the callback must find again. */
    async authorizationUrl(connection: LoadedSsoConnection, checks: OidcChecks): Promise<string> {
      const configuration = await configurationFor(connection);
      const scopes =
        Array.isArray(connection.config.scopes) && connection.config.scopes.length
          ? (connection.config.scopes as string[])
          : DEFAULT_SCOPES;
      const parameters: Record<string, string> = {
        redirect_uri: deps.redirectUri,
        scope: scopes.includes('openid') ? scopes.join(' ') : ['openid', ...scopes].join(' '),
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
      };
      // Google shows only accounts of this Workspace; the `hd` claim is still checked on return.
      if (connection.kind === 'google' && typeof connection.config.hosted_domain === 'string')
        parameters.hd = connection.config.hosted_domain;
      // The discovery document chose this URL and the browser is sent there: https only.
      const endpoint = configuration.serverMetadata().authorization_endpoint;
      if (!endpoint || !isSafeIdpUrl(endpoint, deps.allowInsecureLoopbackIssuers))
        throw new SsoFailedError("The identity provider's authorization_endpoint is not an https URL");
      return oidc.buildAuthorizationUrl(configuration, parameters).href;
    },

    /** Exchanges the code and returns the id_token's claims once openid-client has validated it. */
    async claims(connection: LoadedSsoConnection, callback: OidcCallback, checks: OidcChecks): Promise<Record<string, unknown>> {
      const configuration = await configurationFor(connection);
      const body = new URLSearchParams(callback.params);
      // The URL the identity provider redirected to, rebuilt from configuration (never from Host).
      const current =
        callback.method === 'GET'
          ? new URL(`${deps.redirectUri}?${body.toString()}`)
          : new Request(deps.redirectUri, { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      const tokens = await oidc.authorizationCodeGrant(configuration, current, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('The identity provider returned no id_token');
      return claims as Record<string, unknown>;
    },
  };
}
