import { openIncidentsOfSchedule } from '../../../../shared/db/access/handoff-notices.ts';
import { bearer } from '../../../helpers/members.ts';
import { registerOwner, startTestStack, type TestStack } from '../../../helpers/stack.ts';

// What a schedule's next on-call inherits, read from real PostgreSQL: incidents whose policy pages
// the schedule directly or through the team that owns it; never another team's or organization's.
describe('openIncidentsOfSchedule (integration: real PostgreSQL)', () => {
  let stack: TestStack;
  let owner: Awaited<ReturnType<typeof registerOwner>>;
  beforeAll(async () => {
    stack = await startTestStack();
    owner = await registerOwner(stack.http, 'inherited');
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const post = async (path: string, body: object) =>
    (await stack.http.post(`/api/v1${path}`).set(bearer(owner.token)).send(body).expect(201)).body.data as { id: string };
  const incidentPagedBy = async (title: string, target: { type: string; id: string }) => {
    const policy = await post('/escalation-policies', { name: title, levels: [{ targets: [target], delay_minutes: 5 }] });
    const incident = await post('/incidents', { title, severity: 'high', status: 'investigating' });
    await stack.sql('update incidents set escalation_policy_id = ? where id = ?', [policy.id, incident.id]);
    return incident.id;
  };

  it("lists incidents paging the schedule itself or the team that owns it, and not another team's", async () => {
    const team = await post('/teams', { name: 'Storage' });
    const otherTeam = await post('/teams', { name: 'Web' });
    const schedule = await post('/schedules', { name: 'Storage primary', time_zone: 'UTC', team_id: team.id });
    const direct = await incidentPagedBy('Paged through the schedule', { type: 'schedule', id: schedule.id });
    const viaTeam = await incidentPagedBy('Paged through the team', { type: 'team', id: team.id });
    await incidentPagedBy('Paged through another team', { type: 'team', id: otherTeam.id });

    const inherited = await openIncidentsOfSchedule(stack.orm.em.fork(), owner.user.organization_id, schedule.id, 10);
    expect(inherited.map((incident: { id: string }) => incident.id).sort()).toEqual([direct, viaTeam].sort());
  });
});
