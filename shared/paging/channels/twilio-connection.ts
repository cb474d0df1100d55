import { z } from 'zod';
import type { ChannelConnectionDescriptor, StoredDestination } from '../channel-module.ts';

/** A phone number as Twilio takes and reports it: E.164, `+` then up to 15 digits. */
export const E164_PHONE = z
  .string()
  .trim()
  .regex(/^\+[1-9]\d{6,14}$/, 'must be a phone number in E.164 form, e.g. +14155550100');

/**
 * An organization's Twilio connection (the `twilio` channel connection): the account's SID and
 * Auth Token (the Auth Token also verifies Twilio's webhooks, so it is sealed and never shown
 * again), the number pages come from (calls need a number), and optionally a Messaging Service
 * that sends the SMS instead of the number.
 */
export const TwilioConnectionSchema = z
  .object({
    accountSid: z
      .string()
      .trim()
      .regex(/^AC[0-9a-fA-F]{32}$/, 'must be the account SID from the Twilio console (AC followed by 32 hexadecimal digits)'),
    authToken: z
      .string()
      .trim()
      .regex(/^[0-9a-fA-F]{32}$/, 'must be the Auth Token from the Twilio console (32 hexadecimal digits)'),
    fromNumber: E164_PHONE,
    messagingServiceSid: z
      .string()
      .trim()
      .regex(/^MG[0-9a-fA-F]{32}$/, 'must be a Messaging Service SID (MG followed by 32 hexadecimal digits)')
      .optional(),
  })
  .strict();
export type TwilioConnection = z.output<typeof TwilioConnectionSchema>;

/** What responses show of a Twilio connection: never the Auth Token. */
export function twilioConnectionSummary(connection: TwilioConnection): Record<string, string> {
  return {
    accountSid: connection.accountSid,
    fromNumber: connection.fromNumber,
    ...(connection.messagingServiceSid ? { messagingServiceSid: connection.messagingServiceSid } : {}),
  };
}

/** The opened connection a channel receives, checked again: a stored value from an older schema fails closed. */
export function parseTwilioConnection(value: unknown): TwilioConnection | null {
  const parsed = TwilioConnectionSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The organization's Twilio connection, shared by the SMS and voice channels. */
export const twilioConnectionDescriptor: ChannelConnectionDescriptor = {
  kind: 'twilio',
  title: 'Twilio (SMS and voice)',
  schema: TwilioConnectionSchema,
  summary: (config) => {
    const parsed = parseTwilioConnection(config);
    return parsed ? twilioConnectionSummary(parsed) : {};
  },
};

/** An `sms` or `voice` contact method: the member's number is its public address; nothing is sealed. */
export const PhoneDestinationSchema = z.object({
  address: E164_PHONE.describe('The phone number in E.164 form (e.g. +14155550100); verified by a 6-digit code sent to it'),
});

export const phoneDestination = (fields: Record<string, unknown>): StoredDestination => ({ address: String(fields.address), secret: null });
