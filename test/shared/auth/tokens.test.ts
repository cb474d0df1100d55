import { SignJWT, decodeJwt, type JWTHeaderParameters } from 'jose';
import { InvalidTokenError } from '../../../shared/errors.ts';
import { TOKEN_EXPIRED_DETAIL, createTokenService, type TokenType } from '../../../shared/auth/tokens.ts';

const SECRET = 'test-secret-that-is-at-least-32-bytes-long';
const OTHER_SECRET = 'another-secret-that-is-also-32-bytes-long!';
const T0 = Date.UTC(2026, 10, 21, 10, 0, 0);
const claims = { userId: 'user-1', organizationId: 'org-1', role: 'engineer' as const };

function makeService(overrides: { secret?: string; issuer?: string } = {}) {
  const clock = { now: T0 };
  const service = createTokenService({
    secret: overrides.secret ?? SECRET,
    accessTtlSeconds: 3600,
    refreshTtlSeconds: 7 * 24 * 3600,
    issuer: overrides.issuer,
    now: () => clock.now,
  });
  return { service, clock };
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const key = (secret: string) => new TextEncoder().encode(secret);
const nowSeconds = Math.floor(T0 / 1000);

/**
 * A token signed with SECRET the way the service signs an access token for user-1 of org-1, except
 * for what `change` alters: claims replaced or removed (undefined), another header, `jti` or `exp` left out.
 */
function handMade(
  change: { claims?: Record<string, unknown>; header?: JWTHeaderParameters; without?: Array<'jti' | 'exp'> } = {},
): Promise<string> {
  const payload = Object.fromEntries(
    Object.entries({ org_id: 'org-1', role: 'engineer', typ: 'access', ...change.claims }).filter(([, value]) => value !== undefined),
  );
  const jwt = new SignJWT(payload)
    .setProtectedHeader(change.header ?? { alg: 'HS256' })
    .setSubject('user-1')
    .setIssuedAt(nowSeconds);
  if (!change.without?.includes('jti')) jwt.setJti('j');
  if (!change.without?.includes('exp')) jwt.setExpirationTime(nowSeconds + 60);
  return jwt.sign(key(SECRET));
}

async function expectInvalid(promise: Promise<unknown>, detail: string) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(InvalidTokenError);
  expect((error as InvalidTokenError).message).toBe(detail);
  expect((error as InvalidTokenError).code).toBe('INVALID_TOKEN');
}

describe('createTokenService', () => {
  it.each<[TokenType, number]>([
    ['access', 3600],
    ['refresh', 7 * 24 * 3600],
  ])('issues and verifies a %s token living %i s with the contract claims', async (type, ttl) => {
    const { service } = makeService();
    const issued = type === 'access' ? await service.issueAccessToken(claims) : await service.issueRefreshToken(claims);
    expect(issued.expiresAt.getTime()).toBe(T0 + ttl * 1000);
    expect(decodeJwt(issued.token)).toEqual({
      sub: 'user-1',
      org_id: 'org-1',
      role: 'engineer',
      typ: type,
      jti: issued.jti,
      iat: nowSeconds,
      exp: nowSeconds + ttl,
    });
    expect(issued.jti).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    await expect(service.verify(issued.token, type)).resolves.toEqual({
      ...claims,
      jti: issued.jti,
      type,
      issuedAt: new Date(nowSeconds * 1000),
      expiresAt: issued.expiresAt,
    });
  });

  it("carries the session as `sid`, and lets a rotated refresh token keep its session's end", async () => {
    const { service, clock } = makeService();
    const first = await service.issueRefreshToken({ ...claims, sessionId: 'session-1' });
    expect(decodeJwt(first.token).sid).toBe('session-1');
    clock.now += 60_000;
    const rotated = await service.issueRefreshToken({ ...claims, sessionId: 'session-1' }, { expiresAt: first.expiresAt });
    expect(rotated.expiresAt).toEqual(first.expiresAt);
    await expect(service.verify(rotated.token, 'refresh')).resolves.toMatchObject({
      sessionId: 'session-1',
      expiresAt: first.expiresAt,
      issuedAt: new Date(clock.now),
    });
  });

  it('refuses a token whose sid is not a non-empty string', async () => {
    const { service } = makeService();
    const token = await handMade({ claims: { sid: 42 }, header: { alg: 'HS256', typ: 'JWT' } });
    await expectInvalid(service.verify(token, 'access'), 'Could not validate credentials');
  });

  it('gives every token its own jti', async () => {
    const { service } = makeService();
    const jtis = new Set(await Promise.all(Array.from({ length: 50 }, async () => (await service.issueAccessToken(claims)).jti)));
    expect(jtis.size).toBe(50);
  });

  it.each([
    ['a short secret', { secret: 'short' }],
    ['a zero lifetime', { accessTtlSeconds: 0 }],
    ['a fractional lifetime', { refreshTtlSeconds: 1.5 }],
  ])('refuses %s', (_name, overrides) => {
    expect(() => createTokenService({ secret: SECRET, accessTtlSeconds: 60, refreshTtlSeconds: 120, ...overrides })).toThrow();
  });

  it.each<[string, number, string | null]>([
    ['one second before expiry', 3599, null],
    ['at the expiry instant', 3600, TOKEN_EXPIRED_DETAIL],
    ['a day later', 86_400, TOKEN_EXPIRED_DETAIL],
  ])('an access token verified %s', async (_name, elapsedSeconds, detail) => {
    const { service, clock } = makeService();
    const { token } = await service.issueAccessToken(claims);
    clock.now = T0 + elapsedSeconds * 1000;
    if (detail === null) await expect(service.verify(token, 'access')).resolves.toMatchObject(claims);
    else await expectInvalid(service.verify(token, 'access'), detail);
  });

  it.each<[string, number, string | null]>([
    ['one second before expiry', 3599, null],
    ['at the expiry instant', 3600, TOKEN_EXPIRED_DETAIL],
    ['a day later', 86_400, TOKEN_EXPIRED_DETAIL],
  ])('an access token remembered as verified, checked again %s', async (_name, elapsedSeconds, detail) => {
    const { service, clock } = makeService();
    const { token } = await service.issueAccessToken(claims);
    await service.verify(token, 'access');
    clock.now = T0 + elapsedSeconds * 1000;
    if (detail === null) await expect(service.verify(token, 'access')).resolves.toMatchObject(claims);
    else await expectInvalid(service.verify(token, 'access'), detail);
  });

  it('says "Token has expired" exactly', () => {
    expect(TOKEN_EXPIRED_DETAIL).toBe('Token has expired');
  });

  const forged: [string, (token: string) => Promise<string> | string][] = [
    ['a refresh token used as access', async () => (await makeService().service.issueRefreshToken(claims)).token],
    [
      'a token signed with another secret',
      async () => (await makeService({ secret: OTHER_SECRET }).service.issueAccessToken(claims)).token,
    ],
    [
      'a tampered payload',
      (token) => {
        const [header, , signature] = token.split('.');
        return [header, b64({ ...decodeJwt(token), role: 'owner' }), signature].join('.');
      },
    ],
    [
      'a tampered signature',
      (token) => {
        const [header, payload, signature] = token.split('.') as [string, string, string];
        const flipped = signature[5] === 'A' ? 'B' : 'A';
        return [header, payload, signature.slice(0, 5) + flipped + signature.slice(6)].join('.');
      },
    ],
    ['an unsigned alg none token', (token) => `${b64({ alg: 'none', typ: 'JWT' })}.${token.split('.')[1]}.`],
    ['an HS512 token made with the right secret', () => handMade({ header: { alg: 'HS512' } })],
    ['a token without org_id', () => handMade({ claims: { org_id: undefined } })],
    ['a token without jti', () => handMade({ without: ['jti'] })],
    ['a token without exp', () => handMade({ without: ['exp'] })],
    ['a token with an unknown role', () => handMade({ claims: { role: 'root' } })],
    ['a token without typ', () => handMade({ claims: { typ: undefined } })],
    [
      'an expired token signed with another secret',
      async () => {
        const { service, clock } = makeService({ secret: OTHER_SECRET });
        clock.now = T0 - 7200 * 1000;
        return (await service.issueAccessToken(claims)).token;
      },
    ],
    ['garbage', () => 'not.a.jwt'],
    ['an empty string', () => ''],
    ['two segments', (token) => token.split('.').slice(0, 2).join('.')],
  ];

  it('accepts a hand-made token with nothing changed, so each forgery above fails for its change alone', async () => {
    await expect(makeService().service.verify(await handMade(), 'access')).resolves.toMatchObject(claims);
  });

  it.each(forged)('rejects %s as an access token with the generic detail', async (_name, make) => {
    const { service } = makeService();
    const { token: genuine } = await service.issueAccessToken(claims);
    await expectInvalid(service.verify(await make(genuine), 'access'), 'Could not validate credentials');
  });

  it.each(forged)('rejects %s even while the genuine token is remembered as verified', async (_name, make) => {
    const { service } = makeService();
    const { token: genuine } = await service.issueAccessToken(claims);
    await service.verify(genuine, 'access');
    await expectInvalid(service.verify(await make(genuine), 'access'), 'Could not validate credentials');
  });

  it('rejects an access token used as refresh, also once verified as access', async () => {
    const { service } = makeService();
    const { token } = await service.issueAccessToken(claims);
    await service.verify(token, 'access');
    await expectInvalid(service.verify(token, 'refresh'), 'Could not validate credentials');
  });

  it('rejects an access token used as refresh', async () => {
    const { service } = makeService();
    const { token } = await service.issueAccessToken(claims);
    await expectInvalid(service.verify(token, 'refresh'), 'Could not validate credentials');
  });

  it.each<[string | undefined, string | undefined, boolean]>([
    ['tocsin', 'tocsin', true],
    ['tocsin', 'someone-else', false],
    ['tocsin', undefined, false],
    [undefined, 'tocsin', true],
  ])('with issuer %s on verify and %s on issue: valid → %s', async (verifierIssuer, issuerIssuer, valid) => {
    const { token } = await makeService({ issuer: issuerIssuer }).service.issueAccessToken(claims);
    const verifying = makeService({ issuer: verifierIssuer }).service.verify(token, 'access');
    if (valid) await expect(verifying).resolves.toMatchObject(claims);
    else await expectInvalid(verifying, 'Could not validate credentials');
  });
});
