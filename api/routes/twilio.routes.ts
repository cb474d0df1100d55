import type { Context } from 'koa';
import { z } from 'zod';
import { WebhookError } from '../../shared/errors.ts';
import { WebhookErrorResponse } from '../schemas/integration.schemas.ts';
import type { TwilioInboundService, TwilioWebhookRequest } from '../services/twilio-inbound.service.ts';
import { defineRoute, type RateLimitSubject } from './route.ts';
import { twilioDocs } from '../docs/twilio.ts';

const OrganizationParams = z.object({ organizationId: z.uuid().describe('The organization whose Twilio connection signs the request') });
const PageParams = OrganizationParams.extend({ pageId: z.uuid().describe('The page the message or call was sent for') });
// Twilio posts flat form fields; every one of them is covered by its signature, so all are kept.
const TwilioForm = z
  .record(z.string().max(200), z.union([z.string().max(10_000), z.array(z.string().max(10_000)).max(50)]))
  .refine((form) => Object.keys(form).length <= 200, 'at most 200 parameters')
  .describe("Twilio's webhook parameters (form-encoded), e.g. `MessageSid`, `From`, `To`, `Body`, `CallSid`, `Digits`, `AccountSid`");

const TWIML = { description: 'TwiML (what Twilio says or texts back)', contentType: 'text/xml' };
const TWIML_HEADERS = { 'Content-Type': 'text/xml; charset=utf-8', 'Cache-Control': 'no-store' };
const REFUSED = {
  description: "Webhook error (WEBHOOK_VALIDATION_FAILED): not signed with the organization's Auth Token",
  schema: WebhookErrorResponse,
};
const MISSING = {
  description: 'Webhook error (INVALID_PAYLOAD): a parameter Twilio always sends is missing',
  schema: WebhookErrorResponse,
};

const requestOf = (ctx: Context, organizationId: string, body: TwilioWebhookRequest['params']): TwilioWebhookRequest => ({
  organizationId,
  pathAndQuery: ctx.originalUrl,
  signature: ctx.get('X-Twilio-Signature') || undefined,
  signatureSettings: ctx.get('X-Twilio-Webhooks-Signature-Settings') || undefined,
  params: body,
});

/** Answers TwiML; a request that fails the signature check counts against the client's address, never the organization. */
async function twiml(rateLimit: (subject: RateLimitSubject) => Promise<void>, answer: () => Promise<string>) {
  try {
    return { headers: TWIML_HEADERS, body: await answer() };
  } catch (error) {
    if (error instanceof WebhookError && error.code === 'WEBHOOK_VALIDATION_FAILED')
      await rateLimit({ kind: 'failed_webhook_authentication' });
    throw error;
  }
}

/** Twilio's webhooks: replies to SMS pages, and voice pages' calls. Public: Twilio's signature is the credential. */
export function twilioRoutes(twilio: TwilioInboundService) {
  const common = {
    method: 'post' as const,
    tags: ['channels'],
    access: 'public' as const,
    authenticatedBy: 'handler' as const,
    auditedBy: 'handler' as const,
    errors: [429],
  };
  return [
    defineRoute({
      ...common,
      path: '/twilio/{organizationId}/sms',
      operationId: 'twilioInboundSms',
      summary: 'A reply to an SMS page (the Twilio number’s messaging webhook)',
      description: twilioDocs.twilioInboundSms,
      request: { params: OrganizationParams, body: TwilioForm, bodyContentTypes: ['application/x-www-form-urlencoded'] },
      responses: { 200: TWIML, 400: MISSING, 401: REFUSED },
      handler: ({ params, body, rateLimit }, ctx) => twiml(rateLimit, () => twilio.sms(requestOf(ctx, params.organizationId, body))),
    }),
    defineRoute({
      ...common,
      path: '/twilio/{organizationId}/pages/{pageId}/status',
      operationId: 'twilioPageStatus',
      summary: 'Twilio’s delivery report on an SMS or voice page',
      description: twilioDocs.twilioPageStatus,
      request: { params: PageParams, body: TwilioForm, bodyContentTypes: ['application/x-www-form-urlencoded'] },
      responses: { 200: TWIML, 400: MISSING, 401: REFUSED },
      handler: ({ params, body, rateLimit }, ctx) =>
        twiml(rateLimit, () => twilio.pageStatus(requestOf(ctx, params.organizationId, body), params.pageId)),
    }),
    defineRoute({
      ...common,
      path: '/twilio/{organizationId}/voice',
      operationId: 'twilioInboundCall',
      summary: 'A call to the Twilio number (its voice webhook)',
      description: twilioDocs.twilioInboundCall,
      request: { params: OrganizationParams, body: TwilioForm, bodyContentTypes: ['application/x-www-form-urlencoded'] },
      responses: { 200: TWIML, 401: REFUSED },
      handler: ({ params, body, rateLimit }, ctx) =>
        twiml(rateLimit, () => twilio.voiceInbound(requestOf(ctx, params.organizationId, body))),
    }),
    defineRoute({
      ...common,
      path: '/twilio/{organizationId}/voice/pages/{pageId}',
      operationId: 'twilioVoicePage',
      summary: 'The TwiML of a voice page’s call',
      description: twilioDocs.twilioVoicePage,
      request: { params: PageParams, body: TwilioForm, bodyContentTypes: ['application/x-www-form-urlencoded'] },
      responses: { 200: TWIML, 401: REFUSED },
      handler: ({ params, body, rateLimit }, ctx) =>
        twiml(rateLimit, () => twilio.voicePage(requestOf(ctx, params.organizationId, body), params.pageId)),
    }),
    defineRoute({
      ...common,
      path: '/twilio/{organizationId}/voice/pages/{pageId}/gather',
      operationId: 'twilioVoiceGather',
      summary: 'The key pressed on a voice page’s call',
      description: twilioDocs.twilioVoiceGather,
      request: { params: PageParams, body: TwilioForm, bodyContentTypes: ['application/x-www-form-urlencoded'] },
      responses: { 200: TWIML, 400: MISSING, 401: REFUSED },
      handler: ({ params, body, rateLimit }, ctx) =>
        twiml(rateLimit, () => twilio.voiceGather(requestOf(ctx, params.organizationId, body), params.pageId)),
    }),
  ];
}
