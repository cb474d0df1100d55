import { randomUUID } from 'node:crypto';
import type supertest from 'supertest';
import { addMember, bearer, INVITATION_SUBJECT, invitationTokenIn } from '../helpers/members.ts';
import { mailsTo, waitForMail } from '../helpers/outbox.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';

describe('users and invitations over HTTP (integration: real PostgreSQL)', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const sql = async <T>(query: string, params: unknown[] = []) => stack.orm.em.fork().execute<T[]>(query, params);

  describe('invitations', () => {
    it("runs end to end through the emailed token, and the invited role's permissions apply", async () => {
      const owner = await registerOwner(stack.http, 'invite');
      const email = `new-${randomUUID().slice(0, 8)}@example.test`;
      const created = await stack.http
        .post('/api/v1/invitations')
        .set(bearer(owner.token))
        .send({ email: email.toUpperCase(), role: 'viewer' })
        .expect(201);
      expect(created.body.data).toMatchObject({ email, role: 'viewer', invited_by: owner.user.id });
      const expiresIn = Date.parse(created.body.data.expires_at) - Date.now();
      expect(expiresIn).toBeGreaterThan(7 * 24 * 3600 * 1000 - 60_000);
      expect(expiresIn).toBeLessThanOrEqual(7 * 24 * 3600 * 1000);

      const pending = await stack.http.get('/api/v1/invitations').set(bearer(owner.token)).expect(200);
      expect(pending.body.data.map((invitation: { id: string }) => invitation.id)).toEqual([created.body.data.id]);
      expect(pending.body.meta).toEqual({ total: 1, limit: 25, offset: 0 });

      const mail = await waitForMail(stack, email, INVITATION_SUBJECT);
      const token = invitationTokenIn(mail);
      // Only a hash is stored.
      const [row] = await sql<{ token_hash: string }>('select token_hash from invitations where id = ?', [created.body.data.id]);
      expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(await sql('select * from invitations'))).not.toContain(token);

      const accepted = await stack.http
        .post('/api/v1/invitations/accept')
        .send({ token, name: 'New Viewer', password: 'viewer password' })
        .expect(201);
      expect(accepted.body.data.user).toMatchObject({
        email,
        role: 'viewer',
        organization_id: owner.organization.id,
        email_verified: true,
      });
      expect(accepted.body.data.organization.id).toBe(owner.organization.id);

      // Single use.
      const again = await stack.http
        .post('/api/v1/invitations/accept')
        .send({ token, name: 'Again', password: 'viewer password' })
        .expect(401);
      expect(again.body.code).toBe('INVALID_TOKEN');
      await stack.http
        .get('/api/v1/invitations')
        .set(bearer(owner.token))
        .expect(200)
        .expect((response) => expect(response.body.data).toEqual([]));

      const login = await stack.http.post('/api/v1/auth/login').send({ email, password: 'viewer password' }).expect(200);
      const viewer = login.body.access_token as string;
      const me = await stack.http.get('/api/v1/auth/me').set(bearer(viewer)).expect(200);
      expect(me.body.data).toMatchObject({ role: 'viewer', organization_id: owner.organization.id });
      await stack.http.get('/api/v1/users').set(bearer(viewer)).expect(200);
      const denied = await stack.http
        .post('/api/v1/invitations')
        .set(bearer(viewer))
        .send({ email: 'x@example.test', role: 'viewer' })
        .expect(403);
      expect(denied.body.code).toBe('INSUFFICIENT_PERMISSIONS');
    });

    it('refuses bad, revoked, replaced and expired tokens with 401 INVALID_TOKEN', async () => {
      const owner = await registerOwner(stack.http, 'tokens');
      const invite = async (email: string, seen = 0) => {
        const response = await stack.http
          .post('/api/v1/invitations')
          .set(bearer(owner.token))
          .send({ email, role: 'engineer' })
          .expect(201);
        return { id: response.body.data.id as string, token: invitationTokenIn(await waitForMail(stack, email, INVITATION_SUBJECT, seen)) };
      };
      const accept = (token: string) =>
        stack.http.post('/api/v1/invitations/accept').send({ token, name: 'Someone', password: 'a long password' });

      expect((await accept('not-a-token').expect(401)).body.code).toBe('INVALID_TOKEN');

      const revokedEmail = `revoked-${randomUUID().slice(0, 8)}@example.test`;
      const revoked = await invite(revokedEmail);
      await stack.http.delete(`/api/v1/invitations/${revoked.id}`).set(bearer(owner.token)).expect(204);
      await accept(revoked.token).expect(401);

      // Inviting the same address again replaces the pending invitation: the first token dies.
      const resentEmail = `resent-${randomUUID().slice(0, 8)}@example.test`;
      const first = await invite(resentEmail);
      const second = await invite(resentEmail, 1);
      expect(second.token).not.toBe(first.token);
      await accept(first.token).expect(401);
      await accept(second.token).expect(201);

      const expiredEmail = `expired-${randomUUID().slice(0, 8)}@example.test`;
      const expired = await invite(expiredEmail);
      await sql(`update invitations set expires_at = now() - interval '1 second' where id = ?`, [expired.id]);
      await accept(expired.token).expect(401);
      const listed = await stack.http.get('/api/v1/invitations').set(bearer(owner.token)).expect(200);
      expect(listed.body.data.map((invitation: { id: string }) => invitation.id)).not.toContain(expired.id);
    });

    it('answers 409 when the email already has an account, at invitation and at acceptance', async () => {
      const owner = await registerOwner(stack.http, 'conflict');
      const other = await registerOwner(stack.http, 'elsewhere');
      const taken = await stack.http
        .post('/api/v1/invitations')
        .set(bearer(owner.token))
        .send({ email: other.email, role: 'viewer' })
        .expect(409);
      expect(taken.body.code).toBe('CONFLICT');
      expect(await mailsTo(stack, other.email, INVITATION_SUBJECT)).toEqual([]);

      const email = `late-${randomUUID().slice(0, 8)}@example.test`;
      await stack.http.post('/api/v1/invitations').set(bearer(owner.token)).send({ email, role: 'viewer' }).expect(201);
      const token = invitationTokenIn(await waitForMail(stack, email, INVITATION_SUBJECT));
      await stack.http
        .post('/api/v1/auth/register')
        .send({ email, password: 'own password', name: 'Own', organization_name: 'Own org' })
        .expect(201);
      const late = await stack.http
        .post('/api/v1/invitations/accept')
        .send({ token, name: 'Late', password: 'a long password' })
        .expect(409);
      expect(late.body.code).toBe('CONFLICT');
    });

    it('lets only an owner invite an owner, and validates the body', async () => {
      const owner = await registerOwner(stack.http, 'owner-invite');
      const admin = await addMember(stack, owner.token, 'admin');
      const refused = await stack.http
        .post('/api/v1/invitations')
        .set(bearer(admin.token))
        .send({ email: 'boss@example.test', role: 'owner' })
        .expect(403);
      expect(refused.body.code).toBe('INSUFFICIENT_PERMISSIONS');
      await addMember(stack, admin.token, 'engineer');
      const coOwner = await addMember(stack, owner.token, 'owner');
      expect(coOwner.user.role).toBe('owner');
      const invalid = await stack.http
        .post('/api/v1/invitations')
        .set(bearer(owner.token))
        .send({ email: 'nope', role: 'superuser' })
        .expect(422);
      expect(invalid.body.errors.map((error: { path: string }) => error.path).sort()).toEqual(['body.email', 'body.role']);
      await stack.http.post('/api/v1/invitations/accept').send({ token: 'x', name: 'n', password: 'short' }).expect(422);
    });
  });

  describe('roles', () => {
    it('gives a viewer 403 on every write and lets them rename only themselves', async () => {
      const owner = await registerOwner(stack.http, 'viewer-writes');
      const viewer = await addMember(stack, owner.token, 'viewer');
      const attempts: Array<[string, supertest.Test]> = [
        ['rename owner', stack.http.patch(`/api/v1/users/${owner.user.id}`).set(bearer(viewer.token)).send({ name: 'Hacked' })],
        ['promote self', stack.http.patch(`/api/v1/users/${viewer.user.id}`).set(bearer(viewer.token)).send({ role: 'admin' })],
        ['remove owner', stack.http.delete(`/api/v1/users/${owner.user.id}`).set(bearer(viewer.token))],
        ['invite', stack.http.post('/api/v1/invitations').set(bearer(viewer.token)).send({ email: 'friend@example.test', role: 'viewer' })],
        ['revoke invitation', stack.http.delete(`/api/v1/invitations/${viewer.invitationId}`).set(bearer(viewer.token))],
        ['rename organization', stack.http.patch('/api/v1/organizations').set(bearer(viewer.token)).send({ name: 'Mine now' })],
        ['change settings', stack.http.patch('/api/v1/organization-settings').set(bearer(viewer.token)).send({ retention_days: 1 })],
        ['read audit', stack.http.get('/api/v1/audit').set(bearer(viewer.token))],
        ['read stats', stack.http.get('/api/v1/admin/stats').set(bearer(viewer.token))],
      ];
      for (const [what, request] of attempts) {
        const response = await request;
        expect({ what, status: response.status, code: response.body.code }).toEqual({
          what,
          status: 403,
          code: 'INSUFFICIENT_PERMISSIONS',
        });
      }
      const renamed = await stack.http
        .patch(`/api/v1/users/${viewer.user.id}`)
        .set(bearer(viewer.token))
        .send({ name: 'Renamed Viewer' })
        .expect(200);
      expect(renamed.body.data).toMatchObject({ name: 'Renamed Viewer', role: 'viewer' });
      const ownerNow = await stack.http.get(`/api/v1/users/${owner.user.id}`).set(bearer(viewer.token)).expect(200);
      expect(ownerNow.body.data.name).not.toBe('Hacked');
    });

    it('lets an admin manage members but never touch an owner or grant ownership', async () => {
      const owner = await registerOwner(stack.http, 'admin-rules');
      const admin = await addMember(stack, owner.token, 'admin');
      const engineer = await addMember(stack, owner.token, 'engineer');

      const touches = [
        stack.http.patch(`/api/v1/users/${owner.user.id}`).set(bearer(admin.token)).send({ name: 'Renamed owner' }),
        stack.http.patch(`/api/v1/users/${owner.user.id}`).set(bearer(admin.token)).send({ role: 'viewer' }),
        stack.http.delete(`/api/v1/users/${owner.user.id}`).set(bearer(admin.token)),
        stack.http.patch(`/api/v1/users/${engineer.user.id}`).set(bearer(admin.token)).send({ role: 'owner' }),
        stack.http.patch(`/api/v1/users/${admin.user.id}`).set(bearer(admin.token)).send({ role: 'owner' }),
      ];
      for (const response of await Promise.all(touches))
        expect([response.status, response.body.code]).toEqual([403, 'INSUFFICIENT_PERMISSIONS']);
      const [ownerRow] = await sql<{ name: string; role: string }>('select name, role from users where id = ?', [owner.user.id]);
      expect(ownerRow.role).toBe('owner');
      expect(ownerRow.name).toMatch(/^Owner \d+$/);

      // A role change applies to the very next request of the user.
      await stack.http
        .post('/api/v1/invitations')
        .set(bearer(engineer.token))
        .send({ email: 'e@example.test', role: 'viewer' })
        .expect(403);
      const promoted = await stack.http
        .patch(`/api/v1/users/${engineer.user.id}`)
        .set(bearer(admin.token))
        .send({ role: 'admin', name: 'Promoted' })
        .expect(200);
      expect(promoted.body.data).toMatchObject({ role: 'admin', name: 'Promoted' });
      await stack.http
        .post('/api/v1/invitations')
        .set(bearer(engineer.token))
        .send({ email: `e-${randomUUID().slice(0, 8)}@example.test`, role: 'viewer' })
        .expect(201);

      // Removal ends the removed user's access at once.
      await stack.http.delete(`/api/v1/users/${engineer.user.id}`).set(bearer(admin.token)).expect(204);
      await stack.http.get('/api/v1/auth/me').set(bearer(engineer.token)).expect(401);
      await stack.http.get(`/api/v1/users/${engineer.user.id}`).set(bearer(admin.token)).expect(404);
      await stack.http.delete(`/api/v1/users/${engineer.user.id}`).set(bearer(admin.token)).expect(404);
    });

    it('never demotes or removes the last owner', async () => {
      const owner = await registerOwner(stack.http, 'last-owner');
      const demote = await stack.http.patch(`/api/v1/users/${owner.user.id}`).set(bearer(owner.token)).send({ role: 'admin' }).expect(409);
      expect(demote.body.code).toBe('CONFLICT');
      await stack.http.delete(`/api/v1/users/${owner.user.id}`).set(bearer(owner.token)).expect(409);

      const second = await addMember(stack, owner.token, 'admin', 'second');
      const members = [owner, second];
      await stack.http.patch(`/api/v1/users/${second.user.id}`).set(bearer(owner.token)).send({ role: 'owner' }).expect(200);
      // Two owners: either may step down, but not both at once. Raced a few times, since a race
      // only shows when the two requests overlap.
      for (let round = 0; round < 5; round += 1) {
        const results = await Promise.all(
          members.map((member) => stack.http.patch(`/api/v1/users/${member.user.id}`).set(bearer(member.token)).send({ role: 'admin' })),
        );
        expect(results.map((response) => response.status).sort()).toEqual([200, 409]);
        const [{ owners }] = await sql<{ owners: string }>(
          `select count(*) as owners from users where organization_id = ? and role = 'owner'`,
          [owner.organization.id],
        );
        expect(Number(owners)).toBe(1);
        const remaining = members[results.findIndex((response) => response.status === 409)];
        const demoted = members[results.findIndex((response) => response.status === 200)];
        await stack.http.patch(`/api/v1/users/${demoted.user.id}`).set(bearer(remaining.token)).send({ role: 'owner' }).expect(200);
      }
    });

    it('lists users with role and search filters and validates pagination', async () => {
      const owner = await registerOwner(stack.http, 'listing');
      const engineer = await addMember(stack, owner.token, 'engineer', 'findme');
      await addMember(stack, owner.token, 'viewer');
      const all = await stack.http.get('/api/v1/users').set(bearer(owner.token)).expect(200);
      expect(all.body.meta).toEqual({ total: 3, limit: 25, offset: 0 });
      expect(all.body.data[0].id).toBe(owner.user.id);
      const engineers = await stack.http.get('/api/v1/users?role=engineer').set(bearer(owner.token)).expect(200);
      expect(engineers.body.data.map((user: { id: string }) => user.id)).toEqual([engineer.user.id]);
      const found = await stack.http.get('/api/v1/users').query({ search: 'FINDME' }).set(bearer(owner.token)).expect(200);
      expect(found.body.data.map((user: { id: string }) => user.id)).toEqual([engineer.user.id]);
      const wildcard = await stack.http.get('/api/v1/users').query({ search: '%' }).set(bearer(owner.token)).expect(200);
      expect(wildcard.body.data).toEqual([]);
      const paged = await stack.http.get('/api/v1/users?limit=1&offset=1').set(bearer(owner.token)).expect(200);
      expect(paged.body).toMatchObject({ meta: { total: 3, limit: 1, offset: 1 } });
      expect(paged.body.data).toHaveLength(1);
      const bad = await stack.http.get('/api/v1/users?limit=-1&role=root').set(bearer(owner.token)).expect(422);
      expect(bad.body.errors.map((error: { path: string }) => error.path).sort()).toEqual(['query.limit', 'query.role']);
      await stack.http.patch(`/api/v1/users/${engineer.user.id}`).set(bearer(owner.token)).send({}).expect(422);
      await stack.http.patch(`/api/v1/users/${engineer.user.id}`).set(bearer(owner.token)).send({ email: 'new@example.test' }).expect(422);
    });
  });
});
