import { REDACTED, redactHeaderValues, sealSecretHeaders, withSecretHeaders } from '../../../shared/delivery/secret-headers.ts';

const seal = (plain: string) => `sealed(${plain})`;
const open = (sealed: string) => sealed.replace(/^sealed\((.*)\)$/s, '$1');

describe('secret headers', () => {
  const stored = { 'X-Api-Key': 'sealed(old)' };

  it.each([
    ['omitted keeps what is stored', undefined, stored, { 'X-Api-Key': 'sealed(old)' }],
    ['omitted with nothing stored stays empty', undefined, undefined, undefined],
    ['{} removes them all', {}, stored, undefined],
    ['a new value is sealed', { 'X-Api-Key': 'new' }, stored, { 'X-Api-Key': 'sealed(new)' }],
    [
      'REDACTED keeps the stored value, whatever the case of the name',
      { 'x-api-key': REDACTED, Other: 'o' },
      stored,
      { 'x-api-key': 'sealed(old)', Other: 'sealed(o)' },
    ],
    ['a name left out is removed', { Other: 'o' }, stored, { Other: 'sealed(o)' }],
  ] as const)('%s', (_label, input, before, after) => {
    expect(sealSecretHeaders(input, before, seal)).toEqual({ ok: true, sealed: after });
  });

  it('refuses REDACTED for a name that has no stored value', () => {
    expect(sealSecretHeaders({ 'X-New': REDACTED, 'X-Api-Key': REDACTED }, stored, seal)).toEqual({ ok: false, unknownNames: ['X-New'] });
  });

  it('redacts values and keeps names', () => {
    expect(redactHeaderValues({ Authorization: 'Bearer x', 'X-Team': 'ops' })).toEqual({ Authorization: REDACTED, 'X-Team': REDACTED });
    expect(redactHeaderValues(undefined)).toBeUndefined();
  });

  it('adds opened secrets last, replacing a plain header of the same name, without line breaks', () => {
    const headers = withSecretHeaders(
      { 'content-type': 'application/json', authorization: 'Bearer plain' },
      { Authorization: 'sealed(Bearer s3cr3t\r\nX-Injected: 1)' },
      open,
    );
    expect(headers).toEqual({ 'content-type': 'application/json', Authorization: 'Bearer s3cr3tX-Injected: 1' });
    expect(withSecretHeaders({ a: 'b' }, undefined, open)).toEqual({ a: 'b' });
  });
});
