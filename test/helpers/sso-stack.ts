import supertest from 'supertest';
import { startDnsServer, type TestDnsServer } from './dns-server.ts';
import { startTestStack, type TestStack } from './stack.ts';

/** Where the SSO tests' stacks say they are served; identity providers send people back to CALLBACK. */
export const PUBLIC_URL = 'http://tocsin.test';
export const CALLBACK = `${PUBLIC_URL}/api/v1/sso/callback`;

/**
 * A stack that signs people in through identity providers on loopback (plain-http issuers and
 * private addresses admitted) and verifies domain claims against a DNS server of its own.
 * `env` adds to that or overrides it.
 */
export async function startSsoStack(env: Record<string, string> = {}): Promise<{ stack: TestStack; dns: TestDnsServer }> {
  const dns = await startDnsServer();
  try {
    const stack = await startTestStack({
      env: {
        PUBLIC_URL,
        SSO_ALLOW_INSECURE_LOOPBACK_ISSUERS: 'true',
        OUTBOUND_ALLOW_PRIVATE: 'true',
        SSO_DNS_SERVERS: dns.address,
        ...env,
      },
    });
    return { stack, dns };
  } catch (error) {
    await dns.stop();
    throw error;
  }
}

const browsers = new WeakMap<TestStack, ReturnType<typeof supertest.agent>>();

/**
 * The browser of a sign-in, one per stack: it keeps the cookies GET /sso/initiate and POST /sso/link
 * set, which the callback requires (the sign-in's state is bound to the browser that started it).
 */
export function ssoBrowser(stack: TestStack): ReturnType<typeof supertest.agent> {
  let browser = browsers.get(stack);
  if (!browser) {
    browser = supertest.agent(stack.app.callback());
    browsers.set(stack, browser);
  }
  return browser;
}
