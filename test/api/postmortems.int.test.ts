import { waitFor } from '../../dev/wait-for.ts';
import { formatDuration, formatTime } from '../../shared/domain/postmortem/format.ts';
import { escalationOf } from '../helpers/escalation.ts';
import { bearer } from '../helpers/members.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';
import { createIntegration, openAlertIncident } from '../helpers/webhooks.ts';

interface ActionItem {
  id: string;
  title: string;
  owner_id: string | null;
  owner_name: string | null;
  due_date: string | null;
  done: boolean;
  done_at: string | null;
}

interface Postmortem {
  id: string;
  incident_id: string;
  title: string;
  status: string;
  content: string;
  published_at: string | null;
  action_items: ActionItem[];
}

/** The time as the draft writes it, from an API or database timestamp. */
const written = (value: string | Date) => formatTime(new Date(value));

/**
 * Postmortems over HTTP on the real stack: the draft written from an incident's records (pages
 * sent by the worker, an acknowledgement, a runbook run on Temporal, status updates), edits and
 * publication on the timeline and in the audit log, action items, the export, and organizations kept apart.
 */
describe('postmortems (integration: real PostgreSQL and Temporal, worker)', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ worker: true });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const url = (incidentId: string, rest = '') => `/api/v1/incidents/${incidentId}/postmortem${rest}`;
  const nameOf = async (userId: string) => (await stack.sql<{ name: string }>('select name from users where id = ?', [userId]))[0]!.name;

  it('drafts the postmortem of an incident with pages, an acknowledgement, a runbook run and three status updates, each with its time', async () => {
    const owner = await registerOwner(stack.http, 'pm-draft');
    const auth = bearer(owner.token);
    const ownerName = await nameOf(owner.user.id);
    const policy = (
      await stack.http
        .post('/api/v1/escalation-policies')
        .set(auth)
        .send({ name: 'Primary', levels: [{ targets: [{ type: 'user', id: owner.user.id }], delay_minutes: 60 }] })
        .expect(201)
    ).body.data as { id: string };
    const integration = await createIntegration(stack.http, owner.token, 'metrics_alerts');
    await stack.http
      .post('/api/v1/routing-rules')
      .set(auth)
      .send({ name: 'Web tier', matchers: `integration="${integration.id}"`, escalation_policy_id: policy.id, priority: 'P2' })
      .expect(201);
    const incident = await openAlertIncident(stack.http, owner.token, integration, 'pm-web');

    // The worker pages the owner by email (no rules: the account's address at once).
    const page = await waitFor(
      'the page sent',
      async () => {
        const [row] = await stack.sql<{ sent_at: Date | null; method: string; status: string }>(
          `select sent_at, method, status from pages where incident_id = ? and status = 'sent'`,
          [incident.id],
        );
        return row?.sent_at ? row : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 100 },
    );
    expect((await escalationOf(stack.http, owner.token, incident.id)).pages).toHaveLength(1);

    // The owner acknowledges.
    const acknowledged = (
      await stack.http.patch(`/api/v1/incidents/${incident.id}`).set(auth).send({ status: 'investigating' }).expect(200)
    ).body.data as { acknowledged_at: string; created_at: string };

    // A runbook run on the incident, to its end on Temporal.
    const procedure = (
      await stack.http
        .post('/api/v1/procedures')
        .set(auth)
        .send({ name: 'Drain the bad node', steps: [{ name: 'Let it drain', type: 'wait', config: { seconds: 1 } }] })
        .expect(201)
    ).body.data as { id: string };
    const started = (
      await stack.http.post(`/api/v1/procedures/${procedure.id}/execute`).set(auth).send({ incident_id: incident.id }).expect(201)
    ).body.data as { id: string };
    const run = await waitFor(
      'the runbook run completed',
      async () => {
        const execution = (await stack.http.get(`/api/v1/executions/${started.id}`).set(auth).expect(200)).body.data as {
          status: string;
          started_at: string;
          completed_at: string | null;
        };
        return execution.status === 'completed' ? execution : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 200 },
    );

    // Three status updates, one of them internal.
    const updates: Array<{ kind: string; body: string; visibility: string; created_at: string }> = [];
    for (const update of [
      { kind: 'investigating', body: 'Checkout errors for some customers', visibility: 'public', title: 'Checkout errors' },
      { kind: 'identified', body: 'Node web-3 ran out of disk', visibility: 'internal' },
      { kind: 'monitoring', body: 'Node drained, watching error rates', visibility: 'public', title: 'Checkout errors' },
    ]) {
      updates.push((await stack.http.post(`/api/v1/incidents/${incident.id}/status-updates`).set(auth).send(update).expect(201)).body.data);
    }
    const resolved = (await stack.http.patch(`/api/v1/incidents/${incident.id}`).set(auth).send({ status: 'resolved' }).expect(200)).body
      .data as { resolved_at: string };

    const draft = (await stack.http.post(url(incident.id)).set(auth).send({}).expect(201)).body.data as Postmortem;
    expect(draft).toEqual(
      expect.objectContaining({ incident_id: incident.id, status: 'draft', title: `Postmortem: ${incident.title}`, action_items: [] }),
    );
    const lines = draft.content.split('\n');

    // Summary and key times, with time to acknowledge and to resolve.
    expect(lines).toEqual(expect.arrayContaining(['| Severity | critical |', '| Priority | P2 |', '| Routing rule | Web tier |']));
    expect(lines).toContain(`- **Opened:** ${written(acknowledged.created_at)}`);
    expect(lines).toContain(`- **Acknowledged:** ${written(acknowledged.acknowledged_at)} by ${ownerName}`);
    expect(lines).toContain(`- **Resolved:** ${written(resolved.resolved_at)}`);
    const ms = (from: string, to: string) => new Date(to).getTime() - new Date(from).getTime();
    expect(lines).toContain(`- **Time to acknowledge:** ${formatDuration(ms(acknowledged.created_at, acknowledged.acknowledged_at))}`);
    expect(lines).toContain(`- **Time to resolve:** ${formatDuration(ms(acknowledged.created_at, resolved.resolved_at))}`);

    // Who was paged, on which channel, when; who acknowledged.
    expect(lines).toContain(`| ${written(page.sent_at!)} | ${ownerName} | email | 1 (round 1) | sent |`);
    expect(lines).toContain(`Acknowledged by ${ownerName} at ${written(acknowledged.acknowledged_at)}.`);

    // The runbook run: started, finished, outcome, by whom.
    expect(lines).toContain(
      `| Drain the bad node | ${written(run.started_at)} | ${written(run.completed_at!)} | completed | ${ownerName} |`,
    );

    // The three updates in order, each with its time, the internal one marked.
    const updateLines = lines.filter((line) => /^- .* \*\*(Investigating|Identified|Monitoring)\*\*/.test(line));
    expect(updateLines).toEqual([
      `- ${written(updates[0]!.created_at)} **Investigating** (public) "Checkout errors" by ${ownerName}: Checkout errors for some customers`,
      `- ${written(updates[1]!.created_at)} **Identified** (internal) by ${ownerName}: Node web-3 ran out of disk`,
      `- ${written(updates[2]!.created_at)} **Monitoring** (public) "Checkout errors" by ${ownerName}: Node drained, watching error rates`,
    ]);

    // The alert that opened it.
    expect(draft.content).toMatch(/## Alerts\n\n\| Received \| Alert \|/);
    expect(draft.content).toContain(incident.title);
  });
  it('reads, edits, publishes and deletes a postmortem; 409 twice, 404 for another organization, 422 naming the field', async () => {
    const owner = await registerOwner(stack.http, 'pm-crud');
    const other = await registerOwner(stack.http, 'pm-crud-other');
    const auth = bearer(owner.token);
    const theirs = bearer(other.token);
    const incident = (await stack.http.post('/api/v1/incidents').set(auth).send({ title: 'Payments | slow', severity: 'high' }).expect(201))
      .body.data as { id: string };

    await stack.http.get(url(incident.id)).set(auth).expect(404);
    const created = (await stack.http.post(url(incident.id)).set(auth).send({ title: 'Why payments were slow' }).expect(201)).body
      .data as Postmortem;
    expect(created).toEqual(expect.objectContaining({ title: 'Why payments were slow', status: 'draft', published_at: null }));
    expect(created.content).toContain('| Incident | Payments \\| slow |');
    expect(created.content).toContain('Nobody was paged.');
    const twice = await stack.http.post(url(incident.id)).set(auth).send({}).expect(409);
    expect(twice.body.code).toBe('CONFLICT');

    // Bad input answers 422 naming the field, and changes nothing.
    const badStatus = await stack.http.patch(url(incident.id)).set(auth).send({ status: 'final' }).expect(422);
    expect(badStatus.body.code).toBe('VALIDATION_ERROR');
    expect(JSON.stringify(badStatus.body.errors)).toContain('status');
    const badTitle = await stack.http.patch(url(incident.id)).set(auth).send({ title: '   ' }).expect(422);
    expect(JSON.stringify(badTitle.body.errors)).toContain('title');
    await stack.http.patch(url(incident.id)).set(auth).send({}).expect(422);
    await stack.http.post(url(incident.id)).set(auth).send({ colour: 'red' }).expect(422);
    expect(((await stack.http.get(url(incident.id)).set(auth).expect(200)).body.data as Postmortem).status).toBe('draft');

    // Edits, review, publication.
    const edited = (
      await stack.http
        .patch(url(incident.id))
        .set(auth)
        .send({ content: '## Root cause\n\nA missing index.\n', status: 'in_review' })
        .expect(200)
    ).body.data as Postmortem;
    expect(edited).toEqual(
      expect.objectContaining({ content: '## Root cause\n\nA missing index.\n', status: 'in_review', published_at: null }),
    );
    const published = (await stack.http.patch(url(incident.id)).set(auth).send({ status: 'published' }).expect(200)).body
      .data as Postmortem;
    expect(published.status).toBe('published');
    expect(published.published_at).not.toBeNull();

    // Action items: an owner of the organization, a due date, done.
    const item = (
      await stack.http
        .post(url(incident.id, '/action-items'))
        .set(auth)
        .send({ title: 'Add the index', owner_id: owner.user.id, due_date: '2026-12-15' })
        .expect(201)
    ).body.data as ActionItem;
    expect(item).toEqual(
      expect.objectContaining({ title: 'Add the index', owner_id: owner.user.id, due_date: '2026-12-15', done: false, done_at: null }),
    );
    const foreignOwner = await stack.http
      .post(url(incident.id, '/action-items'))
      .set(auth)
      .send({ title: 'Theirs', owner_id: other.user.id })
      .expect(422);
    expect(foreignOwner.body.errors).toEqual([expect.objectContaining({ path: 'body.owner_id' })]);
    const badDate = await stack.http
      .post(url(incident.id, '/action-items'))
      .set(auth)
      .send({ title: 'x', due_date: '15/12/2026' })
      .expect(422);
    expect(JSON.stringify(badDate.body.errors)).toContain('due_date');
    await stack.http
      .patch(url(incident.id, `/action-items/${item.id}`))
      .set(auth)
      .send({ owner_id: other.user.id })
      .expect(422);
    const done = (
      await stack.http
        .patch(url(incident.id, `/action-items/${item.id}`))
        .set(auth)
        .send({ done: true })
        .expect(200)
    ).body.data as ActionItem;
    expect(done).toEqual(expect.objectContaining({ done: true, owner_id: owner.user.id, due_date: '2026-12-15' }));
    expect(done.done_at).not.toBeNull();
    const second = (await stack.http.post(url(incident.id, '/action-items')).set(auth).send({ title: 'Alert on slow queries' }).expect(201))
      .body.data as ActionItem;
    expect((await stack.http.get(url(incident.id, '/action-items')).set(auth).expect(200)).body.data).toHaveLength(2);
    expect(
      ((await stack.http.get(url(incident.id)).set(auth).expect(200)).body.data as Postmortem).action_items.map((row) => row.id),
    ).toEqual([item.id, second.id]);

    // The Markdown export: the team's text and the action items as a task list.
    const exported = await stack.http.get(`/api/v1/incidents/${incident.id}/postmortem.md`).set(auth).expect(200);
    expect(exported.headers['content-type']).toMatch(/^text\/markdown/);
    expect(exported.text.split('\n')).toEqual(
      expect.arrayContaining([
        '# Why payments were slow',
        `_Status: Published ${written(published.published_at!)}_`,
        'A missing index.',
        `- [x] Add the index (owner: ${await nameOf(owner.user.id)}, due 2026-12-15)`,
        '- [ ] Alert on slow queries (no owner, no due date)',
      ]),
    );

    // Similar incidents with search off: an empty list, not an error.
    const similar = (await stack.http.get(url(incident.id, '/similar')).set(auth).expect(200)).body;
    expect(similar).toEqual({ data: [], meta: { search: 'unavailable' } });

    // Another organization sees and changes none of it.
    await stack.http.get(url(incident.id)).set(theirs).expect(404);
    await stack.http.post(url(incident.id)).set(theirs).send({}).expect(404);
    await stack.http.patch(url(incident.id)).set(theirs).send({ status: 'draft' }).expect(404);
    await stack.http.get(`/api/v1/incidents/${incident.id}/postmortem.md`).set(theirs).expect(404);
    await stack.http.get(url(incident.id, '/similar')).set(theirs).expect(404);
    await stack.http.get(url(incident.id, '/action-items')).set(theirs).expect(404);
    await stack.http.post(url(incident.id, '/action-items')).set(theirs).send({ title: 'x' }).expect(404);
    await stack.http
      .patch(url(incident.id, `/action-items/${item.id}`))
      .set(theirs)
      .send({ done: false })
      .expect(404);
    await stack.http
      .delete(url(incident.id, `/action-items/${item.id}`))
      .set(theirs)
      .expect(404);
    await stack.http.delete(url(incident.id)).set(theirs).expect(404);

    // Creation and each status change are on the timeline; creation and publication in the audit log.
    const detail = (await stack.http.get(`/api/v1/incidents/${incident.id}`).set(auth).expect(200)).body.data as {
      timeline: Array<{ type: string; message: string; actor_id: string | null }>;
    };
    expect(detail.timeline.filter((entry) => entry.type === 'postmortem').map((entry) => [entry.message, entry.actor_id])).toEqual([
      ['Postmortem drafted', owner.user.id],
      ['Postmortem moved to in review', owner.user.id],
      ['Postmortem published', owner.user.id],
    ]);
    const audited = async (action: string) =>
      (await stack.http.get(`/api/v1/audit?action=${action}`).set(auth).expect(200)).body.data as Array<{
        event_type: string;
        target_id: string;
      }>;
    expect(await audited('createPostmortem')).toEqual([expect.objectContaining({ target_id: incident.id })]);
    expect(await audited('publishPostmortem')).toEqual([
      expect.objectContaining({ event_type: 'incidents.postmortem_published', target_id: incident.id }),
    ]);
    // Publishing again is no new publication.
    await stack.http.patch(url(incident.id)).set(auth).send({ status: 'in_review' }).expect(200);
    await stack.http.patch(url(incident.id)).set(auth).send({ status: 'published' }).expect(200);
    expect(await audited('publishPostmortem')).toHaveLength(1);

    // Deleting an item, then the postmortem (its items with it).
    await stack.http
      .delete(url(incident.id, `/action-items/${second.id}`))
      .set(auth)
      .expect(204);
    await stack.http
      .get(url(incident.id, `/action-items/${second.id}`))
      .set(auth)
      .expect(404);
    await stack.http.delete(url(incident.id)).set(auth).expect(204);
    await stack.http.get(url(incident.id)).set(auth).expect(404);
    await stack.http.get(url(incident.id, '/action-items')).set(auth).expect(404);
    expect(await stack.sql('select id from postmortem_action_items where id = ?', [item.id])).toEqual([]);
    await stack.http.delete(url(incident.id)).set(auth).expect(404);
    // A new draft may follow.
    await stack.http.post(url(incident.id)).set(auth).send({}).expect(201);
  });
});
