import { randomBytes } from 'node:crypto';
import { waitFor } from '../../dev/wait-for.ts';
import { workflowIds } from '../../shared/temporal/ids.ts';
import { acknowledgementStateQuery } from '../../workflows/messages.ts';
import { escalationEnded, escalationOf } from '../helpers/escalation.ts';
import { buttonsOf, slackSignedHeaders, startFakeSlack, textOf, type FakeSlack } from '../helpers/fake-slack.ts';
import { addMember, bearer, type Member } from '../helpers/members.ts';
import { addSlackContact, connectSlack, linkSlackAccount, pressButton, sendCommand } from '../helpers/slack-setup.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';
import { createIntegration, openAlertIncident } from '../helpers/webhooks.ts';

const ADA = 'U0ADA00001';
const EVE = 'U0EVE00003';
const SIGNING_SECRET = randomBytes(16).toString('hex');

/**
 * Slack end to end through the official SDK against a fake Slack Web API: the install stores a
 * sealed bot token; a page is posted by DM with buttons; a linked member's press acknowledges
 * (escalation stops, message updated); forged, stale, replayed and foreign presses change nothing.
 */
describe('Slack (integration: real PostgreSQL and Temporal, fake Slack Web API)', () => {
  let slack: FakeSlack;
  let stack: TestStack;
  let owner: Awaited<ReturnType<typeof registerOwner>>;
  let ada: Member;
  let integration: { id: string; secret: string };
  let policyId: string;

  beforeAll(async () => {
    slack = await startFakeSlack({ users: [ADA, EVE], channels: ['C0ONCALL01', 'C0FEED0001'] });
    stack = await startTestStack({
      worker: true,
      env: {
        SLACK_API_URL: slack.apiUrl,
        SLACK_CLIENT_ID: slack.app.clientId,
        SLACK_CLIENT_SECRET: slack.app.clientSecret,
        SLACK_SIGNING_SECRET: SIGNING_SECRET,
      },
    });
    owner = await registerOwner(stack.http, 'slack');
    ada = await addMember(stack, owner.token, 'engineer', 'ada');
    const policy = await stack.http
      .post('/api/v1/escalation-policies')
      .set(bearer(owner.token))
      .send({
        name: 'Ada then owner',
        levels: [
          { targets: [{ type: 'user', id: ada.user.id }], delay_minutes: 30 },
          { targets: [{ type: 'user', id: owner.user.id }], delay_minutes: 30 },
        ],
      })
      .expect(201);
    policyId = policy.body.data.id as string;
    integration = await createIntegration(stack.http, owner.token, 'metrics_alerts');
    await stack.http
      .patch(`/api/v1/integrations/${integration.id}`)
      .set(bearer(owner.token))
      .send({ escalation_policy_id: policyId })
      .expect(200);
  });
  afterAll(async () => {
    await stack?.stop();
    await slack?.close();
  });

  it('installs the app: the bot token is stored sealed and never shown back', async () => {
    const installed = await connectSlack(stack, slack, owner.token);
    expect(installed.location).toMatch(/\/integrations\?slack=connected$/);
    const granted = slack.calls.find((call) => call.method === 'oauth.v2.access');
    expect(granted?.params.client_id).toBe(slack.app.clientId);
    const [row] = await stack.sql<{ config_sealed: string; summary: Record<string, unknown> }>(
      `select config_sealed, summary from channel_connections where organization_id = ? and kind = 'slack'`,
      [owner.organization.id],
    );
    expect(row?.summary).toMatchObject({ team_id: slack.team.teamId, team_name: slack.team.teamName });
    const listed = await stack.http.get('/api/v1/channel-connections').set(bearer(owner.token)).expect(200);
    expect(JSON.stringify(listed.body)).toContain(slack.team.teamId);
    // The one token the fake issued for this install appears nowhere Tocsin answers or stores in clear.
    const issued = slack.oauthTokens[0] as string;
    expect(issued).toMatch(/^xoxb-/);
    for (const text of [row?.config_sealed, JSON.stringify(row?.summary), installed.body, installed.location, JSON.stringify(listed.body)])
      expect(text).not.toContain(issued);
  });

  it('refuses an install callback whose state another member started', async () => {
    const started = await stack.http.get('/api/v1/slack/install').set(bearer(owner.token)).set('Accept', 'application/json').expect(200);
    const authorize = new URL(started.body.data.authorization_url as string);
    const code = slack.authorizeCode(authorize.searchParams.get('redirect_uri') as string);
    const other = await registerOwner(stack.http, 'slack-other');
    const query = new URLSearchParams({ code, state: authorize.searchParams.get('state') as string });
    await stack.http.get(`/api/v1/slack/oauth/callback?${query}`).set(bearer(other.token)).expect(400);
    expect(await stack.sql(`select 1 from channel_connections where organization_id = ?`, [other.organization.id])).toEqual([]);
  });

  it('pages by DM with buttons; the linked member’s press acknowledges, stops the escalation and updates the message', async () => {
    await addSlackContact(stack, slack, ada.token, ADA, 'D0ADA00001');
    const before = slack.channelMessages('D0ADA00001').length;
    const incident = await openAlertIncident(stack.http, owner.token, integration, 'slack-page');
    const page = await waitFor(
      'the page posted to Slack',
      async () =>
        slack
          .channelMessages('D0ADA00001')
          .slice(before)
          .find((message) => textOf(message.versions[0]!).includes(incident.title)),
      { timeoutMs: 20_000, intervalMs: 100 },
    );
    const buttons = buttonsOf(page.versions[0]!);
    expect(buttons.map((button) => button.text)).toEqual(['Acknowledge', 'Resolve', 'Escalate']);

    await linkSlackAccount(stack, SIGNING_SECRET, ada.token, slack.team.teamId, ADA);
    const acknowledge = buttons.find((button) => button.text === 'Acknowledge')!;
    const press = {
      teamId: slack.team.teamId,
      userId: ADA,
      channelId: page.channel,
      messageTs: page.ts,
      actionId: acknowledge.action_id,
      value: acknowledge.value,
    };
    await pressButton(stack, SIGNING_SECRET, press).request.expect(200);

    const detail = await stack.http.get(`/api/v1/incidents/${incident.id}`).set(bearer(owner.token)).expect(200);
    expect(detail.body.data.status).toBe('investigating');
    expect(await escalationEnded(stack.http, owner.token, incident.id)).toMatchObject({ ended: 'acknowledged', level: 1 });
    expect((await escalationOf(stack.http, owner.token, incident.id)).pages.map((p) => p.level)).toEqual([1]);
    const updated = await waitFor('the page message updated', async () => page.versions[1], { timeoutMs: 20_000, intervalMs: 100 });
    expect(textOf(updated)).toContain('Acknowledged by ada member');
    expect(buttonsOf(updated).map((button) => button.text)).not.toContain('Acknowledge');
    expect(slack.ephemerals.at(-1)).toMatchObject({ user: ADA, text: expect.stringContaining('acknowledged by ada member') });

    // Pressed again (a new, validly signed request): already done, and Slack is told so.
    await pressButton(stack, SIGNING_SECRET, press).request.expect(200);
    expect(slack.ephemerals.at(-1)?.text).toMatch(/Nothing was changed: .*already acknowledged/);
  });

  it('once acknowledged, the message offers Snooze 1h and 4h; a press snoozes as the API does, once', async () => {
    // Ada's DM contact and link come from the test above.
    const before = slack.channelMessages('D0ADA00001').length;
    const incident = await openAlertIncident(stack.http, owner.token, integration, 'slack-snooze');
    const page = await waitFor(
      'the page posted to Slack',
      async () =>
        slack
          .channelMessages('D0ADA00001')
          .slice(before)
          .find((message) => textOf(message.versions[0]!).includes(incident.title)),
      { timeoutMs: 20_000, intervalMs: 100 },
    );
    const pressOf = (button: { action_id: string; value: string }) => ({
      teamId: slack.team.teamId,
      userId: ADA,
      channelId: page.channel,
      messageTs: page.ts,
      actionId: button.action_id,
      value: button.value,
    });
    const acknowledge = buttonsOf(page.versions[0]!).find((button) => button.text === 'Acknowledge')!;
    await pressButton(stack, SIGNING_SECRET, pressOf(acknowledge)).request.expect(200);
    const acknowledged = await waitFor('the page message redrawn', async () => page.versions[1], { timeoutMs: 20_000, intervalMs: 100 });
    const buttons = buttonsOf(acknowledged);
    expect(buttons.map((button) => button.text)).toEqual(['Snooze 1h', 'Snooze 4h', 'Resolve', 'Escalate']);

    const before1h = Date.now();
    const snooze = pressOf(buttons.find((button) => button.text === 'Snooze 1h')!);
    await pressButton(stack, SIGNING_SECRET, snooze).request.expect(200);
    expect(slack.ephemerals.at(-1)).toMatchObject({ user: ADA, text: expect.stringContaining('snoozed for 1 hour by ada member') });
    const state = await escalationOf(stack.http, owner.token, incident.id);
    const until = Date.parse(state.snoozed_until as string);
    expect(until).toBeGreaterThanOrEqual(before1h + 3_600_000);
    expect(until).toBeLessThan(Date.now() + 3_600_000 + 1_000);
    // The same timer as the API's snooze: the cycle's acknowledgement workflow re-pages at its end.
    const timer = await waitFor(
      'the acknowledgement timer knows the snooze',
      async () => {
        try {
          const current = await stack.temporal.client.workflow
            .getHandle(workflowIds.acknowledgement(incident.id, 1))
            .query(acknowledgementStateQuery);
          return current.snoozed_until === state.snoozed_until ? current : undefined;
        } catch {
          return undefined;
        }
      },
      { timeoutMs: 20_000, intervalMs: 100 },
    );
    expect(timer.repage_at).toBe(state.snoozed_until);

    // Pressed again (a new, validly signed request; a double click): nothing changes a second time.
    await pressButton(stack, SIGNING_SECRET, snooze).request.expect(200);
    expect(slack.ephemerals.at(-1)?.text).toMatch(/Nothing was changed: .*already snoozed/);
    // A replay of the very same request is refused before anything acts.
    const { body } = pressButton(stack, SIGNING_SECRET, snooze);
    const headers = resignAt(body, SIGNING_SECRET, Math.floor(Date.now() / 1000));
    await stack.http.post('/api/v1/slack/interactions').set(headers).send(body).expect(200);
    await stack.http.post('/api/v1/slack/interactions').set(headers).send(body).expect(401);
    expect((await escalationOf(stack.http, owner.token, incident.id)).snoozed_until).toBe(state.snoozed_until);
    const detail = await stack.http.get(`/api/v1/incidents/${incident.id}`).set(bearer(owner.token)).expect(200);
    const snoozed = (detail.body.data.timeline as Array<{ type: string; actor_id: string; data: Record<string, unknown> }>).filter(
      (entry) => entry.type === 'snoozed',
    );
    expect(snoozed).toEqual([
      expect.objectContaining({ actor_id: ada.user.id, data: expect.objectContaining({ duration_seconds: 3600, cycle: 1 }) }),
    ]);
    expect(detail.body.data.status).toBe('investigating');
    const audited = await stack.http.get('/api/v1/audit').query({ action: 'snoozeIncidentByChannel' }).set(bearer(owner.token)).expect(200);
    expect(audited.body.data).toEqual([
      expect.objectContaining({
        event_type: 'incidents.channel_snooze',
        target_id: incident.id,
        actor: expect.objectContaining({ user_id: ada.user.id }),
      }),
    ]);
  });

  describe('refused presses change nothing', () => {
    let incidentId: string;
    let press: Parameters<typeof pressButton>[2];
    // Entries someone's press would write (they carry the actor); paging's own may still land meanwhile.
    const timeline = async () =>
      (await stack.sql(`select id from incident_timeline where incident_id = ? and actor_id is not null`, [incidentId])).length;
    const status = async () =>
      (await stack.http.get(`/api/v1/incidents/${incidentId}`).set(bearer(owner.token)).expect(200)).body.data.status;

    beforeAll(async () => {
      const before = slack.channelMessages('D0ADA00001').length;
      const incident = await openAlertIncident(stack.http, owner.token, integration, 'slack-refused');
      incidentId = incident.id;
      const page = await waitFor(
        'the page posted to Slack',
        async () =>
          slack
            .channelMessages('D0ADA00001')
            .slice(before)
            .find((message) => textOf(message.versions[0]!).includes(incident.title)),
        { timeoutMs: 20_000, intervalMs: 100 },
      );
      // The page's own timeline entry lands after Slack took the message: settled before counting entries.
      await waitFor(
        'the page recorded',
        async () => ((await escalationOf(stack.http, owner.token, incidentId)).pages.some((p) => p.status === 'sent') ? true : undefined),
        { timeoutMs: 20_000, intervalMs: 100 },
      );
      await waitFor(
        'the page in the timeline',
        async () =>
          (await stack.sql(`select 1 from incident_timeline where incident_id = ? and type = 'page'`, [incidentId])).length > 0
            ? true
            : undefined,
        { timeoutMs: 20_000, intervalMs: 100 },
      );
      const resolve = buttonsOf(page.versions[0]!).find((button) => button.text === 'Resolve')!;
      press = {
        teamId: slack.team.teamId,
        userId: ADA,
        channelId: page.channel,
        messageTs: page.ts,
        actionId: resolve.action_id,
        value: resolve.value,
      };
    });

    it.each([
      ['a forged signature', (headers: Record<string, string>) => ({ ...headers, 'x-slack-signature': `v0=${'ab'.repeat(32)}` })],
      [
        'a signature by another secret',
        (headers: Record<string, string>, body: string) => ({ ...headers, ...resign(body, 'not the secret', headers) }),
      ],
      [
        'a timestamp six minutes old (signed with it)',
        (_headers: Record<string, string>, body: string) => resignAt(body, SIGNING_SECRET, Math.floor(Date.now() / 1000) - 360),
      ],
      ['no signature at all', (headers: Record<string, string>) => ({ 'content-type': headers['content-type'] as string })],
    ])('%s → 401, nothing changes', async (_name, tamper) => {
      const before = await timeline();
      const refused = await pressButton(stack, SIGNING_SECRET, press, tamper).request.expect(401);
      expect(refused.body.error.code).toBe('WEBHOOK_VALIDATION_FAILED');
      expect(await status()).toBe('active');
      expect(await timeline()).toBe(before);
    });

    it('a replay of a genuine request is refused', async () => {
      const { body } = pressButton(stack, SIGNING_SECRET, { ...press, userId: EVE });
      const headers = resignAt(body, SIGNING_SECRET, Math.floor(Date.now() / 1000));
      await stack.http.post('/api/v1/slack/interactions').set(headers).send(body).expect(200);
      const replayed = await stack.http.post('/api/v1/slack/interactions').set(headers).send(body).expect(401);
      expect(replayed.body.error.message).toMatch(/replay/);
      expect(await status()).toBe('active');
    });

    it('an unlinked Slack user is told how to link, and nothing changes', async () => {
      const before = await timeline();
      await pressButton(stack, SIGNING_SECRET, { ...press, userId: EVE }).request.expect(200);
      expect(slack.ephemerals.at(-1)).toMatchObject({ user: EVE, text: expect.stringMatching(/not linked.*link-channel\?token=/) });
      expect(await status()).toBe('active');
      expect(await timeline()).toBe(before);
    });

    it('a member of another organization, linked there, pressing this organization’s button changes nothing', async () => {
      const other = await registerOwner(stack.http, 'slack-foreign');
      await connectSlack(stack, slack, other.token);
      // Eve is linked in the other organization (both are connected to the same workspace).
      await linkSlackAccount(stack, SIGNING_SECRET, other.token, slack.team.teamId, EVE);
      const before = await timeline();
      await pressButton(stack, SIGNING_SECRET, { ...press, userId: EVE }).request.expect(200);
      expect(slack.ephemerals.at(-1)).toMatchObject({ user: EVE, text: expect.stringContaining('Nothing was changed') });
      expect(await status()).toBe('active');
      expect(await timeline()).toBe(before);
    });

    it('a button value edited to name another incident is ignored', async () => {
      const value = press.value;
      const edited = `${value.slice(0, -6)}${value.slice(-6).split('').reverse().join('')}`;
      await pressButton(stack, SIGNING_SECRET, { ...press, value: edited }).request.expect(200);
      expect(await status()).toBe('active');
    });
  });

  it('posts an integration’s incidents to its feed channel, one thread per incident, each update once and in order', async () => {
    await stack.http
      .post('/api/v1/chat-feeds')
      .set(bearer(owner.token))
      .send({ kind: 'slack', target: 'not a channel', integration_id: integration.id })
      .expect(422);
    const feed = await stack.http
      .post('/api/v1/chat-feeds')
      .set(bearer(owner.token))
      .send({ kind: 'slack', target: 'C0FEED0001', integration_id: integration.id })
      .expect(201);
    expect(feed.body.data).toMatchObject({ kind: 'slack', target: 'C0FEED0001', integration_id: integration.id, routing_rule_id: null });

    const incident = await openAlertIncident(stack.http, owner.token, integration, 'slack-feed');
    const root = await waitFor(
      'the thread root posted',
      async () =>
        slack.channelMessages('C0FEED0001').find((message) => !message.threadTs && textOf(message.versions[0]!).includes(incident.title)),
      { timeoutMs: 20_000, intervalMs: 100 },
    );
    expect(buttonsOf(root.versions[0]!).map((button) => button.text)).toEqual(['Acknowledge', 'Resolve', 'Escalate']);
    const replies = () =>
      slack
        .channelMessages('C0FEED0001')
        .filter((message) => message.threadTs === root.ts)
        .map((message) => message.versions[0]!.text);
    await waitFor('the level paged', async () => (replies().some((text) => text.includes('Escalation level 1 paged')) ? true : undefined), {
      timeoutMs: 20_000,
      intervalMs: 100,
    });
    await stack.http.patch(`/api/v1/incidents/${incident.id}`).set(bearer(owner.token)).send({ status: 'investigating' }).expect(200);
    await stack.http
      .post(`/api/v1/incidents/${incident.id}/messages`)
      .set(bearer(owner.token))
      .send({ body: 'Rolled back <!channel>' })
      .expect(201);
    await stack.http.patch(`/api/v1/incidents/${incident.id}`).set(bearer(owner.token)).send({ status: 'resolved' }).expect(200);
    const thread = await waitFor(
      'the resolution in the thread',
      async () => (replies().some((text) => text.startsWith('Resolved')) ? replies() : undefined),
      {
        timeoutMs: 20_000,
        intervalMs: 100,
      },
    );
    expect(thread.filter((text) => !text.startsWith('Escalation level'))).toEqual([
      'Acknowledged (investigating) (was active)',
      'Chat: Rolled back &lt;!channel&gt;',
      'Resolved (was investigating)',
    ]);
    // The root follows the incident: resolved, no buttons left.
    await waitFor('the root redrawn', async () => (textOf(root.versions.at(-1)!).includes('resolved') ? true : undefined), {
      timeoutMs: 20_000,
      intervalMs: 100,
    });
    expect(buttonsOf(root.versions.at(-1)!)).toEqual([]);
    // One thread for the incident: no second root.
    expect(
      slack.channelMessages('C0FEED0001').filter((message) => !message.threadTs && textOf(message.versions[0]!).includes(incident.title)),
    ).toHaveLength(1);
  });

  it('answers /tocsin incident, ack, oncall and help as the linked member', async () => {
    const incident = await openAlertIncident(stack.http, owner.token, integration, 'slack-command');
    const command = (text: string, userId = ADA) =>
      sendCommand(stack, SIGNING_SECRET, { teamId: slack.team.teamId, userId, channelId: 'C0ONCALL01', text }).expect(200);
    expect((await command(`incident ${incident.id}`)).body).toEqual({
      response_type: 'ephemeral',
      text: expect.stringContaining(incident.title),
    });
    expect((await command(`ack ${incident.id}`)).body.text).toContain('acknowledged by ada member');
    expect((await stack.http.get(`/api/v1/incidents/${incident.id}`).set(bearer(owner.token)).expect(200)).body.data.status).toBe(
      'investigating',
    );
    expect((await command(`ack ${incident.id}`)).body.text).toMatch(/Nothing was changed: .*already acknowledged/);
    expect((await command('oncall')).body.text).toMatch(/No schedule|:/);
    expect((await command('reboot everything')).body.text).toContain('Unknown command');
    // Eve is linked in another organization only (the test above): this incident is not hers to touch.
    expect((await command(`resolve ${incident.id}`, EVE)).body.text).toMatch(/^No incident .* in your organization/);
    expect((await stack.http.get(`/api/v1/incidents/${incident.id}`).set(bearer(owner.token)).expect(200)).body.data.status).toBe(
      'investigating',
    );
  });
});

function resign(body: string, secret: string, headers: Record<string, string>) {
  return resignAt(body, secret, Number(headers['x-slack-request-timestamp']));
}

function resignAt(body: string, secret: string, timestamp: number) {
  // The helper signs exactly as Slack does; these variants sign with the wrong secret or an old timestamp.
  return slackSignedHeaders(secret, body, timestamp);
}
