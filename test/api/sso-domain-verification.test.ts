import { challengeName, holdsToken } from '../../api/services/sso/domain-verification.ts';

describe('SSO domain verification records', () => {
  it('names the challenge record under the domain', () => {
    expect(challengeName('acme.com')).toBe('_tocsin-challenge.acme.com');
  });

  const token = '3f7c1e9a0b5d4c2e8f6a1b3c5d7e9f0a2b4c6d8e0f1a3b5c7d9e1f3a5b7c9d1e';
  it.each<[string, string[][], boolean]>([
    ['one record, the token', [[token]], true],
    ['the token split into character-strings', [[token.slice(0, 20), token.slice(20)]], true],
    ['among other records (SPF, another organization)', [['v=spf1 -all'], ['deadbeef'], [token]], true],
    ['surrounded by spaces', [[` ${token} `]], true],
    ['no record', [], false],
    ['another token', [['deadbeef']], false],
    ['the token inside a longer value', [[`x${token}`]], false],
    ['a prefix of the token', [[token.slice(0, 63)]], false],
    ['the token across two records', [[token.slice(0, 32)], [token.slice(32)]], false],
  ])('%s: %s', (_name, records, expected) => {
    expect(holdsToken(records, token)).toBe(expected);
  });
});
