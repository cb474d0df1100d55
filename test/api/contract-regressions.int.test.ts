import { bearer } from '../helpers/members.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';

type JsonSchema = {
  properties?: Record<string, unknown>;
  additionalProperties?: unknown;
  anyOf?: unknown[];
  dependentRequired?: Record<string, string[]>;
};
interface Operation {
  parameters?: Array<{ name: string; in: string }>;
  responses: Record<string, { content?: Record<string, { schema: JsonSchema & { $ref?: string } }> }>;
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

/**
 * What Schemathesis (`npm run test:contract`) found, kept fixed without it: each case is a request
 * the description declares valid, or an answer it must describe, that the API got wrong.
 */
describe('API contract regressions (integration: real PostgreSQL)', () => {
  let stack: TestStack;
  let token: string;
  let document: { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, JsonSchema> } };
  const operation = (path: string, method: string) => document.paths[`/api/v1${path}`]?.[method] as Operation;

  beforeAll(async () => {
    stack = await startTestStack();
    token = (await registerOwner(stack.http, 'contract')).token;
    document = (await stack.http.get('/openapi.json').expect(200)).body;
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('answers an OIDC connection whose issuer is not a URL with 422, not 500', async () => {
    const response = await stack.http
      .post('/api/v1/sso/connections')
      .set(bearer(token))
      .send({
        name: 'Okta',
        kind: 'oidc',
        domains: ['acme-contract.test'],
        config: { issuer: '', client_id: 'client', client_secret: 'secret' },
      });
    expect({ status: response.status, code: response.body.code }).toEqual({ status: 422, code: 'VALIDATION_ERROR' });
    expect(response.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'body.config.issuer' })]));
  });

  it('reads form bodies flat: a field name with brackets or dots is a name, not a nested object', async () => {
    // The callback's description admits any extra string field; the answer is the callback's own refusal (unknown state).
    const response = await stack.http
      .post('/api/v1/sso/callback')
      .type('form')
      .send('code=abc&state=no-such-state&D%5Bx=1&a.b=2&e%5Bf%5D=3');
    expect({ status: response.status, code: response.body.code }).toEqual({ status: 401, code: 'SSO_FAILED' });
  });

  it('describes the helper download 422 with the supported platforms it carries', async () => {
    const response = await stack.http.get('/api/v1/helper/download').set(bearer(token)).unset('User-Agent').expect(422);
    expect(response.body.supported).toEqual(expect.arrayContaining([{ os: 'linux', arch: 'x64' }]));
    const reference = operation('/helper/download', 'get').responses['422']?.content?.['application/json']?.schema;
    // A named schema is served once, under components, and referenced.
    const declared = (
      reference?.$ref ? document.components.schemas[reference.$ref.replace('#/components/schemas/', '')] : reference
    ) as JsonSchema;
    expect(declared.additionalProperties).toBe(false);
    expect(Object.keys(declared.properties ?? {})).toEqual(expect.arrayContaining(Object.keys(response.body)));
  });

  it('declares no SAML fields on the GET callback (HTTP-POST only), and still refuses one sent there', async () => {
    const names = (operation('/sso/callback', 'get').parameters ?? []).map((parameter) => parameter.name);
    expect(names).toEqual(expect.arrayContaining(['code', 'state']));
    expect(names).not.toContain('SAMLResponse');
    expect(
      operation('/sso/callback', 'post').requestBody?.content['application/x-www-form-urlencoded']?.schema.properties ?? {},
    ).toHaveProperty('SAMLResponse');
    const response = await stack.http.get('/api/v1/sso/callback').query({ SAMLResponse: 'PHNhbWxwOlJlc3BvbnNlLz4=', RelayState: 'x' });
    expect({ status: response.status, code: response.body.code }).toEqual({ status: 401, code: 'SSO_FAILED' });
  });

  it('does not honour a redirect_to that outgrows what is stored once normalized (was a 500)', async () => {
    const created = await stack.http
      .post('/api/v1/sso/connections')
      .set(bearer(token))
      .send({
        name: 'SAML redirect',
        kind: 'saml',
        domains: ['saml-redirect.test'],
        config: {
          idp_entity_id: 'https://idp.acme.com/saml',
          idp_sso_url: 'https://idp.acme.com/saml/sso',
          idp_certificate: '-----BEGIN CERTIFICATE-----\nMIIC\n-----END CERTIFICATE-----',
        },
      })
      .expect(201);
    // 1,000 characters, within the declared 2,000; percent-encoded, 6,000 and more.
    const response = await stack.http
      .get('/api/v1/sso/initiate')
      .set('Accept', 'application/json')
      .query({ connection_id: created.body.data.id, redirect_to: `/${'é'.repeat(999)}` });
    expect(response.status).toBe(200);
    expect(response.body.data.authorization_url).toMatch(/^https:\/\/idp\.acme\.com\/saml\/sso\?/);
  });

  it('declares what a SAML config requires: the metadata or the three idp_* fields, a certificate with a private key', async () => {
    const saml = { name: 'SAML', kind: 'saml', domains: ['saml-contract.test'] };
    const missing = await stack.http
      .post('/api/v1/sso/connections')
      .set(bearer(token))
      .send({ ...saml, config: {} })
      .expect(422);
    expect(missing.body.errors.map((error: { path: string }) => error.path)).toEqual([
      'body.config.idp_entity_id',
      'body.config.idp_sso_url',
      'body.config.idp_certificate',
    ]);
    const described = JSON.stringify(operation('/sso/connections', 'post').requestBody?.content['application/json']?.schema);
    expect(described).toContain(
      JSON.stringify({
        anyOf: [{ required: ['idp_metadata_xml'] }, { required: ['idp_entity_id', 'idp_sso_url', 'idp_certificate'] }],
      }).slice(1, -1),
    );
    expect(described).toContain(JSON.stringify({ dependentRequired: { sp_private_key: ['sp_certificate'] } }).slice(1, -1));
  });
});
