import type { Browser } from 'playwright-core';
import { buildConsoleIfStale } from '../../console/build.ts';
import { freePort } from '../../shared/net/free-port.ts';
import { launchChromium } from '../helpers/browser.ts';
import { startDnsServer, type TestDnsServer } from '../helpers/dns-server.ts';
import { listen } from '../helpers/listening-stack.ts';
import { startOpenIdProvider, type TestOpenIdProvider } from '../helpers/oidc-provider.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';

// Single sign-on from the console's sign-in page, in a browser: the API sends it to a real OpenID
// Provider (oidc-provider on loopback, its development login and consent pages), which sends it
// back through the API's callback to the console, signed in.
describe('the console signs in through single sign-on', () => {
  let stack: TestStack;
  let server: Awaited<ReturnType<typeof listen>>;
  let provider: TestOpenIdProvider;
  let browser: Browser;
  let dns: TestDnsServer;

  beforeAll(async () => {
    await buildConsoleIfStale();
    browser = await launchChromium();
    const port = await freePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    dns = await startDnsServer();
    stack = await startTestStack({
      env: {
        PUBLIC_URL: publicUrl,
        SSO_ALLOW_INSECURE_LOOPBACK_ISSUERS: 'true',
        OUTBOUND_ALLOW_PRIVATE: 'true',
        SSO_DNS_SERVERS: dns.address,
      },
    });
    server = await listen(stack, { port });
    provider = await startOpenIdProvider({ redirectUri: `${publicUrl}/api/v1/sso/callback` });
    const owner = await registerOwner(stack.http, 'console-sso');
    const created = await stack.http
      .post('/api/v1/sso/connections')
      .set('Authorization', `Bearer ${owner.token}`)
      .send({
        name: 'Acme IdP',
        kind: 'oidc',
        domains: ['acme-console.test'],
        default_role: 'engineer',
        config: { issuer: provider.issuer, client_id: provider.clientId, client_secret: provider.clientSecret },
      })
      .expect(201);
    // The sign-in page routes by email: the domain must be verified by DNS.
    dns.setTxt('_tocsin-challenge.acme-console.test', created.body.data.domain_verifications[0].record_value);
    await stack.http
      .post(`/api/v1/sso/connections/${created.body.data.id}/domains/acme-console.test/verify`)
      .set('Authorization', `Bearer ${owner.token}`)
      .expect(200);
  }, 15 * 60_000);
  afterAll(async () => {
    await browser?.close();
    await provider?.stop();
    await server?.close();
    await stack?.stop();
    await dns?.stop();
  });

  it('goes from the sign-in page to the page it was asked for, signed in as a new engineer', async () => {
    provider.addAccount({ email: 'alice@acme-console.test', name: 'Alice Martin' });
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    await page.goto('/sign-in?next=%2Fsearch');
    await page.getByLabel('Work email for single sign-on').fill('alice@acme-console.test');
    await page.getByRole('button', { name: 'Continue with SSO' }).click();
    // The provider's own pages: login (any password), then consent.
    await page.waitForURL(`${provider.issuer}/**`);
    await page.locator('input[name="login"]').fill('alice@acme-console.test');
    await page.locator('input[name="password"]').fill('any');
    await page.locator('button[type="submit"]').click();
    await page.locator('button[type="submit"]').click();
    await page.waitForURL(`${server.url}/search`);
    await page.getByRole('heading', { name: 'Search', level: 1 }).waitFor();
    await page.getByText('Alice Martin · engineer').waitFor();
    await context.close();
  });
});
