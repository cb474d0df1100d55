import { rendersIntegrationSecret, sendsIntegrationSecretElsewhere } from '../../../shared/delivery/integration-secret-destination.ts';

const signed = (url: string) => ({ url, headers: { 'X-Signed-By': '{{integration.secret}}' } });
const plain = (url: string) => ({ url, headers: { 'X-Team': 'ops' } });

describe('where {{integration.secret}} goes', () => {
  it.each([
    [{ headers: { A: '{{integration.secret}}' } }, true],
    [{ headers: { A: 'Bearer {{ integration.secret }}' } }, true],
    [{ headers: { A: 'ops' } }, false],
    [{ headers: {} }, false],
    [{}, false],
    [null, false],
  ])('rendersIntegrationSecret(%j) is %s', (config, expected) => {
    expect(rendersIntegrationSecret(config)).toBe(expected);
  });

  it.each([
    ['the same receiver, another path', signed('https://hooks.example.com/a'), signed('https://hooks.example.com/b?x=1'), false],
    ['another host', signed('https://hooks.example.com/a'), signed('https://attacker.example.net/a'), true],
    ['another port', signed('https://hooks.example.com/a'), signed('https://hooks.example.com:8443/a'), true],
    ['another scheme', signed('https://hooks.example.com/a'), signed('http://hooks.example.com/a'), true],
    ['the placeholder added', plain('https://hooks.example.com/a'), signed('https://hooks.example.com/a'), true],
    ['a config written afresh', null, signed('https://hooks.example.com/a'), true],
    ['the placeholder removed', signed('https://hooks.example.com/a'), plain('https://attacker.example.net/a'), false],
    ['no placeholder anywhere', plain('https://hooks.example.com/a'), plain('https://attacker.example.net/a'), false],
    ['a URL that does not parse', signed('https://hooks.example.com/a'), signed('not a url'), true],
  ])('%s', (_label, before, after, expected) => {
    expect(sendsIntegrationSecretElsewhere(before, after)).toBe(expected);
  });
});
