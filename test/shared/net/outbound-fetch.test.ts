import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGuardedFetch } from '../../../shared/net/outbound-fetch.ts';
import { createOutboundHttp, OutboundRefusedError, OutboundTransportError } from '../../../shared/net/outbound-http.ts';
import { freePort } from '../../../shared/net/free-port.ts';

// The fetch openid-client is handed: the guarded client's rules, fetch's shape. Real sockets on loopback.
describe('guarded fetch (the outbound client behind a fetch signature)', () => {
  let server: Server;
  let base: string;
  const hits: Array<{ method: string; url: string; body: string; contentType: string | undefined }> = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        hits.push({ method: req.method ?? '', url: req.url ?? '', body, contentType: req.headers['content-type'] });
        if (req.url === '/moved') {
          res.writeHead(302, { location: '/elsewhere' });
          res.end();
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json', 'set-cookie': ['a=1', 'b=2'] });
        res.end(JSON.stringify({ ok: true, method: req.method }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  beforeEach(() => {
    hits.length = 0;
  });

  const open = createGuardedFetch(createOutboundHttp({ allowPrivate: true }));
  const strict = createGuardedFetch(createOutboundHttp({ allowPrivate: false }));

  it('refuses a private target as fetch refuses a request (TypeError), the reason in cause, nothing sent', async () => {
    const refused = await strict(`${base}/.well-known/openid-configuration`, { method: 'GET', headers: {} }).catch((error) => error);
    expect(refused).toBeInstanceOf(TypeError);
    expect(refused.message).toBe('fetch failed');
    expect(refused.cause).toBeInstanceOf(OutboundRefusedError);
    expect(hits).toEqual([]);
  });

  it('keeps the connected address out of the message: only the cause names it', async () => {
    const port = await freePort();
    const failed = await open(`http://localhost:${port}/token`, { method: 'POST', body: 'a=b' }).catch((error) => error);
    expect(failed).toBeInstanceOf(TypeError);
    expect(failed.message).toBe('fetch failed');
    expect(failed.cause).toBeInstanceOf(OutboundTransportError);
    expect(failed.cause.detail).toMatch(/ECONNREFUSED/);
  });

  it('sends the method, headers and a URLSearchParams body, and answers a Response', async () => {
    const response = await open(`${base}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: 'c' }),
      redirect: 'manual',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(await response.json()).toEqual({ ok: true, method: 'POST' });
    expect(hits).toEqual([
      { method: 'POST', url: '/token', body: 'grant_type=authorization_code&code=c', contentType: 'application/x-www-form-urlencoded' },
    ]);
  });

  it('returns a redirect as it is (redirect: manual), never following it', async () => {
    const response = await open(`${base}/moved`, { method: 'GET', redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/elsewhere');
    expect(hits.map((hit) => hit.url)).toEqual(['/moved']);
  });
});
