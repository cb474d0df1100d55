import { runCommand } from '../../clients/cli/commands.ts';
import { parseCommandLine } from '../../clients/cli/args.ts';
import { EXIT } from '../../clients/cli/exit-codes.ts';
import { cliIo, startCliStack, type CliStack } from '../helpers/cli.ts';
import { addMember } from '../helpers/members.ts';
import type { TestStack } from '../helpers/stack.ts';

// `tocsin oncall` and `tocsin silence`: the CLI in-process, from source, against the real API.
describe('tocsin oncall and tocsin silence (integration: real PostgreSQL)', () => {
  let cli: CliStack;
  let stack: TestStack;
  let owner: CliStack['owner'];

  beforeAll(async () => {
    cli = await startCliStack('paging-cli');
    ({ stack, owner } = cli);
  });
  afterAll(async () => {
    await cli?.stop();
  });

  const tocsin = async (...argv: string[]) => {
    const { io, stdout } = cliIo(cli.server, cli.apiKey);
    const { command, json } = parseCommandLine(argv);
    const code = await runCommand(command, json, io).catch((error: { exitCode?: number }) => error.exitCode ?? -1);
    return { code, out: stdout.join('\n') };
  };

  it('oncall names who carries each pager, and finds one schedule by name', async () => {
    const ada = await addMember(stack, owner.token, 'engineer', 'ada');
    for (const [name, user] of [
      ['Primary', ada.user.id],
      ['Databases', owner.user.id],
    ] as const)
      await stack.http
        .post('/api/v1/schedules')
        .set({ Authorization: `Bearer ${owner.token}` })
        .send({
          name,
          time_zone: 'UTC',
          layers: [{ users: [user], rotation: 'daily', handoff_time: '00:00', start: '2026-01-01T00:00:00Z' }],
        })
        .expect(201);

    const all = await tocsin('oncall');
    expect(all.code).toBe(EXIT.OK);
    expect(all.out).toMatch(/^Databases .* Owner/m);
    expect(all.out).toMatch(/^Primary .* ada member$/m);

    const one = await tocsin('oncall', 'primary', '--json');
    expect(
      JSON.parse(one.out).data.map((entry: { schedule_name: string; user_id: string }) => [entry.schedule_name, entry.user_id]),
    ).toEqual([['Primary', ada.user.id]]);
    expect((await tocsin('oncall', 'Nights')).code).toBe(EXIT.NOT_FOUND);
  });

  it('silence add mutes for a while, list shows it active, expire ends it', async () => {
    const added = await tocsin(
      'silence',
      'add',
      '--matcher',
      'alertname="DiskFull"',
      '--matcher',
      'instance=~"db-.*"',
      '--for',
      '2h',
      '--comment',
      'disk swap',
      '--json',
    );
    expect(added.code).toBe(EXIT.OK);
    const silence = JSON.parse(added.out) as { id: string; status: string; ends_at: string };
    expect(silence.status).toBe('active');
    expect(Date.parse(silence.ends_at) - Date.now()).toBeGreaterThan(119 * 60_000);

    const listed = await tocsin('silence', 'list', '--status', 'active');
    expect(listed.out).toContain(silence.id);
    expect(listed.out).toContain('alertname="DiskFull"');

    const expired = await tocsin('silence', 'expire', silence.id);
    expect(expired.out).toContain(`silence ${silence.id} expired`);
    expect((await tocsin('silence', 'list', '--status', 'active')).out).not.toContain(silence.id);
  });

  it('reassign hands an incident to a member named by email or id, and says why it cannot', async () => {
    const member = await addMember(stack, owner.token, 'engineer', 'reassignee');
    const incident = (
      await stack.http
        .post('/api/v1/incidents')
        .set({ Authorization: `Bearer ${owner.token}` })
        .send({ title: 'Queue stuck' })
        .expect(201)
    ).body.data as { id: string };

    const byEmail = await tocsin('reassign', incident.id, '--user', member.email.toUpperCase(), '--json');
    expect(byEmail.code).toBe(EXIT.OK);
    expect(JSON.parse(byEmail.out)).toMatchObject({ user_id: member.user.id, escalation_policy_id: null, cycle: 2, previous: null });
    const shown = await stack.http
      .get(`/api/v1/incidents/${incident.id}`)
      .set({ Authorization: `Bearer ${owner.token}` })
      .expect(200);
    expect(shown.body.data.assignee_id).toBe(member.user.id);

    const byId = await tocsin('incidents', 'reassign', incident.id, '--user', owner.user.id);
    expect(byId).toEqual({
      code: EXIT.OK,
      out: `reassigned to user ${owner.user.id} (paged now), escalation cycle 3; no escalation was running`,
    });

    expect((await tocsin('reassign', incident.id, '--user', 'nobody@example.test')).code).toBe(EXIT.NOT_FOUND);
    await stack.http
      .patch(`/api/v1/incidents/${incident.id}`)
      .set({ Authorization: `Bearer ${owner.token}` })
      .send({ status: 'resolved' })
      .expect(200);
    expect((await tocsin('reassign', incident.id, '--user', member.user.id)).code).toBe(EXIT.REJECTED);
  });
});
