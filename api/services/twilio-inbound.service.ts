import type { SecretBox } from '../../shared/crypto/secret-box.ts';
import type { ChannelConnectionStore } from '../../shared/db/access/channel-connections.ts';
import type { TwilioWebhookStore } from '../../shared/db/access/twilio-webhooks.ts';
import { WebhookError } from '../../shared/errors.ts';
import type { PageAction } from '../../shared/paging/channel.ts';
import { parseTwilioConnection, type TwilioConnection } from '../../shared/paging/channels/twilio-connection.ts';
import { parseReply, REPLY_HELP, TWILIO_ACTION_KEYS } from '../../shared/paging/channels/twilio-messages.ts';
import { smsReplyTwiml, voiceAskAgain, voicePageTwiml, voiceSayAndHangUp } from '../../shared/paging/channels/twilio-twiml.ts';
import { twilioWebhookUrls } from '../../shared/paging/channels/twilio-webhook-urls.ts';
import type { ChannelActionService } from './channel-action.service.ts';
import { isSignedByTwilio } from './twilio-signature.ts';

/** A request Twilio made to one of an organization's webhook URLs, as received. */
export interface TwilioWebhookRequest {
  organizationId: string;
  /** The path and query string as requested: with the public URL before it, what Twilio signed. */
  pathAndQuery: string;
  signature: string | undefined;
  signatureSettings: string | undefined;
  params: Record<string, string | string[]>;
}

export type TwilioInboundService = ReturnType<typeof createTwilioInboundService>;

const param = (params: TwilioWebhookRequest['params'], name: string): string | undefined => {
  const value = params[name];
  return typeof value === 'string' ? value : undefined;
};

/** What a final Twilio status means for the paged member; null when the message or call got through. */
export function undeliveredReason(status: string, errorCode: string | undefined): string | null {
  const code = errorCode ? ` (Twilio error ${errorCode.slice(0, 10)})` : '';
  switch (status) {
    case 'undelivered':
    case 'failed':
      return `Twilio reports the page ${status}${code}`;
    case 'busy':
      return 'The call was not answered: the line was busy';
    case 'no-answer':
      return 'The call was not answered';
    default:
      return null;
  }
}

const NOT_FROM_TWILIO = "The request is not signed with this organization's Twilio Auth Token (X-Twilio-Signature)";

/**
 * Twilio's webhooks for an organization: replies to SMS pages, and the calls of voice pages (their
 * TwiML and the key pressed). Each request is checked against the organization's Auth Token before
 * anything in it is believed, acted on once (Twilio signs no timestamp: the MessageSid or CallSid
 * is the replay guard), and acts through the channel action service as the member whose number the
 * page went to: their role's permissions, timeline, audit, the escalation stops.
 */
export function createTwilioInboundService(deps: {
  connections: () => Pick<ChannelConnectionStore, 'find'>;
  secretBox: SecretBox;
  webhooks: () => TwilioWebhookStore;
  actions: Pick<ChannelActionService, 'apply'>;
  publicUrl: string;
}) {
  async function connectionOf(organizationId: string): Promise<TwilioConnection | null> {
    const row = await deps.connections().find(organizationId, 'twilio');
    if (!row) return null;
    try {
      return parseTwilioConnection(JSON.parse(deps.secretBox.decrypt(row.config_sealed)));
    } catch {
      return null;
    }
  }

  /** Throws 401 unless Twilio signed this request with the organization's Auth Token for its account. */
  async function verify(request: TwilioWebhookRequest): Promise<void> {
    const connection = await connectionOf(request.organizationId);
    const signed =
      connection !== null &&
      isSignedByTwilio(connection.authToken, {
        signature: request.signature,
        signatureSettings: request.signatureSettings,
        url: `${deps.publicUrl}${request.pathAndQuery}`,
        params: request.params,
      }) &&
      param(request.params, 'AccountSid') === connection.accountSid;
    if (!signed) throw new WebhookError('WEBHOOK_VALIDATION_FAILED', NOT_FROM_TWILIO, { received_signature: request.signature ?? null });
  }

  const required = (request: TwilioWebhookRequest, name: string): string => {
    const value = param(request.params, name);
    if (!value) throw new WebhookError('INVALID_PAYLOAD', `Twilio's ${name} parameter is missing`, { field: name });
    return value;
  };

  const act = (
    request: TwilioWebhookRequest,
    page: { page_id: string; incident_id: string; user_id: string },
    action: PageAction,
    channel: 'sms' | 'voice',
  ) =>
    deps.actions.apply({
      organizationId: request.organizationId,
      incidentId: page.incident_id,
      action,
      channel,
      userId: page.user_id,
      pageId: page.page_id,
    });

  return {
    /**
     * A reply to an SMS page: `4` acknowledges, `6` resolves, `9` escalates the most recent page
     * sent to the sender's number in this organization. Answers TwiML with what happened; a replay
     * answers nothing.
     */
    async sms(request: TwilioWebhookRequest): Promise<string> {
      await verify(request);
      const sid = required(request, 'MessageSid');
      const from = required(request, 'From');
      if (!(await deps.webhooks().claim(request.organizationId, sid))) return smsReplyTwiml(null);
      const reply = parseReply(param(request.params, 'Body') ?? '');
      if (reply.kind === 'help') return smsReplyTwiml(REPLY_HELP);
      const page = await deps.webhooks().latestPageToNumber(request.organizationId, from);
      if (!page) return smsReplyTwiml('Tocsin has paged no one at this number: nothing was changed.');
      return smsReplyTwiml((await act(request, page, reply.action, 'sms')).message);
    },

    /**
     * Twilio's report on a page's SMS or call: a final failure (undelivered, busy, not answered) is
     * recorded on the page, so its delivery status shows the truth; anything else changes nothing.
     */
    async pageStatus(request: TwilioWebhookRequest, pageId: string): Promise<string> {
      await verify(request);
      const messageStatus = param(request.params, 'MessageStatus');
      const sid = required(request, messageStatus ? 'MessageSid' : 'CallSid');
      const status = messageStatus ?? param(request.params, 'CallStatus') ?? '';
      const failure = undeliveredReason(status, param(request.params, 'ErrorCode'));
      if (failure) await deps.webhooks().recordUndelivered(request.organizationId, pageId, sid, failure);
      return smsReplyTwiml(null);
    },

    /** Someone called the organization's number: pages go out only. */
    async voiceInbound(request: TwilioWebhookRequest): Promise<string> {
      await verify(request);
      return voiceSayAndHangUp('This number only places calls for Tocsin pages. Goodbye.');
    },

    /** The TwiML of a voice page's call, when answered: the incident as it is now, and the keys. */
    async voicePage(request: TwilioWebhookRequest, pageId: string): Promise<string> {
      await verify(request);
      const page = await deps.webhooks().voicePage(request.organizationId, pageId);
      if (!page || page.address !== param(request.params, 'To')) return voiceSayAndHangUp('This Tocsin page no longer exists. Goodbye.');
      return voicePageTwiml(page, twilioWebhookUrls(deps.publicUrl, request.organizationId).voiceGather(pageId));
    },

    /** A key pressed on a voice page's call: acts once per call and key; says what happened. */
    async voiceGather(request: TwilioWebhookRequest, pageId: string): Promise<string> {
      await verify(request);
      const callSid = required(request, 'CallSid');
      const digits = param(request.params, 'Digits') ?? '';
      const action = (TWILIO_ACTION_KEYS as Record<string, PageAction>)[digits];
      const gatherUrl = twilioWebhookUrls(deps.publicUrl, request.organizationId).voiceGather(pageId);
      if (!action) return voiceAskAgain(gatherUrl);
      const page = await deps.webhooks().voicePage(request.organizationId, pageId);
      if (!page || page.address !== param(request.params, 'To')) {
        return voiceSayAndHangUp('This was a test page, or the page no longer exists: nothing was changed. Goodbye.');
      }
      if (!(await deps.webhooks().claim(request.organizationId, `${callSid}:${digits}`))) return voiceSayAndHangUp('Goodbye.');
      return voiceSayAndHangUp(`${(await act(request, page, action, 'voice')).message} Goodbye.`);
    },
  };
}
