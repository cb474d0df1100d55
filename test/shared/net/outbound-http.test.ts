import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { blockedReason } from '../../../shared/net/address-policy.ts';
import {
  createOutboundHttp,
  isHostAllowed,
  OutboundRefusedError,
  OutboundTransportError,
  type Resolver,
} from '../../../shared/net/outbound-http.ts';

// Real sockets on loopback; DNS is the injected resolver, so names resolve to what each case needs.
describe('guarded outbound HTTP client (SSRF)', () => {
  let server: Server;
  let port: number;
  const hits: Array<{ url: string; host: string | undefined; auth: string | undefined }> = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      hits.push({ url: req.url ?? '', host: req.headers.host, auth: req.headers.authorization });
      const match = /^\/redirect\?to=(.+)$/.exec(req.url ?? '');
      if (match) {
        res.writeHead(302, { location: decodeURIComponent(match[1] as string) });
        res.end();
        return;
      }
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(`ok ${req.method} ${req.url}`);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  beforeEach(() => {
    hits.length = 0;
  });

  const resolverOf = (table: Record<string, string[]>): Resolver & { calls: string[] } => {
    const calls: string[] = [];
    const resolver = async (hostname: string) => {
      calls.push(hostname);
      const addresses = table[hostname];
      if (!addresses) throw new Error(`ENOTFOUND ${hostname}`);
      return addresses.map((address) => ({ address, family: address.includes(':') ? (6 as const) : (4 as const) }));
    };
    return Object.assign(resolver, { calls });
  };

  const strict = createOutboundHttp({
    allowPrivate: false,
    resolver: resolverOf({ 'internal.example': ['10.1.2.3'], 'mixed.example': ['93.184.216.34', '127.0.0.1'] }),
  });

  it.each([
    ['loopback IPv4', () => `http://127.0.0.1:${port}/`, /127\.0\.0\.1 is loopback/],
    ['loopback IPv6', () => `http://[::1]:${port}/`, /::1 is loopback/],
    ['IPv4-mapped loopback', () => `http://[::ffff:7f00:1]:${port}/`, /IPv4-mapped loopback/],
    ['cloud metadata address', () => 'http://169.254.169.254/latest/meta-data/', /link-local/],
    ['metadata host name', () => 'http://metadata.google.internal/computeMetadata/v1/', /internal host name/],
    ['localhost', () => `http://localhost:${port}/`, /internal host name/],
    [
      'a name resolving to 10.x',
      () => 'http://internal.example/hook',
      /internal\.example resolves to an address outbound requests may not reach/,
    ],
    [
      'a name with one private answer among public ones',
      () => 'http://mixed.example/',
      /mixed\.example resolves to an address outbound requests may not reach/,
    ],
    ['a non-http scheme', () => 'file:///etc/passwd', /scheme file: is not allowed/],
  ])('refuses %s', async (_label, url, reason) => {
    const attempt = strict({ url: url(), method: 'POST', body: '{}' });
    await expect(attempt).rejects.toBeInstanceOf(OutboundRefusedError);
    await expect(strict({ url: url() })).rejects.toThrow(reason);
    expect(hits).toHaveLength(0);
  });

  // Whoever configures a URL reads the error: it must not map host names to internal addresses.
  it('never says which address a name resolved to; the detail for the log does', async () => {
    for (const [url, address] of [
      ['http://internal.example/hook', '10.1.2.3'],
      ['http://mixed.example/', '127.0.0.1'],
    ] as const) {
      const error = await strict({ url }).then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(OutboundRefusedError);
      expect((error as OutboundRefusedError).message).not.toContain(address);
      expect((error as OutboundRefusedError).detail).toContain(address);
    }
  });

  it('names the host, not the address it connected to, when the connection fails', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const client = createOutboundHttp({
      allowPrivate: false,
      resolver: resolverOf({ 'hooks.example': ['127.0.0.1'] }),
      isAddressAllowed: onlyTestServer,
    });
    const error = await client({ url: `http://hooks.example:${closedPort}/` }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(OutboundTransportError);
    expect((error as OutboundTransportError).message).toMatch(/ECONNREFUSED hooks\.example/);
    expect((error as OutboundTransportError).message).not.toContain('127.0.0.1');
    expect((error as OutboundTransportError).detail).toContain('127.0.0.1');
  });

  it('with allowPrivate (OUTBOUND_ALLOW_PRIVATE=true) reaches the local server', async () => {
    const open = createOutboundHttp({ allowPrivate: true });
    const response = await open({ url: `http://127.0.0.1:${port}/hello`, method: 'POST', body: '{}' });
    expect(response).toMatchObject({ status: 200, body: 'ok POST /hello', redirects: 0 });
  });

  it('with OUTBOUND_ALLOWED_HOSTS reaches only the listed hosts, redirects included, before any lookup', async () => {
    const resolver = resolverOf({ 'elsewhere.example': ['93.184.216.34'] });
    const client = createOutboundHttp({ allowPrivate: true, allowedHosts: ['127.0.0.1'], resolver });
    expect(await client({ url: `http://127.0.0.1:${port}/sink` })).toMatchObject({ status: 200, body: 'ok GET /sink' });
    await expect(client({ url: 'http://elsewhere.example/hook' })).rejects.toThrow(
      /elsewhere\.example is not on this instance's outbound allowlist/,
    );
    const away = `http://127.0.0.1:${port}/redirect?to=${encodeURIComponent('http://elsewhere.example/')}`;
    await expect(client({ url: away })).rejects.toBeInstanceOf(OutboundRefusedError);
    expect(resolver.calls).toEqual([]);
    expect(hits.map((hit) => hit.url)).toEqual(['/sink', `/redirect?to=${encodeURIComponent('http://elsewhere.example/')}`]);
  });

  it.each<[string, string[], boolean]>([
    ['hooks.example.com', ['hooks.example.com'], true],
    ['HOOKS.example.com.', ['hooks.example.com'], true],
    ['a.hooks.example.com', ['hooks.example.com'], false],
    ['a.example.com', ['*.example.com'], true],
    ['a.b.example.com', ['*.example.com'], true],
    ['example.com', ['*.example.com'], false],
    ['evilexample.com', ['*.example.com'], false],
    ['::1', ['127.0.0.1'], false],
  ])('isHostAllowed(%s, %j) = %s', (host, patterns, expected) => {
    expect(isHostAllowed(host, patterns)).toBe(expected);
  });

  // Only the test server's address is allowed; everything else goes through the real policy.
  const onlyTestServer = (address: string) => address === '127.0.0.1' || blockedReason(address) === null;

  it('connects to the address it checked: the name is resolved once and pinned (no rebinding)', async () => {
    let answers = 0;
    const rebinding: Resolver = async () =>
      answers++ === 0 ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '10.9.9.9', family: 4 }];
    const client = createOutboundHttp({ allowPrivate: false, resolver: rebinding, isAddressAllowed: onlyTestServer });
    const response = await client({ url: `http://hooks.example:${port}/pinned` });
    expect(response.status).toBe(200);
    expect(answers).toBe(1);
    expect(hits).toEqual([{ url: '/pinned', host: `hooks.example:${port}`, auth: undefined }]);
  });

  it.each([
    ['a private IPv4 literal', 'http://10.0.0.7/admin', /10\.0\.0\.7 is private/],
    ['the metadata address', 'http://169.254.169.254/latest/meta-data/', /link-local/],
    ['IPv6 loopback', 'http://[::1]/', /loopback/],
    ['a name resolving to 10.x', 'http://internal.example/', /internal\.example resolves to an address/],
  ])('refuses a redirect to %s', async (_label, target, reason) => {
    const client = createOutboundHttp({
      allowPrivate: false,
      resolver: resolverOf({ 'internal.example': ['10.1.2.3'] }),
      isAddressAllowed: onlyTestServer,
    });
    await expect(client({ url: `http://127.0.0.1:${port}/redirect?to=${encodeURIComponent(target)}` })).rejects.toThrow(reason);
    expect(hits.map((hit) => hit.url)).toEqual([`/redirect?to=${encodeURIComponent(target)}`]);
  });

  it('follows an allowed redirect (at most 3) and drops credentials on a cross-origin hop', async () => {
    const client = createOutboundHttp({
      allowPrivate: false,
      resolver: resolverOf({ 'other.example': ['127.0.0.1'] }),
      isAddressAllowed: onlyTestServer,
    });
    const target = `http://other.example:${port}/final`;
    const response = await client({
      url: `http://127.0.0.1:${port}/redirect?to=${encodeURIComponent(target)}`,
      headers: { Authorization: 'Bearer x' },
    });
    expect(response).toMatchObject({ status: 200, redirects: 1, url: target, body: 'ok GET /final' });
    expect(hits.map((hit) => hit.auth)).toEqual(['Bearer x', undefined]);

    const loop = `http://127.0.0.1:${port}/redirect?to=${encodeURIComponent('/redirect?to=%2Fredirect%3Fto%3D%252Fredirect%253Fto%253D%25252Fx')}`;
    await expect(client({ url: loop })).rejects.toThrow(/Too many redirects/);
  });

  it('maxRedirects 0 answers the redirect itself', async () => {
    const client = createOutboundHttp({ allowPrivate: true });
    const response = await client({
      url: `http://127.0.0.1:${port}/redirect?to=${encodeURIComponent('http://10.0.0.1/')}`,
      maxRedirects: 0,
    });
    expect(response.status).toBe(302);
    expect(hits).toHaveLength(1);
  });
});

describe('guarded outbound HTTP client: limits', () => {
  let base: string;
  const server = createServer((request, response) => {
    if (request.url === '/slow') setTimeout(() => response.end('late'), 2000).unref();
    else response.end('x'.repeat(100_000));
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  const client = createOutboundHttp({ allowPrivate: true });

  it('refuses what is no URL', async () => {
    await expect(client({ url: 'not a url' })).rejects.toBeInstanceOf(OutboundRefusedError);
  });

  it('caps the body at 64 KiB and times out', async () => {
    expect((await client({ url: `${base}/big` })).body).toHaveLength(64 * 1024);
    await expect(client({ url: `${base}/slow`, timeoutMs: 200 })).rejects.toThrow(/timed out after 200 ms/);
  });
});
