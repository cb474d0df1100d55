import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

type PrivateKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

export interface MiniOpenIdProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Every request path it answered, in order. */
  requests: string[];
  /** The email the next sign-in is for (the provider's login, already done). */
  signInAs: string;
  /** Signs id_tokens with a key it does not publish (same `kid`): what a forger would hand back. */
  signWithForeignKey: boolean;
  /** Replaces fields of the discovery document (e.g. `authorization_endpoint`). */
  metadataOverrides: Record<string, unknown>;
  stop(): Promise<void>;
}

/**
 * A small, standard OpenID Provider on loopback (authorization code with PKCE, client_secret_post,
 * RS256 id_tokens, a JWKS) whose answers a test can bend where oidc-provider will not: it can sign
 * with a key its JWKS does not hold, or advertise any authorization_endpoint. The authorization
 * endpoint signs `signInAs` in at once and redirects back with a code.
 */
export async function startMiniOpenIdProvider(options: { redirectUri: string }): Promise<MiniOpenIdProvider> {
  const own = await generateKeyPair('RS256');
  const foreign = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(own.publicKey)), kid: 'signing', alg: 'RS256', use: 'sig' };
  const codes = new Map<string, { nonce: string; challenge: string; email: string }>();
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const state: MiniOpenIdProvider = {
    issuer,
    clientId: `mini-${randomBytes(4).toString('hex')}`,
    clientSecret: randomBytes(24).toString('hex'),
    requests: [],
    signInAs: '',
    signWithForeignKey: false,
    metadataOverrides: {},
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  const idToken = (email: string, nonce: string, key: PrivateKey) =>
    new SignJWT({ email, email_verified: true, nonce, name: email })
      .setProtectedHeader({ alg: 'RS256', kid: 'signing' })
      .setIssuer(issuer)
      .setAudience(state.clientId)
      .setSubject(createHash('sha256').update(email).digest('hex').slice(0, 24))
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(key);

  server.on('request', (request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      void (async () => {
        const url = new URL(request.url ?? '/', issuer);
        state.requests.push(url.pathname);
        const json = (status: number, value: unknown) => {
          response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
          response.end(JSON.stringify(value));
        };
        if (url.pathname === '/.well-known/openid-configuration') {
          return json(200, {
            issuer,
            authorization_endpoint: `${issuer}/authorize`,
            token_endpoint: `${issuer}/token`,
            jwks_uri: `${issuer}/jwks`,
            response_types_supported: ['code'],
            subject_types_supported: ['public'],
            id_token_signing_alg_values_supported: ['RS256'],
            token_endpoint_auth_methods_supported: ['client_secret_post'],
            code_challenge_methods_supported: ['S256'],
            ...state.metadataOverrides,
          });
        }
        if (url.pathname === '/jwks') return json(200, { keys: [jwk] });
        if (url.pathname === '/authorize') {
          const query = url.searchParams;
          if (query.get('client_id') !== state.clientId || query.get('redirect_uri') !== options.redirectUri)
            return json(400, { error: 'invalid_request' });
          const code = randomUUID();
          codes.set(code, { nonce: query.get('nonce') ?? '', challenge: query.get('code_challenge') ?? '', email: state.signInAs });
          const back = new URL(options.redirectUri);
          back.search = new URLSearchParams({ code, state: query.get('state') ?? '', iss: issuer }).toString();
          response.writeHead(302, { location: back.href });
          return response.end();
        }
        if (url.pathname === '/token' && request.method === 'POST') {
          const form = new URLSearchParams(body);
          const grant = codes.get(form.get('code') ?? '');
          codes.delete(form.get('code') ?? '');
          const verifier = createHash('sha256')
            .update(form.get('code_verifier') ?? '')
            .digest('base64url');
          if (
            !grant ||
            form.get('client_id') !== state.clientId ||
            form.get('client_secret') !== state.clientSecret ||
            verifier !== grant.challenge
          )
            return json(400, { error: 'invalid_grant' });
          const key = state.signWithForeignKey ? foreign.privateKey : own.privateKey;
          return json(200, {
            access_token: randomUUID(),
            token_type: 'Bearer',
            expires_in: 300,
            id_token: await idToken(grant.email, grant.nonce, key),
          });
        }
        json(404, { error: 'not_found' });
      })();
    });
  });
  return state;
}
