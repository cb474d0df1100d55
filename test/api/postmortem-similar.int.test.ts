import { registerOwner } from '../helpers/stack.ts';
import { bearer } from '../helpers/members.ts';
import { eventually, startSearchStack } from '../helpers/search-stack.ts';

interface Similar {
  incident_id: string;
  title: string;
  score: number;
  postmortem: { id: string; title: string; status: string; url: string } | null;
}

/**
 * Similar past incidents of a postmortem, found by the hybrid search on the real model: the past
 * incident like this one first, with a link to its postmortem; never the incident itself, never
 * another organization's.
 */
describe('similar incidents of a postmortem (integration: PostgreSQL search backend, worker, real model)', () => {
  let stack: Awaited<ReturnType<typeof startSearchStack>>;
  beforeAll(async () => {
    stack = await startSearchStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('lists the past incidents like this one, best first, with their postmortems', async () => {
    const owner = await registerOwner(stack.http, 'pm-similar');
    const other = await registerOwner(stack.http, 'pm-similar-other');
    const auth = bearer(owner.token);
    const open = async (token: string, title: string, description: string) =>
      (await stack.http.post('/api/v1/incidents').set(bearer(token)).send({ title, description, severity: 'high' }).expect(201)).body
        .data as {
        id: string;
      };
    const past = await open(owner.token, 'Postgres primary ran out of disk space', 'The WAL volume on db-1 filled up; writes failed.');
    const unrelated = await open(owner.token, 'Checkout button misaligned', 'CSS failed to load from the CDN.');
    const theirs = await open(other.token, 'Postgres primary ran out of disk space', 'The WAL volume on db-1 filled up; writes failed.');
    const postmortem = (await stack.http.post(`/api/v1/incidents/${past.id}/postmortem`).set(auth).send({}).expect(201)).body.data as {
      id: string;
      title: string;
    };
    const current = await open(
      owner.token,
      'Database disk full on db-1',
      'Postgres stopped accepting writes: no space left on the WAL volume.',
    );

    const similar = await eventually(async () => {
      const { body } = await stack.http.get(`/api/v1/incidents/${current.id}/postmortem/similar`).set(auth).expect(200);
      expect(body.meta).toEqual({ search: 'available' });
      expect((body.data as Similar[])[0]?.incident_id).toBe(past.id);
      return body.data as Similar[];
    }, 60_000);
    expect(similar[0]).toEqual({
      incident_id: past.id,
      title: 'Postgres primary ran out of disk space',
      score: expect.any(Number),
      postmortem: { id: postmortem.id, title: postmortem.title, status: 'draft', url: `/api/v1/incidents/${past.id}/postmortem` },
    });
    const ids = similar.map((hit) => hit.incident_id);
    expect(ids).not.toContain(current.id);
    expect(ids).not.toContain(theirs.id);
    const others = similar.filter((hit) => hit.incident_id === unrelated.id);
    expect(others.every((hit) => hit.postmortem === null && hit.score < similar[0]!.score)).toBe(true);
  });
});
