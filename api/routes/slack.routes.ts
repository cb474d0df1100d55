import type { Context } from 'koa';
import { AppError } from '../../shared/errors.ts';
import { readRawBody } from '../middleware/raw-body.ts';
import { ErrorResponse, envelope } from '../schemas/common.ts';
import { WebhookErrorResponse } from '../schemas/integration.schemas.ts';
import { SlackCommandResponse, SlackInstallResponse, SlackOAuthCallbackQuery } from '../schemas/slack.schemas.ts';
import type { SlackInboundService } from '../services/slack-inbound.service.ts';
import type { SlackInstallService } from '../services/slack-install.service.ts';
import { defineRoute, type RouteInput } from './route.ts';

/** Slack's interaction payloads and commands are small; anything larger is not one. */
const MAX_SLACK_BODY_BYTES = 64 * 1024;

const signed = (ctx: Context) => ({
  timestamp: ctx.get('X-Slack-Request-Timestamp') || undefined,
  signature: ctx.get('X-Slack-Signature') || undefined,
});

/** Counts a refused request against the caller's address, never against anything it named. */
async function countingRefusals<T>(input: Pick<RouteInput<unknown, unknown, unknown>, 'rateLimit'>, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError && error.code === 'WEBHOOK_VALIDATION_FAILED')
      await input.rateLimit({ kind: 'failed_webhook_authentication' });
    throw error;
  }
}

const VERIFIED =
  'Verified as Slack documents: `X-Slack-Signature` is `v0=` and the hex HMAC-SHA256, under the Slack app’s signing secret, of `v0:{X-Slack-Request-Timestamp}:{raw body}`; ' +
  'a timestamp more than 5 minutes from now, a wrong signature or a request already received (a replay) is 401 `WEBHOOK_VALIDATION_FAILED` (webhook error shape) and changes nothing.';

/** The Slack app: install (OAuth v2), button presses and the `/tocsin` slash command. */
export function slackRoutes(install: SlackInstallService, inbound: SlackInboundService) {
  return [
    defineRoute({
      method: 'get',
      path: '/slack/install',
      operationId: 'slackInstall',
      summary: 'Connect Slack: start the app’s install',
      description:
        "Answers 302 to Slack's authorize page (`Accept: application/json`: 200 with `authorization_url`) for the bot scopes the app needs, with a state sealed for you and your organization " +
        '(10 minutes, single use). 409 when the operator has not configured a Slack app on this instance.',
      tags: ['channels'],
      access: 'integrations:update',
      responses: {
        200: { description: 'With Accept: application/json', schema: SlackInstallResponse },
        302: { description: "Redirect to Slack's authorize page (Location)" },
      },
      errors: [409],
      handler: (_input, ctx) => {
        const url = install.start(_input.auth);
        if (ctx.accepts('html', 'json') === 'json') return { body: envelope({ authorization_url: url }) };
        return { status: 302, headers: { Location: url } };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/slack/oauth/callback',
      operationId: 'slackOAuthCallback',
      summary: 'Slack’s redirect back after the install',
      description:
        "Slack sends the admin's browser here with `code` and `state`. The state must be one this member started in this organization, within 10 minutes, not used before (400 otherwise). " +
        "The code is exchanged with `oauth.v2.access`; the bot token is stored sealed as the organization's `slack` channel connection (never shown again) " +
        'and the answer is 302 to the console’s channel connections page (`?slack=connected`, or `?slack=denied` when the admin declined).',
      tags: ['channels'],
      access: 'integrations:update',
      request: { query: SlackOAuthCallbackQuery },
      responses: {
        302: { description: 'Redirect to the console (Location)' },
        400: { description: 'A state of someone else, expired or spent, or Slack refused the code (BAD_REQUEST)', schema: ErrorResponse },
      },
      errors: [409],
      handler: async ({ auth, query }) => ({ status: 302, headers: { Location: await install.finish(auth, query) } }),
    }),
    defineRoute({
      method: 'post',
      path: '/slack/interactions',
      operationId: 'slackInteractions',
      summary: 'Slack button presses (signed by Slack, no credential)',
      description:
        `${VERIFIED} A press of Acknowledge, Resolve or Escalate acts on the incident its button was made for as the Slack user's linked member, with their role, once ` +
        '(timeline, audit, the escalation stops); the message is then updated for everyone. A user not linked, or linked in another organization, is told why (an ephemeral message, ' +
        'with the link to link their account) and nothing changes. Always 200 once verified: Slack shows the answer, not the status.',
      tags: ['channels'],
      access: 'public',
      authenticatedBy: 'handler',
      request: { bodyContentTypes: ['application/x-www-form-urlencoded'] },
      responses: {
        200: { description: 'Received' },
        401: { description: 'Webhook error (WEBHOOK_VALIDATION_FAILED)', schema: WebhookErrorResponse },
        413: { description: 'Webhook error (PAYLOAD_TOO_LARGE)', schema: WebhookErrorResponse },
      },
      handler: async (input, ctx) => {
        const raw = await readRawBody(ctx, MAX_SLACK_BODY_BYTES);
        await countingRefusals(input, () => inbound.interaction(signed(ctx), raw));
        return { status: 200, body: '' };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/slack/commands',
      operationId: 'slackCommands',
      summary: 'The `/tocsin` slash command (signed by Slack, no credential)',
      description:
        `${VERIFIED} \`/tocsin ack <incident id>\`, \`resolve <incident id>\`, \`incident <incident id>\`, \`oncall\` and \`link\`, as the Slack user's linked member; ` +
        'the answer is shown to that user only.',
      tags: ['channels'],
      access: 'public',
      authenticatedBy: 'handler',
      request: { bodyContentTypes: ['application/x-www-form-urlencoded'] },
      responses: {
        200: { description: 'The answer Slack shows', schema: SlackCommandResponse },
        401: { description: 'Webhook error (WEBHOOK_VALIDATION_FAILED)', schema: WebhookErrorResponse },
        413: { description: 'Webhook error (PAYLOAD_TOO_LARGE)', schema: WebhookErrorResponse },
      },
      handler: async (input, ctx) => {
        const raw = await readRawBody(ctx, MAX_SLACK_BODY_BYTES);
        return { body: await countingRefusals(input, () => inbound.command(signed(ctx), raw)) };
      },
    }),
  ];
}
