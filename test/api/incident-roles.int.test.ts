import { PAGE_SUBJECT } from '../helpers/escalation.ts';
import { addMember, bearer } from '../helpers/members.ts';
import { mailsTo, waitForMail } from '../helpers/outbox.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';

interface Role {
  key: string;
  name: string;
  built_in: boolean;
}

interface Holder {
  role_key: string;
  role_name: string;
  user_id: string;
  assigned_by: string | null;
  paged?: boolean;
}

/**
 * Incident roles end to end: custom roles CRUD, assignment on an incident (paging the holder through
 * the responder path: API → outbox relay → responder page workflow → the worker's Mailer), the
 * incident detail, the timeline, the audit log, and organizations kept apart.
 */
describe('incident roles (integration: real PostgreSQL and Temporal, worker)', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ worker: true });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('lists the built-in roles and keeps custom ones per organization (create, rename, delete; 404, 409, 422)', async () => {
    const owner = await registerOwner(stack.http, 'roles-crud');
    const other = await registerOwner(stack.http, 'roles-crud-other');
    const builtIn = (await stack.http.get('/api/v1/incident-roles').set(bearer(owner.token)).expect(200)).body.data as Role[];
    expect(builtIn.map((role) => [role.key, role.built_in])).toEqual([
      ['incident_commander', true],
      ['communications_lead', true],
      ['scribe', true],
    ]);

    const created = (
      await stack.http
        .post('/api/v1/incident-roles')
        .set(bearer(owner.token))
        .send({ key: 'ops_liaison', name: 'Operations liaison', description: 'Talks to the datacenter' })
        .expect(201)
    ).body.data as Role;
    expect(created).toEqual(expect.objectContaining({ key: 'ops_liaison', name: 'Operations liaison', built_in: false }));
    await stack.http.post('/api/v1/incident-roles').set(bearer(owner.token)).send({ key: 'ops_liaison', name: 'Again' }).expect(409);
    await stack.http.post('/api/v1/incident-roles').set(bearer(owner.token)).send({ key: 'scribe', name: 'Mine' }).expect(409);
    const invalid = await stack.http
      .post('/api/v1/incident-roles')
      .set(bearer(owner.token))
      .send({ key: 'Ops Liaison', name: 'x' })
      .expect(422);
    expect(invalid.body.code).toBe('VALIDATION_ERROR');

    const renamed = (
      await stack.http.patch('/api/v1/incident-roles/ops_liaison').set(bearer(owner.token)).send({ name: 'Ops liaison' }).expect(200)
    ).body.data as Role & { description: string | null };
    expect(renamed).toEqual(expect.objectContaining({ key: 'ops_liaison', name: 'Ops liaison', description: 'Talks to the datacenter' }));
    await stack.http.patch('/api/v1/incident-roles/scribe').set(bearer(owner.token)).send({ name: 'Writer' }).expect(409);
    await stack.http.delete('/api/v1/incident-roles/incident_commander').set(bearer(owner.token)).expect(409);
    await stack.http.patch('/api/v1/incident-roles/nobody_here').set(bearer(owner.token)).send({ name: 'x' }).expect(404);

    // Another organization neither sees nor changes it, and may use the same key for its own.
    const theirs = (await stack.http.get('/api/v1/incident-roles').set(bearer(other.token)).expect(200)).body.data as Role[];
    expect(theirs.map((role) => role.key)).toEqual(['incident_commander', 'communications_lead', 'scribe']);
    await stack.http.patch('/api/v1/incident-roles/ops_liaison').set(bearer(other.token)).send({ name: 'Stolen' }).expect(404);
    await stack.http.delete('/api/v1/incident-roles/ops_liaison').set(bearer(other.token)).expect(404);
    await stack.http.post('/api/v1/incident-roles').set(bearer(other.token)).send({ key: 'ops_liaison', name: 'Theirs' }).expect(201);

    const mine = (await stack.http.get('/api/v1/incident-roles').set(bearer(owner.token)).expect(200)).body.data as Role[];
    expect(mine.find((role) => role.key === 'ops_liaison')?.name).toBe('Ops liaison');
    await stack.http.delete('/api/v1/incident-roles/ops_liaison').set(bearer(owner.token)).expect(204);
    await stack.http.delete('/api/v1/incident-roles/ops_liaison').set(bearer(owner.token)).expect(404);
  });

  it('assigns roles on an incident, paging a new holder once, shown on the incident, its timeline and the audit log', async () => {
    const owner = await registerOwner(stack.http, 'roles-assign');
    const helper = await addMember(stack, owner.token, 'engineer', 'commander');
    const other = await registerOwner(stack.http, 'roles-assign-other');
    await stack.http
      .post('/api/v1/incident-roles')
      .set(bearer(owner.token))
      .send({ key: 'db_expert', name: 'Database expert' })
      .expect(201);
    const incident = (
      await stack.http.post('/api/v1/incidents').set(bearer(owner.token)).send({ title: 'Checkout down', severity: 'critical' }).expect(201)
    ).body.data as { id: string };
    const roleUrl = (key: string) => `/api/v1/incidents/${incident.id}/roles/${key}`;

    const assigned = (
      await stack.http.put(roleUrl('incident_commander')).set(bearer(owner.token)).send({ user_id: helper.user.id }).expect(200)
    ).body.data as Holder;
    expect(assigned).toEqual(
      expect.objectContaining({ role_key: 'incident_commander', role_name: 'Incident commander', user_id: helper.user.id, paged: true }),
    );
    const page = await waitForMail(stack, helper.email, PAGE_SUBJECT);
    expect(page.body).toContain('You are Incident commander of this incident');

    // The same holder again changes nothing and pages nobody.
    const again = (
      await stack.http.put(roleUrl('incident_commander')).set(bearer(owner.token)).send({ user_id: helper.user.id }).expect(200)
    ).body.data as Holder;
    expect(again.paged).toBe(false);
    // A self-assignment pages nobody either.
    const scribe = (await stack.http.put(roleUrl('scribe')).set(bearer(owner.token)).send({ user_id: owner.user.id }).expect(200)).body
      .data as Holder;
    expect(scribe.paged).toBe(false);
    // The helper, asked once on this incident, is not paged again for a second role.
    const custom = (await stack.http.put(roleUrl('db_expert')).set(bearer(owner.token)).send({ user_id: helper.user.id }).expect(200)).body
      .data as Holder;
    expect(custom).toEqual(expect.objectContaining({ role_name: 'Database expert', paged: false }));

    await stack.http.put(roleUrl('no_such_role')).set(bearer(owner.token)).send({ user_id: helper.user.id }).expect(404);
    const foreign = await stack.http.put(roleUrl('scribe')).set(bearer(owner.token)).send({ user_id: other.user.id }).expect(422);
    expect(foreign.body.code).toBe('VALIDATION_ERROR');
    await stack.http.put(roleUrl('scribe')).set(bearer(owner.token)).send({ user: 'x' }).expect(422);
    // A role held on an open incident cannot be deleted.
    await stack.http.delete('/api/v1/incident-roles/db_expert').set(bearer(owner.token)).expect(409);

    // Handing the commander role over.
    await stack.http.put(roleUrl('incident_commander')).set(bearer(owner.token)).send({ user_id: owner.user.id }).expect(200);

    // Another organization sees none of it and changes none of it.
    await stack.http.get(`/api/v1/incidents/${incident.id}/roles`).set(bearer(other.token)).expect(404);
    await stack.http.put(roleUrl('scribe')).set(bearer(other.token)).send({ user_id: other.user.id }).expect(404);
    await stack.http.delete(roleUrl('scribe')).set(bearer(other.token)).expect(404);

    const detail = (await stack.http.get(`/api/v1/incidents/${incident.id}`).set(bearer(owner.token)).expect(200)).body.data as {
      roles: Holder[];
      timeline: Array<{ type: string; message: string }>;
      responders: Array<{ user_id: string; message: string }>;
    };
    expect(detail.roles.map((holder) => [holder.role_key, holder.user_id])).toEqual(
      expect.arrayContaining([
        ['incident_commander', owner.user.id],
        ['scribe', owner.user.id],
        ['db_expert', helper.user.id],
      ]),
    );
    expect(detail.roles).toHaveLength(3);
    expect(detail.responders).toEqual([
      expect.objectContaining({ user_id: helper.user.id, message: 'You are Incident commander of this incident' }),
    ]);
    const roleEntries = detail.timeline.filter((entry) => entry.type === 'role').map((entry) => entry.message);
    expect(roleEntries).toEqual([
      expect.stringMatching(/made commander member Incident commander$/),
      expect.stringMatching(/made .* Scribe$/),
      expect.stringMatching(/made commander member Database expert$/),
      expect.stringMatching(/handed Incident commander from commander member to /),
    ]);

    await stack.http.delete(roleUrl('db_expert')).set(bearer(owner.token)).expect(204);
    await stack.http.delete(roleUrl('db_expert')).set(bearer(owner.token)).expect(404);
    const holders = (await stack.http.get(`/api/v1/incidents/${incident.id}/roles`).set(bearer(owner.token)).expect(200)).body
      .data as Holder[];
    expect(holders.map((holder) => holder.role_key).sort()).toEqual(['incident_commander', 'scribe']);

    const audit = (await stack.http.get('/api/v1/audit?limit=100').set(bearer(owner.token)).expect(200)).body.data as Array<{
      action: string;
    }>;
    expect(audit.map((event) => event.action)).toEqual(
      expect.arrayContaining(['assignIncidentRole', 'unassignIncidentRole', 'createIncidentRole']),
    );

    // A resolved incident keeps its roles as they were.
    await stack.http.patch(`/api/v1/incidents/${incident.id}`).set(bearer(owner.token)).send({ status: 'resolved' }).expect(200);
    await stack.http.put(roleUrl('scribe')).set(bearer(owner.token)).send({ user_id: helper.user.id }).expect(409);
    await stack.http.delete(roleUrl('scribe')).set(bearer(owner.token)).expect(409);
    expect(await mailsTo(stack, helper.email, PAGE_SUBJECT)).toHaveLength(1);
  });
});
