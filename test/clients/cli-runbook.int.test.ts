import { randomUUID } from 'node:crypto';
import { runCommand } from '../../clients/cli/commands.ts';
import { EXIT } from '../../clients/cli/exit-codes.ts';
import { bearer } from '../helpers/members.ts';
import { cliIo, startCliStack, type CliStack } from '../helpers/cli.ts';

// `tocsin runbook run` at a terminal: the prompts for manual and approval steps, answered by a
// scripted person, against the real API, worker and Temporal (the CLI in-process, from source).
describe('tocsin runbook run, interactive', () => {
  let cli: CliStack;
  let procedureId: string;

  beforeAll(async () => {
    cli = await startCliStack('runbook-cli', { worker: true });
    procedureId = (
      await cli.stack.http
        .post('/api/v1/procedures')
        .set(bearer(cli.owner.token))
        .send({
          name: `Failover ${randomUUID().slice(0, 8)}`,
          steps: [
            { name: 'Check replication', type: 'manual' },
            { name: 'Approve failover', type: 'approval' },
          ],
        })
        .expect(201)
    ).body.data.id;
  });
  afterAll(async () => {
    await cli?.stop();
  });

  function person(answers: string[]) {
    const asked: string[] = [];
    const { io, stdout } = cliIo(cli.server, cli.apiKey, async (question) => {
      asked.push(question);
      const answer = answers.shift();
      if (answer === undefined) throw new Error(`unexpected question: ${question}`);
      return answer;
    });
    const execution = () =>
      JSON.parse(stdout.at(-1) as string) as { status: string; steps: Array<{ name: string; status: string; notes: string | null }> };
    return { io, asked, execution };
  }

  it('asks at each waiting step (again after an answer it does not know) and completes with the answers given', async () => {
    const { io, asked, execution } = person(['maybe', 'y', 'lag is 0', 's', '']);
    expect(await runCommand({ name: 'runbook run', procedure: procedureId, params: {}, yes: false }, true, io)).toBe(EXIT.OK);
    expect(asked.map((question) => question.replace(/ — .*$/, ''))).toEqual([
      '[1/2] Check replication (manual)',
      '[1/2] Check replication (manual)',
      'notes (optional): ',
      '[2/2] Approve failover (approval)',
      'notes (optional): ',
    ]);
    expect({ status: execution().status, steps: execution().steps.map((step) => [step.name, step.status, step.notes]) }).toEqual({
      status: 'completed',
      steps: [
        ['Check replication', 'succeeded', 'lag is 0'],
        ['Approve failover', 'skipped', null],
      ],
    });
  });

  it('exits 8 when the person fails a step, which fails the execution', async () => {
    const { io, execution } = person(['n', 'replica is behind']);
    expect(await runCommand({ name: 'runbook run', procedure: procedureId, params: {}, yes: false }, true, io)).toBe(EXIT.RUNBOOK_FAILED);
    expect({ status: execution().status, steps: execution().steps.map((step) => step.status) }).toEqual({
      status: 'failed',
      steps: ['failed', 'skipped'],
    });
  });
});
