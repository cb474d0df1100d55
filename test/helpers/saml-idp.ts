import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/** The part of samlify this identity provider uses. Its own typings pull in the DOM library (through @xmldom/xmldom), which clashes with Node's fetch types project-wide. */
export interface ServiceProviderInstance {
  entityMeta: {
    getEntityID(): string;
    getAssertionConsumerService(binding: 'post'): string | undefined;
    isWantAssertionsSigned(): boolean;
  };
}
interface IdentityProviderInstance {
  getMetadata(): string;
  parseLoginRequest(
    sp: ServiceProviderInstance,
    binding: 'redirect',
    request: { query: Record<string, string>; octetString: string },
  ): Promise<{ extract: unknown }>;
  createLoginResponse(
    sp: ServiceProviderInstance,
    requestInfo: unknown,
    binding: 'post',
    user: { email: string },
    options: { customTagReplacement: (template: string) => { id: string; context: string } },
  ): Promise<{ context: string }>;
}
interface Samlify {
  setSchemaValidator(validator: { validate: (xml: string) => Promise<string> }): void;
  IdentityProvider(settings: Record<string, unknown>): IdentityProviderInstance;
  ServiceProvider(settings: { metadata: string }): ServiceProviderInstance;
  Constants: { namespace: { binding: { redirect: string } }; StatusCode: { Success: string } };
  SamlLib: {
    replaceTagsByValue(template: string, values: Record<string, string>): string;
    defaultLoginResponseTemplate: { context: string };
  };
}
const samlify = createRequire(import.meta.url)('samlify') as Samlify;

/** A samlify service provider read from the API's SP metadata, as an identity provider configures one. */
export const serviceProviderFrom = (metadataXml: string): ServiceProviderInstance => samlify.ServiceProvider({ metadata: metadataXml });

// samlify validates XML against the SAML schemas only through a plug-in; this test IdP parses
// nothing it did not make but the service provider's own AuthnRequest, so skipping is acceptable here.
samlify.setSchemaValidator({ validate: async () => 'skipped' });

const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';

/** A throwaway RSA key pair and self-signed certificate, made by openssl for this test run. */
export function generateSigningCertificate(commonName: string): { privateKey: string; certificate: string } {
  const dir = mkdtempSync(join(tmpdir(), 'tocsin-saml-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-sha256',
        '-days',
        '2',
        '-subj',
        `/CN=${commonName}`,
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return { privateKey: readFileSync(join(dir, 'key.pem'), 'utf8'), certificate: readFileSync(join(dir, 'cert.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface ResponseOverrides {
  /** Template values to replace (Audience, AssertionID, ConditionsNotOnOrAfter...). */
  values?: Record<string, string>;
}

export type TestSamlIdp = ReturnType<typeof createSamlIdp>;

/**
 * A real SAML 2.0 identity provider (samlify) with its own key: it reads the service provider's
 * metadata, parses its AuthnRequest from the redirect URL and answers with signed responses for
 * the HTTP-POST binding, optionally with template values changed (expiry, audience, ids).
 */
export function createSamlIdp(options: { entityId: string; ssoUrl: string; privateKey: string; certificate: string }) {
  const idp = samlify.IdentityProvider({
    entityID: options.entityId,
    privateKey: options.privateKey,
    signingCert: options.certificate,
    singleSignOnService: [{ Binding: samlify.Constants.namespace.binding.redirect, Location: options.ssoUrl }],
    nameIDFormat: [EMAIL_FORMAT],
    wantAuthnRequestsSigned: false,
  });

  /** The values samlify's default response template is filled with, for this request and user. */
  function templateValues(sp: ServiceProviderInstance, requestId: string, email: string, overrides: Record<string, string> = {}) {
    const now = new Date();
    const later = new Date(now.getTime() + 5 * 60_000).toISOString();
    const acs = sp.entityMeta.getAssertionConsumerService('post') ?? '';
    return {
      ID: `_r${crypto.randomUUID()}`,
      AssertionID: `_a${crypto.randomUUID()}`,
      Destination: acs,
      Audience: sp.entityMeta.getEntityID(),
      EntityID: sp.entityMeta.getEntityID(),
      SubjectRecipient: acs,
      Issuer: options.entityId,
      IssueInstant: now.toISOString(),
      AssertionConsumerServiceURL: acs,
      StatusCode: samlify.Constants.StatusCode.Success,
      ConditionsNotBefore: now.toISOString(),
      ConditionsNotOnOrAfter: later,
      SubjectConfirmationDataNotOnOrAfter: later,
      NameIDFormat: EMAIL_FORMAT,
      NameID: email,
      InResponseTo: requestId,
      AuthnStatement: '',
      AttributeStatement: '',
      ...overrides,
    };
  }

  return {
    metadata: (): string => idp.getMetadata(),

    /** The AuthnRequest's id, parsed by samlify from the authorization URL the API sent the browser to. */
    async requestIdFrom(sp: ServiceProviderInstance, authorizationUrl: string): Promise<{ requestId: string; relayState: string }> {
      const url = new URL(authorizationUrl);
      const query = Object.fromEntries(url.searchParams);
      const parsed = await idp.parseLoginRequest(sp, 'redirect', { query, octetString: url.search.slice(1) });
      return { requestId: String((parsed.extract as { request: { id: string } }).request.id), relayState: query.RelayState ?? '' };
    },

    /** A signed login response (the assertion signed, as the SP metadata asks), base64 for the POST binding. */
    async signedResponse(
      sp: ServiceProviderInstance,
      requestId: string,
      email: string,
      overrides: ResponseOverrides = {},
    ): Promise<string> {
      const values = templateValues(sp, requestId, email, overrides.values);
      const { context } = await idp.createLoginResponse(
        sp,
        { extract: { request: { id: requestId } } },
        'post',
        { email },
        {
          customTagReplacement: (template: string) => ({ id: values.ID, context: samlify.SamlLib.replaceTagsByValue(template, values) }),
        },
      );
      return context;
    },

    /** The same response as the IdP would make, never signed. */
    unsignedResponse(sp: ServiceProviderInstance, requestId: string, email: string): string {
      const xml = samlify.SamlLib.replaceTagsByValue(
        samlify.SamlLib.defaultLoginResponseTemplate.context,
        templateValues(sp, requestId, email),
      );
      return Buffer.from(xml).toString('base64');
    },
  };
}
