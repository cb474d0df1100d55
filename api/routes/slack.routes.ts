import type { Context } from 'koa';
import { AppError } from '../../shared/errors.ts';
import { readRawBody } from '../middleware/raw-body.ts';
import { ErrorResponse, envelope } from '../schemas/common.ts';
import { WebhookErrorResponse } from '../schemas/integration.schemas.ts';
import { SlackCommandResponse, SlackInstallResponse, SlackOAuthCallbackQuery } from '../schemas/slack.schemas.ts';
import type { SlackInboundService } from '../services/slack-inbound.service.ts';
import type { SlackInstallService } from '../services/slack-install.service.ts';
import { defineRoute, type RouteInput } from './route.ts';
import { slackDocs } from '../docs/slack.ts';

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

/** The Slack app: install (OAuth v2), button presses and the `/tocsin` slash command. */
export function slackRoutes(install: SlackInstallService, inbound: SlackInboundService) {
  return [
    defineRoute({
      method: 'get',
      path: '/slack/install',
      operationId: 'slackInstall',
      summary: 'Connect Slack: start the app’s install',
      description: slackDocs.slackInstall,
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
      description: slackDocs.slackOAuthCallback,
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
      description: slackDocs.slackInteractions,
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
      description: slackDocs.slackCommands,
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
