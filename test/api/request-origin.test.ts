import { isCrossSiteWrite, type RequestOrigin } from '../../api/middleware/request-origin.ts';

const TRUSTED = new Set(['https://tocsin.example.test', 'https://console.example.test']);

describe('isCrossSiteWrite', () => {
  it.each<[string, RequestOrigin, boolean]>([
    // Reads change nothing; CORS keeps another site from reading the answer.
    ['a GET from another site', { method: 'GET', origin: 'https://evil.example', secFetchSite: 'cross-site' }, false],
    ['a HEAD from another site', { method: 'HEAD', origin: 'https://evil.example' }, false],
    ['an OPTIONS preflight from another site', { method: 'OPTIONS', origin: 'https://evil.example' }, false],
    ['a POST from the instance', { method: 'POST', origin: 'https://tocsin.example.test', secFetchSite: 'same-origin' }, false],
    ['a POST from a CORS origin', { method: 'POST', origin: 'https://console.example.test', secFetchSite: 'same-site' }, false],
    ['a POST whose Origin differs only in case', { method: 'POST', origin: 'HTTPS://TOCSIN.EXAMPLE.TEST' }, false],
    ['a POST from curl or an SDK (neither header)', { method: 'POST' }, false],
    ['a POST a browser says is same-origin, without Origin', { method: 'POST', secFetchSite: 'same-origin' }, false],
    ['a POST typed or bookmarked by the user', { method: 'POST', secFetchSite: 'none' }, false],
    ['a form POST from another site', { method: 'POST', origin: 'https://evil.example', secFetchSite: 'cross-site' }, true],
    ['a POST from another site, Origin only', { method: 'POST', origin: 'https://evil.example' }, true],
    ['a PATCH from another site', { method: 'patch', origin: 'https://evil.example' }, true],
    ['a DELETE from another site', { method: 'DELETE', origin: 'https://evil.example' }, true],
    ['a POST from a sibling subdomain', { method: 'POST', origin: 'https://evil.example.test', secFetchSite: 'same-site' }, true],
    ['a POST from the instance host over plain http', { method: 'POST', origin: 'http://tocsin.example.test' }, true],
    ['a POST from the instance host on another port', { method: 'POST', origin: 'https://tocsin.example.test:8443' }, true],
    ['a POST with Origin null (sandboxed frame, cross-site redirect)', { method: 'POST', origin: 'null' }, true],
    ['a POST from another site without Origin', { method: 'POST', secFetchSite: 'cross-site' }, true],
    ['a POST from a sibling subdomain without Origin', { method: 'POST', secFetchSite: 'same-site' }, true],
  ])('%s → %s', (_name, request, expected) => {
    expect(isCrossSiteWrite(request, TRUSTED)).toBe(expected);
  });
});
