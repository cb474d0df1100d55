import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { slackRequestSignature } from '../../shared/paging/slack/request-signature.ts';

/** One message as the fake holds it: every version (chat.update appends), and its thread. */
export interface FakeSlackMessage {
  channel: string;
  ts: string;
  threadTs?: string;
  token: string;
  versions: Array<{ text: string; blocks: Array<Record<string, unknown>> }>;
}

export interface FakeSlackWorkspace {
  teamId: string;
  teamName: string;
  botUserId: string;
  /** Members a DM can be opened with. */
  users: string[];
  /** Channels the bot was invited to (posting elsewhere is `not_in_channel`). */
  channels: string[];
}

export interface FakeSlackApp {
  clientId: string;
  clientSecret: string;
}

/** A Web API call the fake received, for asserting what went out (never how Tocsin made it). */
export interface FakeSlackCall {
  method: string;
  params: Record<string, string>;
  authorization: string | undefined;
}

/**
 * A local stand-in for the few Slack Web API methods Tocsin calls (auth.test, conversations.open,
 * chat.postMessage, chat.update, chat.postEphemeral, oauth.v2.access), answering as Slack documents:
 * form-encoded arguments, the bot token as a Bearer header, HTTP 200 with `ok: false` and an error
 * code (`not_authed`, `invalid_auth`, `channel_not_found`, `invalid_code`…) for a refusal.
 */
export async function startFakeSlack(workspace: Partial<FakeSlackWorkspace> = {}, app: Partial<FakeSlackApp> = {}) {
  const team: FakeSlackWorkspace = {
    teamId: 'T0FAKE0001',
    teamName: 'Fake Workspace',
    botUserId: 'U0BOT00001',
    users: [],
    channels: [],
    ...workspace,
  };
  const slackApp: FakeSlackApp = { clientId: '1111.2222', clientSecret: randomBytes(16).toString('hex'), ...app };
  const tokens = new Set<string>();
  /** Bot tokens handed out by oauth.v2.access, in order. */
  const oauthTokens: string[] = [];
  /** Authorization codes handed out by the (browser-side) authorize step, each usable once. */
  const codes = new Map<string, { redirectUri: string | undefined }>();
  const messages: FakeSlackMessage[] = [];
  const ephemerals: Array<{ channel: string; user: string; text: string }> = [];
  const calls: FakeSlackCall[] = [];
  /** One-shot stalls: the next call matching is answered late, with a Slack error instead of its work. */
  const stalls: Array<{ matches: (call: FakeSlackCall) => boolean; delayMs: number; error: string }> = [];
  let clock = 1_700_000_000;
  const nextTs = () => `${(clock += 1)}.${String(messages.length).padStart(6, '0')}`;

  const methods: Record<string, (params: Record<string, string>, token: string | undefined) => Record<string, unknown>> = {
    'auth.test': (_params, token) => ({
      ok: true,
      url: `https://${team.teamName.toLowerCase().replace(/\W+/g, '')}.slack.com/`,
      team: team.teamName,
      user: 'tocsin',
      team_id: team.teamId,
      user_id: team.botUserId,
      bot_id: `B${(token ?? '').slice(-6).toUpperCase()}`,
    }),
    'conversations.open': (params) => {
      const users = (params.users ?? '').split(',').filter(Boolean);
      if (users.length === 0) return { ok: false, error: 'users_list_not_supplied' };
      if (!users.every((user) => team.users.includes(user))) return { ok: false, error: 'user_not_found' };
      return { ok: true, channel: { id: `D${users[0]?.slice(1)}` } };
    },
    'chat.postMessage': (params, token) => {
      const channel = params.channel ?? '';
      if (!reachable(channel))
        return { ok: false, error: channel.startsWith('C') || channel.startsWith('G') ? 'not_in_channel' : 'channel_not_found' };
      if (!params.text && !params.blocks) return { ok: false, error: 'no_text' };
      const blocks = parseBlocks(params.blocks);
      if (blocks === null) return { ok: false, error: 'invalid_blocks' };
      if (params.thread_ts && !messages.some((message) => message.channel === channel && message.ts === params.thread_ts))
        return { ok: false, error: 'thread_not_found' };
      const message: FakeSlackMessage = {
        channel,
        ts: nextTs(),
        token: token as string,
        versions: [{ text: params.text ?? '', blocks }],
        ...(params.thread_ts ? { threadTs: params.thread_ts } : {}),
      };
      messages.push(message);
      return { ok: true, channel, ts: message.ts, message: { type: 'message', text: params.text, ts: message.ts } };
    },
    'chat.update': (params, token) => {
      const message = messages.find((candidate) => candidate.channel === params.channel && candidate.ts === params.ts);
      if (!message) return { ok: false, error: 'message_not_found' };
      // Slack lets an app edit only the messages it posted itself.
      if (message.token !== token) return { ok: false, error: 'cant_update_message' };
      const blocks = params.blocks === undefined ? message.versions.at(-1)?.blocks : parseBlocks(params.blocks);
      if (!blocks) return { ok: false, error: 'invalid_blocks' };
      message.versions.push({ text: params.text ?? '', blocks });
      return { ok: true, channel: message.channel, ts: message.ts, text: params.text };
    },
    'chat.postEphemeral': (params) => {
      if (!reachable(params.channel ?? '')) return { ok: false, error: 'channel_not_found' };
      if (!team.users.includes(params.user ?? '')) return { ok: false, error: 'user_not_in_channel' };
      ephemerals.push({ channel: params.channel as string, user: params.user as string, text: params.text ?? '' });
      return { ok: true, message_ts: nextTs() };
    },
  };

  function reachable(channel: string): boolean {
    if (channel.startsWith('D')) return team.users.includes(`U${channel.slice(1)}`) || team.users.includes(`W${channel.slice(1)}`);
    return team.channels.includes(channel);
  }

  /** oauth.v2.access: the app's credentials (HTTP Basic, or client_id/client_secret fields) and a fresh code. */
  function oauthAccess(params: Record<string, string>, authorization: string | undefined): Record<string, unknown> {
    let clientId = params.client_id;
    let clientSecret = params.client_secret;
    if (authorization?.startsWith('Basic ')) {
      const [id, secret] = Buffer.from(authorization.slice(6), 'base64').toString('utf8').split(':');
      clientId = id;
      clientSecret = secret;
    }
    if (!clientId) return { ok: false, error: 'invalid_client_id' };
    if (clientId !== slackApp.clientId) return { ok: false, error: 'invalid_client_id' };
    if (clientSecret !== slackApp.clientSecret) return { ok: false, error: 'bad_client_secret' };
    const grant = codes.get(params.code ?? '');
    if (!grant) return { ok: false, error: 'invalid_code' };
    codes.delete(params.code as string);
    if (grant.redirectUri !== undefined && grant.redirectUri !== params.redirect_uri) return { ok: false, error: 'bad_redirect_uri' };
    const token = `xoxb-${randomBytes(12).toString('hex')}`;
    tokens.add(token);
    oauthTokens.push(token);
    return {
      ok: true,
      access_token: token,
      token_type: 'bot',
      scope: 'chat:write,im:write,commands',
      bot_user_id: team.botUserId,
      app_id: 'A0FAKEAPP1',
      team: { id: team.teamId, name: team.teamName },
      enterprise: null,
      is_enterprise_install: false,
      authed_user: { id: team.users[0] ?? 'U0INSTALL1' },
    };
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const method = url.pathname.replace(/^\/api\//, '');
      const raw = Buffer.concat(chunks).toString('utf8');
      const params: Record<string, string> = Object.fromEntries(
        (req.headers['content-type'] ?? '').includes('application/json')
          ? Object.entries(JSON.parse(raw || '{}') as Record<string, unknown>).map(([key, value]) => [
              key,
              typeof value === 'string' ? value : JSON.stringify(value),
            ])
          : new URLSearchParams(raw),
      );
      const authorization = req.headers.authorization;
      const call = { method, params, authorization };
      calls.push(call);
      const stall = stalls.findIndex((candidate) => candidate.matches(call));
      if (stall >= 0) {
        const [{ delayMs, error }] = stalls.splice(stall, 1) as [(typeof stalls)[number]];
        setTimeout(() => {
          res.setHeader('content-type', 'application/json; charset=utf-8');
          res.end(JSON.stringify({ ok: false, error }));
        }, delayMs);
        return;
      }
      let answer: Record<string, unknown>;
      if (method === 'oauth.v2.access') answer = oauthAccess(params, authorization);
      else if (!methods[method]) answer = { ok: false, error: 'unknown_method' };
      else {
        const token = authorization?.startsWith('Bearer ') ? authorization.slice(7) : params.token;
        if (!token) answer = { ok: false, error: 'not_authed' };
        else if (!tokens.has(token)) answer = { ok: false, error: 'invalid_auth' };
        else answer = methods[method](params, token);
      }
      res.setHeader('content-type', 'application/json; charset=utf-8');
      res.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiUrl: `http://127.0.0.1:${port}/api/`,
    team,
    app: slackApp,
    messages,
    ephemerals,
    oauthTokens,
    calls,
    /** A bot token the fake accepts, as an install would have made. */
    issueBotToken(): string {
      const token = `xoxb-${randomBytes(12).toString('hex')}`;
      tokens.add(token);
      return token;
    },
    revokeToken: (token: string) => tokens.delete(token),
    /**
     * The next call `matches` accepts is answered after `delayMs` with `ok: false` and `error`
     * (Slack's `internal_error`: a transient failure on its side) and does nothing.
     */
    stallNext(matches: (call: FakeSlackCall) => boolean, options: { delayMs: number; error?: string }): void {
      stalls.push({ matches, delayMs: options.delayMs, error: options.error ?? 'internal_error' });
    },
    /** What Slack's authorize page hands the browser after the admin allows the app. */
    authorizeCode(redirectUri?: string): string {
      const code = `${team.teamId}.${randomBytes(8).toString('hex')}`;
      codes.set(code, { redirectUri });
      return code;
    },
    /** The messages of a channel in order, threads' replies included (`threadTs` set). */
    channelMessages: (channel: string) => messages.filter((message) => message.channel === channel),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeSlack = Awaited<ReturnType<typeof startFakeSlack>>;

function parseBlocks(blocks: string | undefined): Array<Record<string, unknown>> | null {
  if (blocks === undefined) return [];
  try {
    const parsed = JSON.parse(blocks) as unknown;
    return Array.isArray(parsed) && parsed.every((block) => typeof block === 'object' && block && 'type' in block)
      ? (parsed as Array<Record<string, unknown>>)
      : null;
  } catch {
    return null;
  }
}

/** The buttons of a message version: action id and signed value. */
export function buttonsOf(version: { blocks: Array<Record<string, unknown>> }): Array<{ action_id: string; value: string; text: string }> {
  return version.blocks.flatMap((block) =>
    block.type === 'actions'
      ? (block.elements as Array<{ action_id: string; value: string; text: { text: string } }>).map((element) => ({
          action_id: element.action_id,
          value: element.value,
          text: element.text.text,
        }))
      : [],
  );
}

/** Everything a message version says, text and blocks, for asserting what people read. */
export function textOf(version: { text: string; blocks: Array<Record<string, unknown>> }): string {
  return `${version.text}\n${JSON.stringify(version.blocks)}`;
}

/** Slack's headers for a request to an app: the timestamp and `v0=` HMAC-SHA256 signature. */
export function slackSignedHeaders(signingSecret: string, rawBody: string, timestampSeconds = Math.floor(Date.now() / 1000)) {
  const timestamp = String(timestampSeconds);
  return {
    'content-type': 'application/x-www-form-urlencoded',
    'x-slack-request-timestamp': timestamp,
    'x-slack-signature': slackRequestSignature(signingSecret, timestamp, rawBody),
  };
}

/** A `block_actions` interaction as Slack posts it: form-encoded, the JSON in `payload`. */
export function blockActionsBody(input: {
  teamId: string;
  userId: string;
  channelId: string;
  messageTs: string;
  actionId: string;
  value: string;
}): string {
  const payload = {
    type: 'block_actions',
    team: { id: input.teamId, domain: 'fake' },
    user: { id: input.userId, username: input.userId.toLowerCase(), team_id: input.teamId },
    api_app_id: 'A0FAKEAPP1',
    container: { type: 'message', message_ts: input.messageTs, channel_id: input.channelId, is_ephemeral: false },
    trigger_id: `${Date.now()}.${randomBytes(4).toString('hex')}`,
    channel: { id: input.channelId, name: 'fake' },
    message: { type: 'message', ts: input.messageTs },
    response_url: 'https://hooks.slack.invalid/actions/fake',
    actions: [
      { type: 'button', action_id: input.actionId, block_id: 'tocsin_actions', value: input.value, action_ts: `${Date.now() / 1000}` },
    ],
  };
  return new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
}

/** A slash command as Slack posts it (form fields). */
export function slashCommandBody(input: { teamId: string; userId: string; channelId: string; text: string; command?: string }): string {
  return new URLSearchParams({
    token: 'deprecated-verification-token',
    team_id: input.teamId,
    team_domain: 'fake',
    channel_id: input.channelId,
    channel_name: 'fake',
    user_id: input.userId,
    user_name: input.userId.toLowerCase(),
    command: input.command ?? '/tocsin',
    text: input.text,
    api_app_id: 'A0FAKEAPP1',
    response_url: 'https://hooks.slack.invalid/commands/fake',
    trigger_id: `${Date.now()}.${randomBytes(4).toString('hex')}`,
  }).toString();
}
