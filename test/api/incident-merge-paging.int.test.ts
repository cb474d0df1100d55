import { randomUUID } from 'node:crypto';
import { waitFor } from '../../dev/wait-for.ts';
import { escalationEnded, escalationOf, PAGE_SUBJECT } from '../helpers/escalation.ts';
import { addMember, bearer } from '../helpers/members.ts';
import { mailsTo } from '../helpers/outbox.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';
import { alertmanagerBody, createIntegration, postSigned } from '../helpers/webhooks.ts';

// 3 s between levels: the delays run in real time on the real stack.
const SHORT = 0.05;

interface Incident {
  id: string;
  title: string;
  status: string;
  alert_count: number;
  merged_into: string | null;
}

/**
 * Merge on the real stack: webhook → ingestion → two paging incidents; merging one into the other
 * ends the source's escalation (no further page for it) and a new alert with the source's dedup key
 * joins the target; unmerging reopens the source, which takes its alerts back and pages again.
 */
describe('incident merge while paging (integration: real PostgreSQL and Temporal, worker)', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ worker: true });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('stops the merged source paging, leads its dedup key to the target, and gives both back on unmerge', async () => {
    const owner = await registerOwner(stack.http, 'merge-paging');
    const second = await addMember(stack, owner.token, 'engineer', 'second');
    const policy = (
      await stack.http
        .post('/api/v1/escalation-policies')
        .set(bearer(owner.token))
        .send({
          name: 'Two levels',
          levels: [
            { targets: [{ type: 'user', id: owner.user.id }], delay_minutes: SHORT },
            { targets: [{ type: 'user', id: second.user.id }], delay_minutes: SHORT },
          ],
        })
        .expect(201)
    ).body.data as { id: string };
    const integration = await createIntegration(stack.http, owner.token, 'metrics_alerts');
    await stack.http
      .patch(`/api/v1/integrations/${integration.id}`)
      .set(bearer(owner.token))
      .send({ escalation_policy_id: policy.id })
      .expect(200);

    const list = async () =>
      (await stack.http.get('/api/v1/incidents?limit=100').set(bearer(owner.token)).expect(200)).body.data as Incident[];
    const fire = async (host: string) =>
      postSigned(stack.http, 'metrics_alerts', integration, alertmanagerBody(host, 'firing', `${host} is down`)).expect(200);
    const opened = (host: string) =>
      waitFor('the alert opened an incident', async () => (await list()).find((incident) => incident.title.includes(host)), {
        timeoutMs: 20_000,
        intervalMs: 100,
      });
    const keysOf = async (id: string) =>
      (
        (await stack.http.get(`/api/v1/incidents/${id}/alerts`).set(bearer(owner.token)).expect(200)).body.data as Array<{
          dedup_key: string;
        }>
      )
        .map((alert) => alert.dedup_key)
        .sort();
    const pagedFor = async (email: string, title: string) =>
      (await mailsTo(stack, email, PAGE_SUBJECT)).filter((mail) => mail.subject.includes(title));

    const targetHost = `target-${randomUUID().slice(0, 8)}`;
    const sourceHost = `source-${randomUUID().slice(0, 8)}`;
    await fire(targetHost);
    await fire(sourceHost);
    const target = await opened(targetHost);
    const source = await opened(sourceHost);
    // Both page level 1 before the merge.
    await waitFor(
      'both paged',
      async () => ((await pagedFor(owner.email, sourceHost)).length && (await pagedFor(owner.email, targetHost)).length ? true : undefined),
      {
        timeoutMs: 20_000,
        intervalMs: 100,
      },
    );
    // The first page comes from the relay; the workflow takes over for the next level.
    await waitFor(
      'the source escalates',
      async () => ((await escalationOf(stack.http, owner.token, source.id)).running ? true : undefined),
      {
        timeoutMs: 20_000,
        intervalMs: 100,
      },
    );

    await stack.http
      .post(`/api/v1/incidents/${target.id}/merge`)
      .set(bearer(owner.token))
      .send({ source_incident_ids: [source.id] })
      .expect(200);
    expect((await escalationEnded(stack.http, owner.token, source.id)).ended).toBe('resolved');
    // The target keeps paging: its level 2 comes after the delay the source's would have had too.
    await waitFor('the target paged level 2', async () => ((await pagedFor(second.email, targetHost)).length ? true : undefined), {
      timeoutMs: 20_000,
      intervalMs: 100,
    });
    expect(await pagedFor(second.email, sourceHost)).toEqual([]);
    expect(await pagedFor(owner.email, sourceHost)).toHaveLength(1);
    expect(await keysOf(target.id)).toEqual([sourceHost, targetHost].sort());
    expect(await keysOf(source.id)).toEqual([]);

    // A new alert with the source's dedup key joins the target: no new incident, nobody paged for it.
    await fire(sourceHost);
    const joined = await waitFor(
      'the alert joined the target',
      async () => {
        const incident = (await list()).find((candidate) => candidate.id === target.id);
        return incident && incident.alert_count === 3 ? incident : undefined;
      },
      { timeoutMs: 20_000, intervalMs: 100 },
    );
    expect(joined.status).toBe('active');
    const withSourceKey = (await list()).filter((incident) => incident.title.includes(sourceHost));
    expect(withSourceKey.map((incident) => [incident.id, incident.status, incident.merged_into])).toEqual([
      [source.id, 'resolved', target.id],
    ]);

    // Its resolve is recorded on the target, which stays open for its own alert.
    await postSigned(stack.http, 'metrics_alerts', integration, alertmanagerBody(sourceHost, 'resolved', `${sourceHost} is down`)).expect(
      200,
    );
    await waitFor(
      'the resolve recorded on the target',
      async () => {
        const timeline = (await stack.http.get(`/api/v1/incidents/${target.id}`).set(bearer(owner.token)).expect(200)).body.data
          .timeline as Array<{ type: string }>;
        return timeline.some((entry) => entry.type === 'alert_resolved') ? true : undefined;
      },
      { timeoutMs: 20_000, intervalMs: 100 },
    );
    expect((await list()).find((incident) => incident.id === target.id)).toMatchObject({ status: 'active', alert_count: 3 });

    // Unmerged: the source is open again with its alerts (the new one too), and pages again.
    await stack.http
      .post(`/api/v1/incidents/${target.id}/unmerge`)
      .set(bearer(owner.token))
      .send({ source_incident_id: source.id })
      .expect(200);
    const reopened = (await list()).find((incident) => incident.id === source.id);
    expect(reopened).toMatchObject({ status: 'active', merged_into: null, alert_count: 2 });
    expect(await keysOf(source.id)).toEqual([sourceHost]);
    expect(await keysOf(target.id)).toEqual([targetHost]);
    await waitFor('the source pages again', async () => ((await pagedFor(owner.email, sourceHost)).length === 2 ? true : undefined), {
      timeoutMs: 20_000,
      intervalMs: 100,
    });
    // Its key leads to it again, not to the target.
    await fire(sourceHost);
    await waitFor(
      'the alert reached the source',
      async () => ((await list()).find((incident) => incident.id === source.id)?.alert_count === 3 ? true : undefined),
      { timeoutMs: 20_000, intervalMs: 100 },
    );
    expect((await list()).find((incident) => incident.id === target.id)?.alert_count).toBe(1);
  });
});
