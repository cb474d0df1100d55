import { destinationOf, isFixedDestination, sameDestination } from '../../../shared/delivery/destination.ts';

describe('destination of a URL', () => {
  it.each([
    ['https://hooks.example.com/a', 'https://hooks.example.com:443'],
    ['http://hooks.example.com/a', 'http://hooks.example.com:80'],
    ['https://hooks.example.com:8443/a?b=c#d', 'https://hooks.example.com:8443'],
    ['HTTPS://Hooks.EXAMPLE.com/', 'https://hooks.example.com:443'],
    ['https://user:pass@hooks.example.com/', 'https://hooks.example.com:443'],
    ['http://[0:0:0:0:0:0:0:1]:8080/', 'http://[::1]:8080'],
    ['http://0x7f.1/', 'http://127.0.0.1:80'],
    ['not a url', null],
    ['', null],
    [undefined, null],
    [null, null],
  ])('%s -> %s', (url, expected) => {
    expect(destinationOf(url)).toBe(expected);
  });
});

describe('same destination', () => {
  it.each([
    ['another path and query', 'https://a.example/x', 'https://a.example/y?z=1', true],
    ['the default https port written out', 'https://a.example/x', 'https://a.example:443/x', true],
    ['the default http port written out', 'http://a.example/x', 'http://a.example:80/x', true],
    ['host case', 'https://A.Example/x', 'https://a.example/x', true],
    ['scheme case', 'HTTPS://a.example/x', 'https://a.example/x', true],
    ['user info added', 'https://a.example/x', 'https://u:p@a.example/x', true],
    ['one IPv6 address written two ways', 'http://[::1]:9000/', 'http://[0::1]:9000/', true],
    ['another host', 'https://a.example/x', 'https://b.example/x', false],
    ['a subdomain', 'https://a.example/x', 'https://evil.a.example/x', false],
    ['a suffix on the host', 'https://a.example/x', 'https://a.example.evil.test/x', false],
    ['a trailing dot', 'https://a.example/x', 'https://a.example./x', false],
    ['another port', 'https://a.example/x', 'https://a.example:8443/x', false],
    ['https to http', 'https://a.example/x', 'http://a.example/x', false],
    ['http to https on the same port', 'http://a.example:443/x', 'https://a.example/x', false],
    ['the https port on http', 'https://a.example/x', 'http://a.example:443/x', false],
    ['a name and its address', 'http://localhost:80/', 'http://127.0.0.1:80/', false],
    ['nothing before', undefined, 'https://a.example/x', false],
    ['nothing after', 'https://a.example/x', undefined, false],
    ['not a URL before', 'junk', 'https://a.example/x', false],
    ['neither a URL', 'junk', 'junk', false],
  ])('%s', (_label, before, after, expected) => {
    expect(sameDestination(before, after)).toBe(expected);
    expect(sameDestination(after, before)).toBe(expected);
  });
});

describe('fixed destination', () => {
  it.each([
    ['https://a.example/{{parameters.path}}?q={{parameters.q}}', true],
    ['https://a.example:8443/x', true],
    ['https://{{parameters.host}}/x', false],
    ['https://a.example{{parameters.suffix}}/x', false],
    ['https://a%7B%7Bparameters.h%7D%7D.example/x', false],
    ['junk', false],
  ])('%s', (url, expected) => {
    expect(isFixedDestination(url)).toBe(expected);
  });
});
