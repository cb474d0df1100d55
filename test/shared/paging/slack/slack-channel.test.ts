import { createSlackChannel } from '../../../../shared/paging/channels/slack.ts';
import type { ChannelPage } from '../../../../shared/paging/channel.ts';
import { createSecretBox } from '../../../../shared/crypto/secret-box.ts';
import { createSlackActionSigner } from '../../../../shared/paging/slack/action-token.ts';
import { buttonsOf, startFakeSlack, textOf, type FakeSlack } from '../../../helpers/fake-slack.ts';

const signer = createSlackActionSigner(createSecretBox('k'.repeat(40)));
const page: ChannelPage = {
  pageId: '0190b7c4-0000-7000-8000-000000000003',
  organizationId: '0190b7c4-0000-7000-8000-000000000001',
  userId: '0190b7c4-0000-7000-8000-000000000004',
  content: {
    incident: { id: '0190b7c4-0000-7000-8000-000000000002', title: 'API down', severity: 'critical', status: 'active' },
    round: 1,
    level: 1,
    incidentUrl: 'https://tocsin.example/incidents/0190b7c4-0000-7000-8000-000000000002',
  },
  actions: {},
  idempotencyKey: 'page-1',
  resend: false,
};
const signal = () => AbortSignal.timeout(5000);

describe('the Slack page channel (official SDK against a fake Slack)', () => {
  let slack: FakeSlack;
  let token: string;
  beforeAll(async () => {
    slack = await startFakeSlack({ users: ['U0ADA00001'], channels: ['C0ONCALL01'] });
    token = slack.issueBotToken();
  });
  afterAll(() => slack.close());
  const channel = () => createSlackChannel({ apiUrl: slack.apiUrl, actions: signer });
  const connection = () => ({ bot_token: token, team_id: slack.team.teamId });

  it('pages a person by DM with Acknowledge, Resolve and Escalate buttons, then updates it in place', async () => {
    const outcome = await channel().send(page, { address: 'U0ADA00001', secret: null }, connection(), signal());
    expect(outcome).toEqual({ ok: true, messageRef: expect.any(String) });
    const [message] = slack.channelMessages('D0ADA00001');
    expect(message?.token).toBe(token);
    expect(buttonsOf(message!.versions[0]!).map((button) => button.text)).toEqual(['Acknowledge', 'Resolve', 'Escalate']);
    expect(textOf(message!.versions[0]!)).toContain('API down');

    await channel().update!(outcome.ok ? (outcome.messageRef as string) : '', { address: 'U0ADA00001', secret: null }, connection(), {
      status: 'acknowledged',
      action: 'acknowledge',
      actorName: 'Ada Lovelace',
    });
    expect(message!.versions).toHaveLength(2);
    expect(textOf(message!.versions[1]!)).toContain('Acknowledged by Ada Lovelace');
    expect(buttonsOf(message!.versions[1]!).map((button) => button.text)).toEqual(['Resolve', 'Escalate']);
  });

  it('posts to a channel the bot is in', async () => {
    const outcome = await channel().send(page, { address: 'C0ONCALL01', secret: null }, connection(), signal());
    expect(outcome.ok).toBe(true);
    expect(slack.channelMessages('C0ONCALL01')).toHaveLength(1);
  });

  it.each([
    [
      'a channel the bot was not invited to',
      { address: 'C0OTHER001' },
      () => ({ bot_token: token, team_id: 'T0FAKE0001' }),
      'Slack refused: not_in_channel',
    ],
    ['an unknown member', { address: 'U0NOBODY01' }, () => ({ bot_token: token, team_id: 'T0FAKE0001' }), 'Slack refused: user_not_found'],
    [
      'a revoked token',
      { address: 'U0ADA00001' },
      () => ({ bot_token: 'xoxb-revoked-token-1', team_id: 'T0FAKE0001' }),
      'Slack refused: invalid_auth',
    ],
    ['no connection', { address: 'U0ADA00001' }, () => null, 'Slack is not connected for this organization'],
  ])('records the failure for %s, never the token', async (_name, to, connectionOf, error) => {
    const outcome = await channel().send(page, { ...to, secret: null }, connectionOf(), signal());
    expect(outcome).toEqual({ ok: false, error });
  });

  it('says so when Slack cannot be reached', async () => {
    const unreachable = createSlackChannel({ apiUrl: 'http://127.0.0.1:9/api/', actions: signer });
    const outcome = await unreachable.send(page, { address: 'U0ADA00001', secret: null }, connection(), signal());
    expect(outcome).toEqual({ ok: false, error: expect.stringMatching(/^Slack (could not be reached|did not answer in time)$/) });
  });
});
