import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface TestAccount {
  email: string;
  /** The subject (`sub`) and login name; the email when omitted. */
  sub?: string;
  email_verified?: boolean;
  name?: string;
  /** Extra claims, e.g. Google's `hd`. */
  extra?: Record<string, unknown>;
}

export interface TestOpenIdProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Adds (or replaces) an account; its login name at the dev login form is its `sub` (default: its email). */
  addAccount(account: TestAccount): void;
  stop(): Promise<void>;
}

const listen = (server: Server) =>
  new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

/**
 * A real OpenID Provider (oidc-provider) on loopback with one confidential client and its
 * development login and consent pages, which `signInAt` drives as a browser would.
 */
export async function startOpenIdProvider(options: { redirectUri: string }): Promise<TestOpenIdProvider> {
  const accounts = new Map<string, TestAccount>();
  const server = createServer();
  const port = await listen(server);
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = `tocsin-test-${randomBytes(4).toString('hex')}`;
  const clientSecret = randomBytes(24).toString('hex');
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'], hd: ['hd'] },
    // The claims of the granted scopes go into the id_token, as Azure, Okta and Google do.
    conformIdTokenClaims: false,
    cookies: { keys: [randomBytes(16).toString('hex')] },
    findAccount: async (_ctx, sub) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email: account.email,
          email_verified: account.email_verified ?? true,
          name: account.name ?? account.email,
          ...account.extra,
        }),
      };
    },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    addAccount: (account) => accounts.set(account.sub ?? account.email, account),
    stop: () => close(server),
  };
}

/** A cookie jar by name: enough for one provider on one host. */
function cookieJar() {
  const cookies = new Map<string, string>();
  return {
    header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    store(response: Response) {
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const eq = pair?.indexOf('=') ?? -1;
        if (!pair || eq < 0) continue;
        const name = pair.slice(0, eq).trim();
        const value = pair.slice(eq + 1).trim();
        if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) cookies.delete(name);
        else cookies.set(name, value);
      }
    },
  };
}

const unescapeHtml = (text: string) =>
  text.replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');

/** What the browser delivers to the relying party: a redirect (GET), or the auto-submitted form of `response_mode=form_post`. */
export interface ProviderAnswer {
  url: URL;
  /** Present for form_post: the fields the page posts to `url`. */
  form?: Record<string, string>;
}

/**
 * Plays the browser from the authorization URL to the redirect back to the relying party:
 * follows redirects by hand (cookies kept), fills the login form with `login` and approves
 * consent. Returns the URL the provider sends the browser to (the relying party's callback).
 */
export async function signInAt(authorizationUrl: string, login: string, options: { stopAt: string }): Promise<URL> {
  const answer = await answerFor(authorizationUrl, login, options);
  if (answer.form) throw new Error('the provider answered with a form_post page');
  return answer.url;
}

/** The same, also following a `form_post` answer: the auto-submitting page's action and fields. */
export async function answerFor(authorizationUrl: string, login: string, options: { stopAt: string }): Promise<ProviderAnswer> {
  const jar = cookieJar();
  let url = new URL(authorizationUrl);
  let form: URLSearchParams | undefined;
  for (let step = 0; step < 20; step += 1) {
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: jar.header(), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      ...(form ? { body: form } : {}),
    });
    jar.store(response);
    form = undefined;
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url);
      if (url.href.startsWith(options.stopAt)) return { url };
      continue;
    }
    const html = await response.text();
    if (response.status !== 200) throw new Error(`identity provider answered ${response.status}: ${html.slice(0, 500)}`);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (action && unescapeHtml(action).startsWith(options.stopAt)) {
      const fields = Object.fromEntries(
        [...html.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)"/g)].map((match) => [
          match[1] as string,
          unescapeHtml(match[2] as string),
        ]),
      );
      return { url: new URL(unescapeHtml(action)), form: fields };
    }
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`no interaction form in: ${html.slice(0, 500)}`);
    url = new URL(action.replaceAll('&amp;', '&'), url);
    form = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt });
  }
  throw new Error('the provider never redirected back');
}
