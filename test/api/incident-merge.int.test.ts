import { addMember, bearer } from '../helpers/members.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';

interface Incident {
  id: string;
  title: string;
  status: string;
  merged_into: string | null;
  alert_count: number;
}
interface Detail extends Incident {
  timeline: Array<{ type: string; message: string; data: Record<string, unknown> }>;
  responders: Array<{ user_id: string; status: string }>;
}
interface Merge {
  id: string;
  source_incident_id: string;
  target_incident_id: string;
  source_status: string;
  unmerged_at: string | null;
  unmerge_until: string | null;
}
interface Link {
  id: string;
  kind: string;
  direction: string;
  incident: { id: string; title: string };
}

/**
 * Incident merge and links over HTTP against real PostgreSQL and Temporal: merging folds the
 * sources in (timeline, responders, merged_into), unmerging gives them back within the window, links
 * show on both incidents; other organizations' incidents are not found, bad input names its field.
 */
describe('incident merge and links (integration: real PostgreSQL and Temporal)', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const create = async (token: string, body: Record<string, unknown>) =>
    (
      await stack.http
        .post('/api/v1/incidents')
        .set(bearer(token))
        .send({ severity: 'high', ...body })
        .expect(201)
    ).body.data as Incident;
  const detail = async (token: string, id: string) =>
    (await stack.http.get(`/api/v1/incidents/${id}`).set(bearer(token)).expect(200)).body.data as Detail;

  it('merges sources into a target and unmerges one within the window; timeline, responders, merged_into and audit follow', async () => {
    const owner = await registerOwner(stack.http, 'merge-http');
    const helper = await addMember(stack, owner.token, 'engineer', 'helper');
    const target = await create(owner.token, { title: 'Checkout is down' });
    const first = await create(owner.token, { title: 'Payments time out', status: 'investigating', assignee_id: helper.user.id });
    const second = await create(owner.token, { title: 'Cart errors' });
    await stack.http.patch(`/api/v1/incidents/${first.id}`).set(bearer(owner.token)).send({ description: 'Seen from EU only' }).expect(200);

    const merged = (
      await stack.http
        .post(`/api/v1/incidents/${target.id}/merge`)
        .set(bearer(owner.token))
        .send({ source_incident_ids: [first.id, second.id] })
        .expect(200)
    ).body.data as { target_incident_id: string; merges: Merge[] };
    expect(merged.merges.map((merge) => [merge.source_incident_id, merge.source_status])).toEqual([
      [first.id, 'investigating'],
      [second.id, 'active'],
    ]);
    expect(Date.parse(merged.merges[0]?.unmerge_until as string) - Date.now()).toBeGreaterThan(23 * 3_600_000);

    const source = await detail(owner.token, first.id);
    expect(source).toMatchObject({ status: 'resolved', merged_into: target.id });
    expect(source.timeline.at(-1)).toMatchObject({ type: 'merged', message: 'Merged into "Checkout is down"' });
    const folded = await detail(owner.token, target.id);
    expect(folded).toMatchObject({ status: 'active', merged_into: null });
    // The sources' history is on the target, each entry marked with where it came from.
    const copied = folded.timeline.filter((entry) => entry.data.merged_from_incident_id === first.id);
    expect(copied.map((entry) => entry.type)).toEqual(['created', 'description_changed']);
    expect(copied[0]?.message).toBe('[merged from "Payments time out"] Incident created');
    expect(folded.timeline.filter((entry) => entry.type === 'merged').map((entry) => entry.data.source_incident_id)).toEqual([
      first.id,
      second.id,
    ]);
    // The source's assignee now responds on the target.
    expect(folded.responders).toEqual([expect.objectContaining({ user_id: helper.user.id, status: 'accepted' })]);
    // The list shows merged_into too.
    const listed = (await stack.http.get('/api/v1/incidents?limit=100').set(bearer(owner.token)).expect(200)).body.data as Incident[];
    expect(listed.find((incident) => incident.id === second.id)?.merged_into).toBe(target.id);
    const merges = (await stack.http.get(`/api/v1/incidents/${target.id}/merges`).set(bearer(owner.token)).expect(200)).body
      .data as Merge[];
    expect(merges.map((merge) => merge.source_incident_id).sort()).toEqual([first.id, second.id].sort());
    const fromSource = (await stack.http.get(`/api/v1/incidents/${first.id}/merges`).set(bearer(owner.token)).expect(200)).body
      .data as Merge[];
    expect(fromSource).toEqual([expect.objectContaining({ target_incident_id: target.id })]);

    // Merged once, never again; and nothing merges into a merged incident.
    const again = await stack.http
      .post(`/api/v1/incidents/${target.id}/merge`)
      .set(bearer(owner.token))
      .send({ source_incident_ids: [first.id] })
      .expect(409);
    expect(again.body.code).toBe('CONFLICT');
    expect(again.body.detail).toContain('already merged');
    const fresh = await create(owner.token, { title: 'Fresh' });
    await stack.http
      .post(`/api/v1/incidents/${first.id}/merge`)
      .set(bearer(owner.token))
      .send({ source_incident_ids: [fresh.id] })
      .expect(409);

    const undone = (
      await stack.http
        .post(`/api/v1/incidents/${target.id}/unmerge`)
        .set(bearer(owner.token))
        .send({ source_incident_id: first.id })
        .expect(200)
    ).body.data as Merge;
    expect(undone.unmerged_at).not.toBeNull();
    const back = await detail(owner.token, first.id);
    expect(back).toMatchObject({ status: 'investigating', merged_into: null });
    expect(back.timeline.at(-1)).toMatchObject({ type: 'unmerged', message: 'Unmerged from "Checkout is down": back to investigating' });
    const after = await detail(owner.token, target.id);
    expect(after.timeline.some((entry) => entry.data.merged_from_incident_id === first.id)).toBe(false);
    expect(after.timeline.some((entry) => entry.data.merged_from_incident_id === second.id)).toBe(true);
    expect(after.timeline.at(-1)).toMatchObject({ type: 'unmerged', data: expect.objectContaining({ source_incident_id: first.id }) });
    // Undone once: there is no merge of it left to undo.
    await stack.http
      .post(`/api/v1/incidents/${target.id}/unmerge`)
      .set(bearer(owner.token))
      .send({ source_incident_id: first.id })
      .expect(404);

    const audit = (await stack.http.get('/api/v1/audit?limit=100').set(bearer(owner.token)).expect(200)).body.data as Array<{
      action: string;
      target_id: string | null;
    }>;
    expect(audit.map((event) => event.action)).toEqual(expect.arrayContaining(['mergeIncidents', 'unmergeIncident']));
  });

  it('refuses an unmerge past the 24 h window, naming why', async () => {
    const owner = await registerOwner(stack.http, 'merge-window');
    const target = await create(owner.token, { title: 'Target' });
    const source = await create(owner.token, { title: 'Source' });
    await stack.http
      .post(`/api/v1/incidents/${target.id}/merge`)
      .set(bearer(owner.token))
      .send({ source_incident_ids: [source.id] })
      .expect(200);
    // As if the merge had happened a day and an hour ago.
    await stack.sql(`update incident_merges set merged_at = now() - interval '25 hours' where source_incident_id = ?`, [source.id]);
    const refused = await stack.http
      .post(`/api/v1/incidents/${target.id}/unmerge`)
      .set(bearer(owner.token))
      .send({ source_incident_id: source.id })
      .expect(409);
    expect(refused.body.code).toBe('CONFLICT');
    expect(refused.body.detail).toMatch(/unmerge window has passed/);
    expect((await detail(owner.token, source.id)).merged_into).toBe(target.id);
  });

  it('refuses merges into a resolved target or into itself, and incidents of another organization (404); bad input names its field (422)', async () => {
    const owner = await registerOwner(stack.http, 'merge-refusals');
    const other = await registerOwner(stack.http, 'merge-refusals-other');
    const target = await create(owner.token, { title: 'Target' });
    const source = await create(owner.token, { title: 'Source' });
    const theirs = await create(other.token, { title: 'Theirs' });
    const merge = (id: string, token: string, body: unknown) =>
      stack.http
        .post(`/api/v1/incidents/${id}/merge`)
        .set(bearer(token))
        .send(body as object);

    await merge(target.id, owner.token, { source_incident_ids: [theirs.id] }).expect(404);
    await merge(theirs.id, owner.token, { source_incident_ids: [source.id] }).expect(404);
    await merge(target.id, other.token, { source_incident_ids: [theirs.id] }).expect(404);
    expect((await merge(target.id, owner.token, { source_incident_ids: [target.id] }).expect(409)).body.detail).toContain('itself');

    const empty = await merge(target.id, owner.token, { source_incident_ids: [] }).expect(422);
    expect(empty.body.code).toBe('VALIDATION_ERROR');
    expect(JSON.stringify(empty.body)).toContain('source_incident_ids');
    const tooMany = await merge(target.id, owner.token, {
      source_incident_ids: Array.from({ length: 21 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`),
    }).expect(422);
    expect(JSON.stringify(tooMany.body)).toContain('source_incident_ids');
    expect(JSON.stringify((await merge(target.id, owner.token, { source_incident_ids: ['nope'] }).expect(422)).body)).toContain(
      'source_incident_ids',
    );
    const unmergeBad = await stack.http.post(`/api/v1/incidents/${target.id}/unmerge`).set(bearer(owner.token)).send({}).expect(422);
    expect(JSON.stringify(unmergeBad.body)).toContain('source_incident_id');

    await stack.http.patch(`/api/v1/incidents/${target.id}`).set(bearer(owner.token)).send({ status: 'resolved' }).expect(200);
    const resolved = await merge(target.id, owner.token, { source_incident_ids: [source.id] }).expect(409);
    expect(resolved.body.detail).toContain('resolved');
    // Nothing changed on the refused source.
    expect((await detail(owner.token, source.id)).status).toBe('active');
    // Another organization's incident has no merges or links to show.
    await stack.http.get(`/api/v1/incidents/${theirs.id}/merges`).set(bearer(owner.token)).expect(404);
    await stack.http.get(`/api/v1/incidents/${theirs.id}/links`).set(bearer(owner.token)).expect(404);
  });

  it('links two incidents once, shown on both sides and their timelines; no self-links, duplicates or other organizations', async () => {
    const owner = await registerOwner(stack.http, 'links');
    const other = await registerOwner(stack.http, 'links-other');
    const database = await create(owner.token, { title: 'Database failover' });
    const api = await create(owner.token, { title: 'API errors' });
    const theirs = await create(other.token, { title: 'Theirs' });
    const links = (id: string, token = owner.token) => stack.http.get(`/api/v1/incidents/${id}/links`).set(bearer(token));

    const created = (
      await stack.http
        .post(`/api/v1/incidents/${api.id}/links`)
        .set(bearer(owner.token))
        .send({ incident_id: database.id, kind: 'caused_by' })
        .expect(201)
    ).body.data as Link;
    expect(created).toMatchObject({ kind: 'caused_by', direction: 'outgoing', incident: { id: database.id, title: 'Database failover' } });
    expect(((await links(database.id).expect(200)).body.data as Link[]).map((link) => [link.id, link.direction, link.incident.id])).toEqual(
      [[created.id, 'incoming', api.id]],
    );
    expect((await detail(owner.token, database.id)).timeline.at(-1)).toMatchObject({
      type: 'link',
      message: 'Linked: causes "API errors"',
    });
    expect((await detail(owner.token, api.id)).timeline.at(-1)).toMatchObject({
      type: 'link',
      message: 'Linked: caused by "Database failover"',
    });

    // One link per pair, whichever side asks.
    const duplicate = await stack.http
      .post(`/api/v1/incidents/${database.id}/links`)
      .set(bearer(owner.token))
      .send({ incident_id: api.id, kind: 'related' })
      .expect(409);
    expect(duplicate.body.code).toBe('CONFLICT');
    const self = await stack.http
      .post(`/api/v1/incidents/${api.id}/links`)
      .set(bearer(owner.token))
      .send({ incident_id: api.id })
      .expect(422);
    expect(JSON.stringify(self.body)).toContain('incident_id');
    const badKind = await stack.http
      .post(`/api/v1/incidents/${api.id}/links`)
      .set(bearer(owner.token))
      .send({ incident_id: database.id, kind: 'blocks' })
      .expect(422);
    expect(JSON.stringify(badKind.body)).toContain('kind');
    await stack.http.post(`/api/v1/incidents/${api.id}/links`).set(bearer(owner.token)).send({ incident_id: theirs.id }).expect(404);
    await stack.http.post(`/api/v1/incidents/${theirs.id}/links`).set(bearer(other.token)).send({ incident_id: api.id }).expect(404);
    await stack.http.delete(`/api/v1/incidents/${theirs.id}/links/${created.id}`).set(bearer(other.token)).expect(404);
    await links(api.id, other.token).expect(404);

    // Removed from the other side: gone from both.
    await stack.http.delete(`/api/v1/incidents/${database.id}/links/${created.id}`).set(bearer(owner.token)).expect(204);
    expect((await links(api.id).expect(200)).body.data).toEqual([]);
    expect((await links(database.id).expect(200)).body.data).toEqual([]);
    await stack.http.delete(`/api/v1/incidents/${database.id}/links/${created.id}`).set(bearer(owner.token)).expect(404);
    expect((await detail(owner.token, api.id)).timeline.at(-1)).toMatchObject({
      type: 'link',
      message: 'Link to "Database failover" removed',
    });
    // A new link of another kind may replace it.
    await stack.http
      .post(`/api/v1/incidents/${database.id}/links`)
      .set(bearer(owner.token))
      .send({ incident_id: api.id, kind: 'related' })
      .expect(201);
  });
});
