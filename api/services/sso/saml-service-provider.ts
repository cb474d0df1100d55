import type * as NodeSaml from '@node-saml/node-saml';
import type { CacheProvider, Profile, SAML } from '@node-saml/node-saml';
import type * as NodeSamlXml from '@node-saml/node-saml/lib/xml.js';
import { SsoFailedError } from '../../../shared/errors.ts';
import { isSafeIdpUrl } from './oidc-presets.ts';
import type { LoadedSsoConnection, SsoUrls } from './sso-types.ts';

/** The request id a pending sign-in expects back in InResponseTo, and when it was made. */
export interface PendingSamlRequest {
  requestId: string;
  createdAt: Date;
}

export interface SamlAssertionFacts {
  email: string | null;
  name: string | null;
  /** The signed assertion's Subject NameID and its format: the identity a user is linked by. */
  nameId: string | null;
  nameIdFormat: string | null;
  assertionId: string;
  /** Until when the assertion could be replayed: remembered that long. */
  notOnOrAfter: Date;
}

// Identity providers' clocks drift; a minute either way is the usual allowance.
const CLOCK_SKEW_MS = 60_000;
const EMAIL_ATTRIBUTES = [
  'email',
  'mail',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
  'urn:oid:0.9.2342.19200300.100.1.3',
];
const NAME_ATTRIBUTES = [
  'displayName',
  'name',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name',
  'http://schemas.microsoft.com/identity/claims/displayname',
];
const EMAIL_NAME_ID = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';

type XmlJs = Record<string, unknown>;
const child = (node: unknown, name: string): XmlJs | undefined => {
  if (!node || typeof node !== 'object') return undefined;
  const value = (node as XmlJs)[name];
  return Array.isArray(value) ? (value[0] as XmlJs | undefined) : (value as XmlJs | undefined);
};
const attributesOf = (node: XmlJs | undefined): Record<string, string> => (node?.$ as Record<string, string> | undefined) ?? {};
const firstString = (value: unknown): string | null => {
  if (typeof value === 'string' && value.trim()) return value.trim();
  if (Array.isArray(value)) return firstString(value[0]);
  return null;
};

export type SamlServiceProvider = ReturnType<typeof createSamlServiceProvider>;

// node-saml and its XML stack (about 110 modules) load at the first SAML sign-in or metadata
// request: most installs never use SAML, and every API process and test would pay for it.
let loadingNodeSaml: Promise<[typeof NodeSaml, typeof NodeSamlXml]> | undefined;
const loadNodeSaml = () => (loadingNodeSaml ??= Promise.all([import('@node-saml/node-saml'), import('@node-saml/node-saml/lib/xml.js')]));

/**
 * The SAML 2.0 service provider, all of it node-saml's: AuthnRequest, XML signature validation of
 * the assertion (required), audience, issuer, NotBefore/NotOnOrAfter and InResponseTo. What
 * node-saml leaves out (the SubjectConfirmation Recipient and InResponseTo inside the signed
 * assertion, the Response Destination) is read here from the assertion node-saml has validated.
 * `allowInsecureLoopbackIdps` admits an http:// single sign-on URL on loopback (local test IdPs).
 */
export function createSamlServiceProvider(deps: { urls: SsoUrls; requestTtlMs: number; allowInsecureLoopbackIdps?: boolean }) {
  async function samlFor(connection: LoadedSsoConnection, cacheProvider: CacheProvider): Promise<SAML> {
    const [{ SAML, ValidateInResponseTo }] = await loadNodeSaml();
    const config = connection.config as Record<string, string | undefined>;
    return new SAML({
      callbackUrl: deps.urls.callbackUrl,
      entryPoint: config.idp_sso_url,
      issuer: deps.urls.spEntityId(connection.id),
      audience: deps.urls.spEntityId(connection.id),
      idpIssuer: config.idp_entity_id,
      idpCert: config.idp_certificate ?? '',
      wantAssertionsSigned: true,
      wantAuthnResponseSigned: false,
      validateInResponseTo: ValidateInResponseTo.always,
      requestIdExpirationPeriodMs: deps.requestTtlMs,
      acceptedClockSkewMs: CLOCK_SKEW_MS,
      cacheProvider,
      // Entra ID and others refuse a requested PasswordProtectedTransport context under MFA or passwordless.
      disableRequestedAuthnContext: true,
      signatureAlgorithm: 'sha256',
      ...(connection.secrets.sp_private_key
        ? { privateKey: connection.secrets.sp_private_key, decryptionPvk: connection.secrets.sp_private_key }
        : {}),
    });
  }

  /** Refuses every lookup: for building requests and metadata, where nothing is validated. */
  const noCache: CacheProvider = { saveAsync: async () => null, getAsync: async () => null, removeAsync: async () => null };

  return {
    async metadata(connection: LoadedSsoConnection): Promise<string> {
      const certificate = (connection.config.sp_certificate as string | undefined) ?? null;
      return (await samlFor(connection, noCache)).generateServiceProviderMetadata(
        connection.secrets.sp_private_key ? certificate : null,
        certificate,
      );
    },

    /** The IdP URL carrying a new AuthnRequest, and its id (kept server-side for InResponseTo). */
    async authorizationUrl(connection: LoadedSsoConnection, relayState: string): Promise<{ url: string; requestId: string }> {
      // The browser is sent there: https only, whatever was stored before the schema said so.
      const ssoUrl = String(connection.config.idp_sso_url ?? '');
      if (!isSafeIdpUrl(ssoUrl, deps.allowInsecureLoopbackIdps ?? false))
        throw new SsoFailedError("The connection's IdP single sign-on URL is not an https URL");
      let requestId: string | undefined;
      const capture: CacheProvider = {
        ...noCache,
        saveAsync: async (key, value) => {
          requestId = key;
          return { value, createdAt: Date.now() };
        },
      };
      const url = await (await samlFor(connection, capture)).getAuthorizeUrlAsync(relayState, undefined, {});
      if (!requestId) throw new Error('node-saml made no request id');
      return { url, requestId };
    },

    /**
     * Validates an ACS post against the one request this sign-in made (`pending`) and returns what
     * the assertion says. Throws on anything node-saml or the checks here refuse.
     */
    async validate(
      connection: LoadedSsoConnection,
      body: { SAMLResponse: string; RelayState?: string },
      pending: PendingSamlRequest,
    ): Promise<SamlAssertionFacts> {
      // node-saml asks the cache whether InResponseTo is a request we made: only this sign-in's is.
      const expected: CacheProvider = {
        ...noCache,
        getAsync: async (key) => (key === pending.requestId ? pending.createdAt.toISOString() : null),
      };
      const { profile, loggedOut } = await (
        await samlFor(connection, expected)
      ).validatePostResponseAsync({
        SAMLResponse: body.SAMLResponse,
        ...(body.RelayState ? { RelayState: body.RelayState } : {}),
      });
      if (loggedOut || !profile) throw new Error('The SAML message is not a login response');
      return await factsOf(profile, deps.urls.callbackUrl, pending.requestId);
    },
  };
}

async function factsOf(profile: Profile, acsUrl: string, requestId: string): Promise<SamlAssertionFacts> {
  // The assertion node-saml verified the signature of, parsed (namespace prefixes stripped).
  const assertion = child(profile.getAssertion?.(), 'Assertion');
  const assertionId = attributesOf(assertion).ID;
  if (!assertion || !assertionId) throw new Error('The assertion has no ID');
  const confirmation = child(child(child(assertion, 'Subject'), 'SubjectConfirmation'), 'SubjectConfirmationData');
  const recipient = attributesOf(confirmation).Recipient;
  if (recipient !== acsUrl) throw new Error(`The assertion's Recipient is ${recipient ?? 'missing'}, not this service's ACS URL`);
  // node-saml matches the Response's InResponseTo, which is outside the signature: an IdP-initiated
  // assertion (none inside) wrapped in a forged Response naming a pending request would pass.
  const inResponseTo = attributesOf(confirmation).InResponseTo;
  if (inResponseTo !== requestId)
    throw new Error(`The assertion's InResponseTo is ${inResponseTo ? 'another request' : 'missing'}, not this sign-in's request`);
  // The Response envelope is outside the signed assertion: its Destination is a second opinion only.
  const [, { parseDomFromString, xpath }] = await loadNodeSaml();
  const response = profile.getSamlResponseXml ? await parseDomFromString(profile.getSamlResponseXml()) : undefined;
  const destination = response ? xpath.selectAttributes(response, "/*[local-name()='Response']/@Destination")[0]?.value : undefined;
  if (destination !== undefined && destination !== acsUrl) throw new Error('The response was sent to another Destination');
  const ends = [attributesOf(confirmation).NotOnOrAfter, attributesOf(child(assertion, 'Conditions')).NotOnOrAfter]
    .filter((value): value is string => typeof value === 'string')
    .map((value) => new Date(value).getTime())
    .filter((value) => Number.isFinite(value));
  if (ends.length === 0) throw new Error('The assertion has no NotOnOrAfter');
  const attributes = (profile.attributes ?? {}) as Record<string, unknown>;
  const fromAttributes = EMAIL_ATTRIBUTES.map((name) => firstString(attributes[name])).find(Boolean) ?? null;
  const fromNameId = profile.nameIDFormat === EMAIL_NAME_ID || profile.nameID?.includes('@') ? firstString(profile.nameID) : null;
  return {
    email: (fromAttributes ?? fromNameId)?.toLowerCase() ?? null,
    name: NAME_ATTRIBUTES.map((name) => firstString(attributes[name])).find(Boolean) ?? null,
    nameId: firstString(profile.nameID),
    nameIdFormat: profile.nameIDFormat ?? null,
    assertionId,
    notOnOrAfter: new Date(Math.max(...ends) + CLOCK_SKEW_MS),
  };
}
