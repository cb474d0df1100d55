import { waitFor } from '../../dev/wait-for.ts';
import { blockActionsBody, slackSignedHeaders, slashCommandBody, type FakeSlack } from './fake-slack.ts';
import { bearer } from './members.ts';
import type { TestStack } from './stack.ts';

/** Connects the organization to the fake workspace through the real install flow (GET /slack/install → Slack → callback). */
export async function connectSlack(stack: TestStack, slack: FakeSlack, token: string): Promise<{ location: string; body: string }> {
  const started = await stack.http.get('/api/v1/slack/install').set(bearer(token)).set('Accept', 'application/json').expect(200);
  const authorize = new URL(started.body.data.authorization_url as string);
  const redirectUri = authorize.searchParams.get('redirect_uri') as string;
  const state = authorize.searchParams.get('state') as string;
  const code = slack.authorizeCode(redirectUri);
  const back = await stack.http
    .get(`/api/v1/slack/oauth/callback?${new URLSearchParams({ code, state })}`)
    .set(bearer(token))
    .expect(302);
  return { location: back.headers.location as string, body: back.text };
}

/** Adds a verified slack contact method (the code read from the message the fake received) paged at once. */
export async function addSlackContact(stack: TestStack, slack: FakeSlack, token: string, address: string, dmChannel: string) {
  const created = await stack.http.post('/api/v1/users/me/contact-methods').set(bearer(token)).send({ type: 'slack', address }).expect(201);
  const id = created.body.data.id as string;
  const code = await waitFor(
    'the verification code posted',
    async () => {
      const texts = slack.channelMessages(dmChannel).map((message) => message.versions[0]?.text ?? '');
      return texts.map((text) => /verification code is (\d{6})/.exec(text)?.[1]).findLast(Boolean);
    },
    { timeoutMs: 10_000, intervalMs: 50 },
  );
  await stack.http.post(`/api/v1/users/me/contact-methods/${id}/verify`).set(bearer(token)).send({ code }).expect(200);
  await stack.http
    .post('/api/v1/users/me/notification-rules')
    .set(bearer(token))
    .send({ contact_method_id: id, delay_minutes: 0 })
    .expect(201);
  return id;
}

/** Sends a slash command signed as Slack signs it. */
export function sendCommand(stack: TestStack, signingSecret: string, input: Parameters<typeof slashCommandBody>[0]) {
  const body = slashCommandBody(input);
  return stack.http.post('/api/v1/slack/commands').set(slackSignedHeaders(signingSecret, body)).send(body);
}

/** Sends a button press signed as Slack signs it (or with the headers `tamper` makes of them). */
export function pressButton(
  stack: TestStack,
  signingSecret: string,
  input: Parameters<typeof blockActionsBody>[0],
  tamper: (headers: Record<string, string>, body: string) => Record<string, string> = (headers) => headers,
) {
  const body = blockActionsBody(input);
  return {
    body,
    request: stack.http
      .post('/api/v1/slack/interactions')
      .set(tamper(slackSignedHeaders(signingSecret, body), body))
      .send(body),
  };
}

/** Links the Slack account to the member: `/tocsin link`, then the member confirms the link in Tocsin. */
export async function linkSlackAccount(stack: TestStack, signingSecret: string, token: string, teamId: string, userId: string) {
  const answer = await sendCommand(stack, signingSecret, { teamId, userId, channelId: `D${userId.slice(1)}`, text: 'link' }).expect(200);
  // One link per organization connected to the workspace: the member's own is the one Tocsin accepts.
  const tokens = [...(answer.body.text as string).matchAll(/https?:\/\/\S+link-channel\?token=(\S+)/g)].map((match) =>
    decodeURIComponent(match[1] as string),
  );
  if (tokens.length === 0) throw new Error(`no link in "${answer.body.text}"`);
  const statuses = [];
  for (const linkToken of tokens)
    statuses.push((await stack.http.post('/api/v1/channel-identities/link').set(bearer(token)).send({ token: linkToken })).status);
  if (!statuses.includes(200)) throw new Error(`no link was accepted: ${statuses.join(', ')}`);
}
