import { z } from 'zod';
import type { ChannelPage, PageChannel } from '../channel.ts';
import type { ChannelConnectionDescriptor, PageChannelDeps, PageChannelModule } from '../channel-module.ts';
import { oneLine } from '../../mail/notification-mail.ts';
import { pageSummary, redactUrl } from '../contact-page.ts';

/** ntfy's public server, used when neither the member nor the organization names one. */
export const DEFAULT_NTFY_SERVER = 'https://ntfy.sh';

const withoutTrailingSlash = (url: string) => {
  let trimmed = url;
  while (trimmed.endsWith('/')) trimmed = trimmed.slice(0, -1);
  return trimmed;
};

/** ntfy priorities: 5 (max) breaks through Do Not Disturb on Android; 3 is the default. */
export function ntfyPriority(page: Pick<ChannelPage, 'content'>): 3 | 5 {
  if (page.content.test || page.content.verificationCode) return 3;
  return page.content.urgency === 'low' ? 3 : 5;
}

const serverUrl = z
  .url({ protocol: /^https?$/ })
  .max(300)
  .describe('Your ntfy server (e.g. https://ntfy.example.com); absent: the organization’s, else ntfy.sh');
// ntfy topics: letters, digits, `-` and `_`, at most 64 characters. On a public server the topic is
// effectively a password, so it is sealed with the token.
const topic = z
  .string()
  .regex(/^[-_A-Za-z0-9]{1,64}$/, 'letters, digits, - and _ (at most 64)')
  .describe('Your own topic, subscribed in the ntfy app. Write-only: stored encrypted');
const accessToken = z
  .string()
  .regex(/^tk_[A-Za-z0-9]{29}$/, 'an ntfy access token (tk_ and 29 letters or digits)')
  .describe('An ntfy access token allowed to write to the topic (`ntfy token add`). Write-only: stored encrypted');

/** What a push contact method seals. */
interface PushSecret {
  topic: string;
  server_url?: string;
  access_token?: string;
}

/** The organization's ntfy server and, optionally, a token every member's topic is written with. */
const ntfyConnection: ChannelConnectionDescriptor = {
  kind: 'ntfy',
  title: 'ntfy (push)',
  schema: z.object({ server_url: serverUrl, access_token: accessToken.optional() }).strict(),
  summary: (config) => ({ server_url: String(config.server_url), access_token_set: typeof config.access_token === 'string' }),
};

/**
 * The ntfy publish body (JSON to the server root): title, message, priority by urgency, tags, and
 * Acknowledge and Resolve `http` actions that POST to the page's signed links; `view` opens the
 * incident. ntfy takes no idempotency key: a page sent again after a crash says so in its title.
 */
export function ntfyMessage(page: ChannelPage, topicName: string): Record<string, unknown> {
  const { content } = page;
  if (content.verificationCode) {
    return { topic: topicName, title: 'Tocsin verification code', message: pageSummary(content), priority: 3, tags: ['key'] };
  }
  const severity = oneLine(content.incident.severity, 32).toUpperCase();
  const title = `${page.resend ? '[RESENT] ' : ''}${content.test ? '[TEST] ' : ''}[${severity}] ${oneLine(content.incident.title, 200)}`;
  const actions: Array<Record<string, unknown>> = [];
  if (page.actions.acknowledge)
    actions.push({ action: 'http', label: 'Acknowledge', url: page.actions.acknowledge, method: 'POST', clear: true });
  if (page.actions.resolve) actions.push({ action: 'http', label: 'Resolve', url: page.actions.resolve, method: 'POST', clear: true });
  actions.push({ action: 'view', label: 'Open', url: content.incidentUrl });
  return {
    topic: topicName,
    title,
    message: content.test
      ? 'This is a test page you asked for: nothing is wrong.'
      : `${content.reassigned ? 'Reassigned to you' : `Escalation level ${content.level}, round ${content.round}`}. Status: ${content.incident.status}.`,
    priority: ntfyPriority(page),
    tags: [content.urgency === 'low' || content.test ? 'warning' : 'rotating_light'],
    click: content.incidentUrl,
    actions,
  };
}

/** Publishes through ntfy's HTTP API (JSON to the server root) via the SSRF-guarded client. */
export function createPushChannel(deps: PageChannelDeps): PageChannel {
  return {
    kind: 'push',
    async send(page, to, connection, signal) {
      const secret = to.secret as PushSecret | null;
      if (!secret?.topic) return { ok: false, error: 'the push contact method has no topic' };
      if (!deps.outboundHttp) return { ok: false, error: 'no outbound HTTP client configured' };
      const server = withoutTrailingSlash(
        secret.server_url ?? (connection?.server_url as string | undefined) ?? deps.vendorBaseUrls?.push ?? DEFAULT_NTFY_SERVER,
      );
      const token = secret.access_token ?? (connection?.access_token as string | undefined);
      try {
        const response = await deps.outboundHttp({
          url: `${server}/`,
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'user-agent': 'Tocsin-Pager',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: JSON.stringify(ntfyMessage(page, secret.topic)),
          timeoutMs: 10_000,
          signal,
        });
        if (response.status === 401 || response.status === 403) {
          return { ok: false, error: `ntfy refused the access token (HTTP ${response.status})` };
        }
        if (response.status < 200 || response.status >= 300) return { ok: false, error: `ntfy answered HTTP ${response.status}` };
        let id: unknown;
        try {
          id = (JSON.parse(response.body) as { id?: unknown }).id;
        } catch {
          id = undefined;
        }
        return { ok: true, ...(typeof id === 'string' ? { messageRef: id } : {}) };
      } catch (error) {
        return { ok: false, error: redactUrl((error instanceof Error ? error.message : String(error)).slice(0, 1000), server) };
      }
    },
  };
}

export const pushChannel: PageChannelModule = {
  kind: 'push',
  create: createPushChannel,
  destinationSchema: z.object({ topic, server_url: serverUrl.optional(), access_token: accessToken.optional() }),
  toDestination: (fields) => ({
    address: typeof fields.server_url === 'string' ? withoutTrailingSlash(fields.server_url) : null,
    secret: {
      topic: fields.topic,
      ...(typeof fields.server_url === 'string' ? { server_url: fields.server_url } : {}),
      ...(typeof fields.access_token === 'string' ? { access_token: fields.access_token } : {}),
    },
  }),
  verification: 'code',
  connection: ntfyConnection,
};
