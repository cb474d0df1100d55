import { accessTokenCookie } from '../../api/realtime.ts';

describe('accessTokenCookie', () => {
  it.each([
    ['the only cookie', 'access_token=abc.def.ghi', 'abc.def.ghi'],
    ['among others, spaced', 'theme=dark; access_token=abc ; x=1', 'abc'],
    ['a name that only ends like it', 'my_access_token=nope; other=1', undefined],
    ['empty value', 'access_token=', undefined],
    ['no header', undefined, undefined],
    ['a value with =', 'access_token=a=b', 'a=b'],
  ])('%s', (_label, header, expected) => {
    expect(accessTokenCookie(header)).toBe(expected);
  });
});
