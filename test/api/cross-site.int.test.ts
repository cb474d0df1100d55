import type { Response } from 'supertest';
import { bearer } from '../helpers/members.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';

const PUBLIC_URL = 'https://tocsin.example.test';
const CONSOLE_ORIGIN = 'https://console.example.test';
const EVIL = 'https://evil.example';

const cookiesOf = (response: Response): string[] => ([] as string[]).concat((response.headers['set-cookie'] as unknown as string[]) ?? []);
/** The Cookie header a browser would send back from a response's Set-Cookie headers. */
const cookieHeader = (response: Response) =>
  cookiesOf(response)
    .map((cookie) => cookie.split(';')[0])
    .join('; ');

// SameSite=Lax is not a whole defence: a sibling subdomain is same-site, and a top-level form POST
// still carries cookies in some browsers' Lax-by-default grace. Pages of another site must neither
// sign a browser in (login CSRF) nor write with its session cookie.
describe('cross-site requests with the session cookie (integration: real PostgreSQL)', () => {
  let stack: TestStack;
  let owner: Awaited<ReturnType<typeof registerOwner>>;
  let session: string;
  let refreshCookie: string;

  beforeAll(async () => {
    stack = await startTestStack({ env: { PUBLIC_URL, CORS_ORIGINS: CONSOLE_ORIGIN } });
    owner = await registerOwner(stack.http, 'csrf');
    const login = await stack.http.post('/api/v1/auth/login').send({ email: owner.email, password: owner.password }).expect(200);
    session = cookieHeader(login);
    refreshCookie =
      cookiesOf(login)
        .find((cookie) => cookie.startsWith('refresh_token='))
        ?.split(';')[0] ?? '';
    expect(session).toContain('access_token=');
    expect(refreshCookie).toContain('refresh_token=');
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const incidentCount = async () =>
    Number(
      (
        await stack.orm.em
          .fork()
          .execute<Array<{ n: string }>>('select count(*) as n from incidents where organization_id = ?', [owner.organization.id])
      )[0]?.n,
    );

  describe('login CSRF: another site signing the browser in as the attacker', () => {
    it('refuses a form login posted by a page of another site, and sets no cookie', async () => {
      const attacker = await registerOwner(stack.http, 'csrf-attacker');
      const refused = await stack.http
        .post('/api/v1/auth/login')
        .set('Origin', EVIL)
        .set('Sec-Fetch-Site', 'cross-site')
        .type('form')
        .send({ username: attacker.email, password: attacker.password })
        .expect(403);
      expect(refused.body.code).toBe('CSRF_REJECTED');
      expect(cookiesOf(refused)).toEqual([]);
    });

    it('refuses it when the browser sends only Sec-Fetch-Site, or Origin null', async () => {
      const body = { email: owner.email, password: owner.password };
      await stack.http.post('/api/v1/auth/login').set('Sec-Fetch-Site', 'cross-site').send(body).expect(403);
      await stack.http.post('/api/v1/auth/login').set('Origin', 'null').send(body).expect(403);
    });

    it('refuses refreshing the session from another site', async () => {
      const refused = await stack.http.post('/api/v1/auth/refresh').set('Origin', EVIL).set('Cookie', refreshCookie).send({}).expect(403);
      expect(refused.body.code).toBe('CSRF_REJECTED');
      expect(cookiesOf(refused)).toEqual([]);
    });

    it('lets the console, a CORS origin and clients without Origin log in', async () => {
      const body = { email: owner.email, password: owner.password };
      await stack.http.post('/api/v1/auth/login').set('Origin', PUBLIC_URL).set('Sec-Fetch-Site', 'same-origin').send(body).expect(200);
      await stack.http.post('/api/v1/auth/login').set('Origin', CONSOLE_ORIGIN).set('Sec-Fetch-Site', 'same-site').send(body).expect(200);
      await stack.http.post('/api/v1/auth/login').send(body).expect(200);
    });
  });

  describe('writes authenticated by the access_token cookie', () => {
    it('refuses a write from another site and changes nothing', async () => {
      const before = await incidentCount();
      const refused = await stack.http
        .post('/api/v1/incidents')
        .set('Origin', EVIL)
        .set('Cookie', session)
        .send({ title: 'Planted by another site' })
        .expect(403);
      expect(refused.body.code).toBe('CSRF_REJECTED');
      await stack.http.post('/api/v1/auth/logout-all').set('Sec-Fetch-Site', 'cross-site').set('Cookie', session).send({}).expect(403);
      expect(await incidentCount()).toBe(before);
      // The session survived the attempted logout-all.
      await stack.http.get('/api/v1/auth/me').set('Cookie', session).expect(200);
    });

    it('accepts the write from the instance, a CORS origin, or a client that sends no Origin', async () => {
      const post = () => stack.http.post('/api/v1/incidents').set('Cookie', session);
      await post().set('Origin', PUBLIC_URL).send({ title: 'From the console' }).expect(201);
      await post().set('Origin', CONSOLE_ORIGIN).send({ title: 'From the CORS front end' }).expect(201);
      await post().set('Sec-Fetch-Site', 'same-origin').send({ title: 'Same origin, no Origin header' }).expect(201);
      await post().send({ title: 'From curl with the cookie' }).expect(201);
    });

    it('leaves reads and Authorization-header credentials alone', async () => {
      await stack.http.get('/api/v1/incidents').set('Origin', EVIL).set('Cookie', session).expect(200);
      await stack.http
        .post('/api/v1/incidents')
        .set('Origin', EVIL)
        .set(bearer(owner.token))
        .set('Cookie', session)
        .send({ title: 'Bearer header, not the cookie' })
        .expect(201);
    });
  });

  it('declares CSRF_REJECTED in the OpenAPI document on cookie-setting routes and writes', async () => {
    const document = (await stack.http.get('/openapi.json').expect(200)).body as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
      'x-error-codes': Record<string, number>;
    };
    expect(document['x-error-codes'].CSRF_REJECTED).toBe(403);
    for (const [path, method] of [
      ['/api/v1/auth/login', 'post'],
      ['/api/v1/auth/refresh', 'post'],
      ['/api/v1/auth/logout', 'post'],
      ['/api/v1/incidents', 'post'],
    ] as const) {
      expect(Object.keys(document.paths[path]?.[method]?.responses ?? {})).toContain('403');
    }
    expect(Object.keys(document.paths['/api/v1/auth/login']?.post?.responses ?? {})).toEqual(expect.arrayContaining(['423', '429']));
  });
});
