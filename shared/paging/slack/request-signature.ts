import { createHmac, timingSafeEqual } from 'node:crypto';

/** Slack refuses nothing older itself; its docs ask apps to drop requests more than five minutes off. */
export const SLACK_REQUEST_MAX_AGE_SECONDS = 5 * 60;

/**
 * `X-Slack-Signature` as Slack computes it: `v0=` and the hex HMAC-SHA256, under the app's signing
 * secret, of `v0:{X-Slack-Request-Timestamp}:{raw body}`.
 */
export function slackRequestSignature(signingSecret: string, timestamp: string, rawBody: Buffer | string): string {
  const mac = createHmac('sha256', signingSecret);
  mac.update(`v0:${timestamp}:`);
  mac.update(rawBody);
  return `v0=${mac.digest('hex')}`;
}

export interface SlackRequestToVerify {
  signingSecret: string;
  timestampHeader: string | undefined;
  signatureHeader: string | undefined;
  rawBody: Buffer;
  now: Date;
}

export type SlackRequestCheck =
  { ok: true; timestamp: number; signature: string } | { ok: false; reason: 'missing' | 'malformed' | 'stale' | 'signature' };

const TIMESTAMP = /^\d{1,12}$/;
const SIGNATURE = /^v0=[0-9a-f]{64}$/;

/**
 * Checks a request exactly as Slack documents: the timestamp within five minutes of now (either way),
 * then the signature, compared in constant time. Replays inside the window are the caller's part
 * (a store of seen signatures): this module does no I/O.
 */
export function verifySlackRequest(request: SlackRequestToVerify): SlackRequestCheck {
  const { timestampHeader, signatureHeader } = request;
  if (!timestampHeader || !signatureHeader) return { ok: false, reason: 'missing' };
  if (!TIMESTAMP.test(timestampHeader) || !SIGNATURE.test(signatureHeader)) return { ok: false, reason: 'malformed' };
  const timestamp = Number(timestampHeader);
  if (Math.abs(request.now.getTime() / 1000 - timestamp) > SLACK_REQUEST_MAX_AGE_SECONDS) return { ok: false, reason: 'stale' };
  const expected = Buffer.from(slackRequestSignature(request.signingSecret, timestampHeader, request.rawBody));
  const given = Buffer.from(signatureHeader);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'signature' };
  return { ok: true, timestamp, signature: signatureHeader };
}
