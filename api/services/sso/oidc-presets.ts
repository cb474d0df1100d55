/**
 * What each OIDC preset means: the issuer its configuration names, and the rule its identity
 * provider's claims must pass beyond the standard id_token checks (openid-client does those).
 * Pure, so every preset is checked by a table of cases.
 */

export const OIDC_KINDS = ['oidc', 'azure', 'okta', 'google'] as const;
export type OidcKind = (typeof OIDC_KINDS)[number];

export const isOidcKind = (kind: string): kind is OidcKind => (OIDC_KINDS as readonly string[]).includes(kind);

/** The non-secret part of an OIDC connection's config, as stored. */
export interface OidcPresetConfig {
  issuer?: string;
  tenant_id?: string;
  domain?: string;
  /** Okta: an authorization server id (`default`, or a custom one); absent means the org server. */
  authorization_server?: string;
  hosted_domain?: string;
}

/** The issuer an id_token of this connection must carry, exactly. */
export function issuerFor(kind: OidcKind, config: OidcPresetConfig): string {
  switch (kind) {
    case 'azure':
      return `https://login.microsoftonline.com/${required(config.tenant_id, 'tenant_id')}/v2.0`;
    case 'okta': {
      const base = `https://${required(config.domain, 'domain')}`;
      return config.authorization_server ? `${base}/oauth2/${config.authorization_server}` : base;
    }
    case 'google':
      return 'https://accounts.google.com';
    case 'oidc':
      return required(config.issuer, 'issuer');
  }
}

function required(value: string | undefined, name: string): string {
  if (!value) throw new Error(`SSO connection config lacks ${name}`);
  return value;
}

export type PresetCheck = { ok: true; email: string } | { ok: false; reason: string };

/**
 * The verified email the claims name, or why they are refused. Google: the account must belong to
 * the configured Workspace (`hd`, which Google sets only for Workspace accounts). Azure: Entra ID
 * sends no `email_verified`; the issuer is pinned to one tenant (never `common`), whose
 * administrators own the addresses, and the domain must still be one of the connection's. Every
 * other provider must say `email_verified: true`.
 */
export function checkOidcClaims(kind: OidcKind, config: OidcPresetConfig, claims: Record<string, unknown>): PresetCheck {
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  if (!email || !email.includes('@')) return { ok: false, reason: 'The identity provider sent no email address' };
  if (kind === 'google') {
    const expected = config.hosted_domain?.toLowerCase();
    if (!expected || typeof claims.hd !== 'string' || claims.hd.toLowerCase() !== expected) {
      return { ok: false, reason: `The Google account is not in the Workspace domain ${expected ?? '(none configured)'}` };
    }
  }
  const verified = claims.email_verified === true || (kind === 'azure' && claims.email_verified === undefined);
  if (!verified) return { ok: false, reason: 'The identity provider did not verify the email address' };
  return { ok: true, email };
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** An http:// issuer is only ever admitted on loopback, and only when configuration asks for it. */
export function isLoopbackHttpIssuer(issuer: string): boolean {
  // Not an URL is not a loopback issuer: the schema's refine runs even after its url check failed.
  const url = URL.parse(issuer);
  return url?.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}

/**
 * Why an issuer may not be configured, or null. Discovery appends `/.well-known/openid-configuration`
 * to the issuer; openid-client fetches an issuer that already holds `/.well-known/` as it is, and a
 * query or fragment would ride along into every derived URL, so none of those is an issuer.
 */
export function issuerProblem(issuer: string): string | null {
  const url = URL.parse(issuer);
  if (!url) return 'must be a URL';
  if (url.protocol !== 'https:' && !isLoopbackHttpIssuer(issuer))
    return 'must be https (plain http only on loopback, for a local test provider)';
  if (url.username || url.password) return 'must not carry credentials';
  if (issuer.includes('?') || issuer.includes('#')) return 'must not have a query string or fragment';
  if (/\/\.well-known\//i.test(issuer) || /\/\.well-known\//i.test(url.href) || /%2e/i.test(url.pathname))
    return 'must be the issuer itself, not a /.well-known/ document';
  return null;
}

/**
 * Whether a URL an identity provider supplies (a SAML SingleSignOnService Location, a discovered
 * authorization_endpoint), where browsers are sent, is https: http only on loopback and only when
 * the operator admits insecure loopback identity providers (local test providers).
 */
export function isSafeIdpUrl(value: string, allowLoopbackHttp: boolean): boolean {
  const url = URL.parse(value);
  if (!url || url.username || url.password) return false;
  return url.protocol === 'https:' || (allowLoopbackHttp && isLoopbackHttpIssuer(value));
}

/** The domain part of an email, lowercase; '' when there is none. */
export function emailDomain(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0 ? '' : email.slice(at + 1).toLowerCase();
}
