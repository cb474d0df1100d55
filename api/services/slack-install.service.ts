import { randomBytes } from 'node:crypto';
import { AppError, ConflictError } from '../../shared/errors.ts';
import type { SecretBox } from '../../shared/crypto/secret-box.ts';
import type { ChannelConnectionStore } from '../../shared/db/access/channel-connections.ts';
import type { SeenRequestStore } from '../../shared/db/access/seen-request-signatures.ts';
import { slackConnectionSchema, slackConnectionSummary, type SlackConnection } from '../../shared/paging/channels/slack.ts';
import { createSlackClient, slackFailure } from '../../shared/paging/slack/client.ts';
import type { AuthContext } from '../auth-context.ts';

/** Where Slack asks a workspace admin to allow the app (a browser page, never called by Tocsin). */
export const SLACK_AUTHORIZE_URL = 'https://slack.com/oauth/v2/authorize';
/** What the bot may do: post and edit its messages (pages, feeds, ephemeral answers), open DMs, take `/tocsin`. */
export const SLACK_BOT_SCOPES = ['chat:write', 'im:write', 'commands'] as const;
/** An install must come back from Slack within this long. */
const STATE_TTL_SECONDS = 10 * 60;
const STATE_DOMAIN = 'tocsin-slack-oauth-state:1:';

export interface SlackInstallDeps {
  clientId: string | undefined;
  clientSecret: string | undefined;
  apiUrl: string;
  publicUrl: string;
  secretBox: SecretBox;
  connections: () => Pick<ChannelConnectionStore, 'put'>;
  seen: () => SeenRequestStore;
  now?: () => Date;
}

export type SlackInstallService = ReturnType<typeof createSlackInstallService>;

export const slackRedirectUri = (publicUrl: string) => `${publicUrl}/api/v1/slack/oauth/callback`;
/** The console page with "Connect Slack", where an install ends. */
const consolePage = (publicUrl: string, outcome: string) => `${publicUrl}/integrations?slack=${encodeURIComponent(outcome)}`;

/**
 * "Connect Slack": Slack's OAuth v2 install. The state is sealed for the signed-in member and
 * organization, lives ten minutes and is spent once; the bot token that `oauth.v2.access` returns
 * is stored sealed as the organization's `slack` connection and never shown again.
 */
export function createSlackInstallService(deps: SlackInstallDeps) {
  const now = deps.now ?? (() => new Date());
  const configured = () => {
    if (!deps.clientId || !deps.clientSecret)
      throw new ConflictError('Slack is not configured on this instance: its operator sets up the Slack app first');
    return { clientId: deps.clientId, clientSecret: deps.clientSecret };
  };

  return {
    /** The authorize URL to send the member's browser to. */
    start(auth: AuthContext): string {
      const { clientId } = configured();
      const state = deps.secretBox.encrypt(
        `${STATE_DOMAIN}${JSON.stringify({
          o: auth.organizationId,
          u: auth.userId,
          n: randomBytes(16).toString('base64url'),
          e: Math.floor(now().getTime() / 1000) + STATE_TTL_SECONDS,
        })}`,
      );
      const url = new URL(SLACK_AUTHORIZE_URL);
      url.searchParams.set('client_id', clientId);
      url.searchParams.set('scope', SLACK_BOT_SCOPES.join(','));
      url.searchParams.set('redirect_uri', slackRedirectUri(deps.publicUrl));
      url.searchParams.set('state', state);
      return url.toString();
    },

    /**
     * Slack's redirect back: checks the state against the signed-in member, exchanges the code and
     * stores the connection. Resolves to the console page to land on (saying how it went).
     */
    async finish(auth: AuthContext, query: { code?: string; state?: string; error?: string }): Promise<string> {
      const { clientId, clientSecret } = configured();
      const claims = openState(query.state ?? '');
      if (!claims || claims.o !== auth.organizationId || claims.u !== auth.userId)
        throw new AppError('BAD_REQUEST', 'This Slack install was not started by you in this organization: start it again from Tocsin');
      if (claims.e * 1000 <= now().getTime()) throw new AppError('BAD_REQUEST', 'This Slack install took too long: start it again');
      if (!(await deps.seen().firstSeen('slack-oauth', claims.n, new Date((claims.e + 60) * 1000))))
        throw new AppError('BAD_REQUEST', 'This Slack install was already completed: start it again to reinstall');
      // The admin declined on Slack's page: nothing to store.
      if (query.error || !query.code) return consolePage(deps.publicUrl, 'denied');
      let granted: Record<string, unknown>;
      try {
        granted = (await (
          await createSlackClient({ apiUrl: deps.apiUrl })
        ).oauth.v2.access({
          client_id: clientId,
          client_secret: clientSecret,
          code: query.code,
          redirect_uri: slackRedirectUri(deps.publicUrl),
        })) as unknown as Record<string, unknown>;
      } catch (error) {
        throw new AppError('BAD_REQUEST', `Slack did not complete the install: ${slackFailure(error)}`);
      }
      const team = granted.team as { id?: unknown; name?: unknown } | null | undefined;
      const parsed = slackConnectionSchema.safeParse({
        bot_token: granted.access_token,
        team_id: team?.id,
        team_name: typeof team?.name === 'string' ? team.name : undefined,
        bot_user_id: typeof granted.bot_user_id === 'string' ? granted.bot_user_id : undefined,
        app_id: typeof granted.app_id === 'string' ? granted.app_id : undefined,
      });
      if (granted.token_type !== 'bot' || !parsed.success)
        throw new AppError('BAD_REQUEST', 'Slack answered without a bot token for a workspace: check the app has a bot user');
      const connection: SlackConnection = parsed.data;
      await deps.connections().put(auth.organizationId, 'slack', {
        sealed: deps.secretBox.encrypt(JSON.stringify(connection)),
        summary: slackConnectionSummary(connection),
      });
      return consolePage(deps.publicUrl, 'connected');
    },
  };

  function openState(state: string): { o: string; u: string; n: string; e: number } | null {
    try {
      const plain = deps.secretBox.decrypt(state);
      if (!plain.startsWith(STATE_DOMAIN)) return null;
      const body = JSON.parse(plain.slice(STATE_DOMAIN.length)) as Record<string, unknown>;
      const { o, u, n, e } = body;
      if (typeof o !== 'string' || typeof u !== 'string' || typeof n !== 'string' || !Number.isInteger(e)) return null;
      return { o, u, n, e: e as number };
    } catch {
      return null;
    }
  }
}
