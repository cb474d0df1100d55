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
    expect(sealSecretHeaders(input, before, seal, true)).toEqual({ ok: true, sealed: after });
  });

  it('refuses REDACTED for a name that has no stored value', () => {
    expect(sealSecretHeaders({ 'X-New': REDACTED, 'X-Api-Key': REDACTED }, stored, seal, true)).toEqual({
      ok: false,
      refused: [{ name: 'X-New', message: expect.stringContaining('No stored value') }],
    });
  });

  describe('when the URL now reaches another scheme, host or port', () => {
    const changed = (name: string) => ({ name, message: expect.stringContaining('send the header') });
    it.each([
      ['omitted must be sent again', undefined, stored, { ok: false, refused: [changed('X-Api-Key')] }],
      ['REDACTED must be sent again', { 'X-Api-Key': REDACTED }, stored, { ok: false, refused: [changed('X-Api-Key')] }],
      ['a new value is sealed', { 'X-Api-Key': 'new' }, stored, { ok: true, sealed: { 'X-Api-Key': 'sealed(new)' } }],
      ['{} removes them all', {}, stored, { ok: true, sealed: undefined }],
      ['omitted with nothing stored stays empty', undefined, undefined, { ok: true, sealed: undefined }],
    ] as const)('%s', (_label, input, before, outcome) => {
      expect(sealSecretHeaders(input, before, seal, false)).toEqual(outcome);
    });
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
