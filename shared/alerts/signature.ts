// Inbound webhook authentication (spec "Inbound webhook signatures", contract "Integrations and
// inbound webhooks"). A request is authentic when either
// - `X-<Platform>-Signature` holds `sha256=<hex>` (`v1=<hex>` for pager), the HMAC-SHA256 of the
//   raw body keyed with the integration secret; several comma-separated signatures may be sent,
//   and the current and the previous secret are both tried, so either side can rotate first; or
// - `Authorization: Bearer <secret>`, for senders that cannot sign (Alertmanager, Grafana).
// Replay window (opt-in by the sender): when `X-<Platform>-Timestamp` (Unix seconds) is present,
// the HMAC covers `<timestamp>.<raw body>` and the timestamp must be within 5 minutes of now.
// Stripping the header does not help a replayer: the captured signature covers the timestamp.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Platform } from '../domain/alert.ts';

export const SIGNATURE_TOLERANCE_SECONDS = 300;

// Bounds the work one request can cause: each candidate is compared against every secret.
const MAX_SIGNATURES = 8;
// Echoed back in the error body; a sender's typo does not need to travel back in full.
const MAX_ECHOED_SIGNATURE = 256;

const headerSlug = (platform: Platform): string => platform.replaceAll('_', '-');

/** Lowercase, as Node presents incoming header names: `x-infra-monitor-signature`. */
export function signatureHeaderName(platform: Platform): string {
  return `x-${headerSlug(platform)}-signature`;
}

export function timestampHeaderName(platform: Platform): string {
  return `x-${headerSlug(platform)}-timestamp`;
}

/** The prefix of a signature value: `v1` for pager, `sha256` for every other platform. */
export function signatureScheme(platform: Platform): 'sha256' | 'v1' {
  return platform === 'pager' ? 'v1' : 'sha256';
}

/** Lowercase hex HMAC-SHA256 of the raw body, or of `<timestamp>.<raw body>` when a timestamp is given. */
export function computeSignature(secret: string, rawBody: Buffer | string, timestamp?: string): string {
  const hmac = createHmac('sha256', secret);
  if (timestamp !== undefined) hmac.update(`${timestamp}.`);
  return hmac.update(rawBody).digest('hex');
}

export type SignatureFailureReason = 'no_secret' | 'missing' | 'mismatch' | 'stale_timestamp';

export type SignatureVerification =
  | { ok: true; method: 'signature' | 'bearer'; secretIndex: number }
  | { ok: false; receivedSignature: string | null; reason: SignatureFailureReason };

export interface VerifyWebhookSignatureInput {
  platform: Platform;
  /** Current secret first, then the previous one during a rotation; empty entries are ignored. */
  secrets: readonly string[];
  rawBody: Buffer;
  headers: Record<string, string | string[] | undefined>;
  /** Clock for the replay window, in epoch milliseconds; defaults to Date.now(). */
  now?: number | Date;
}

/** Checks the signature header and the bearer credential; either one valid is enough. */
export function verifyWebhookSignature(input: VerifyWebhookSignatureInput): SignatureVerification {
  const secrets = input.secrets.filter((secret) => secret.length > 0);
  const signature = readHeader(input.headers, signatureHeaderName(input.platform));
  // `\s(.+)`, not `\s+(.+)`: two quantifiers that can trade spaces backtrack quadratically.
  const bearer = /^Bearer\s(.+)$/i.exec(readHeader(input.headers, 'authorization') ?? '')?.[1]?.trim();
  const receivedSignature = signature === undefined ? null : signature.slice(0, MAX_ECHOED_SIGNATURE);
  const fail = (reason: SignatureFailureReason): SignatureVerification => ({ ok: false, receivedSignature, reason });

  if (secrets.length === 0) return fail('no_secret');
  if (signature === undefined && bearer === undefined) return fail('missing');

  if (bearer !== undefined) {
    const index = matchBearer(bearer, secrets);
    if (index !== -1) return { ok: true, method: 'bearer', secretIndex: index };
  }
  if (signature === undefined) return fail('mismatch');

  const timestamp = readHeader(input.headers, timestampHeaderName(input.platform));
  if (timestamp !== undefined && !isFresh(timestamp, input.now ?? Date.now())) return fail('stale_timestamp');
  const candidates = parseSignatures(signature, signatureScheme(input.platform));
  const index = matchSignature(candidates, secrets, input.rawBody, timestamp);
  return index === -1 ? fail('mismatch') : { ok: true, method: 'signature', secretIndex: index };
}

function readHeader(headers: VerifyWebhookSignatureInput['headers'], name: string): string | undefined {
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== name || value === undefined) continue;
    const joined = (Array.isArray(value) ? value.join(',') : value).trim();
    return joined === '' ? undefined : joined;
  }
  return undefined;
}

function isFresh(timestamp: string, now: number | Date): boolean {
  if (!/^\d{1,12}$/.test(timestamp)) return false;
  const nowSeconds = (typeof now === 'number' ? now : now.getTime()) / 1000;
  return Math.abs(nowSeconds - Number(timestamp)) <= SIGNATURE_TOLERANCE_SECONDS;
}

/** The 32-byte digests of the well-formed `<scheme>=<hex>` entries; anything else is ignored. */
function parseSignatures(value: string, scheme: string): Buffer[] {
  const pattern = new RegExp(`^${scheme}=([0-9a-f]{64})$`, 'i');
  return value
    .split(',')
    .slice(0, MAX_SIGNATURES)
    .map((entry) => pattern.exec(entry.trim())?.[1])
    .filter((hex): hex is string => hex !== undefined)
    .map((hex) => Buffer.from(hex, 'hex'));
}

// Every candidate is compared with every secret's digest, with no early exit, so the time taken
// says nothing about how close a forgery came.
function matchSignature(candidates: Buffer[], secrets: string[], rawBody: Buffer, timestamp: string | undefined): number {
  let found = -1;
  secrets.forEach((secret, index) => {
    const expected = Buffer.from(computeSignature(secret, rawBody, timestamp), 'hex');
    for (const candidate of candidates) {
      const equal = timingSafeEqual(expected, candidate);
      if (equal && found === -1) found = index;
    }
  });
  return found;
}

// Hashing both sides first gives timingSafeEqual equal lengths and hides the secret's length.
function matchBearer(token: string, secrets: string[]): number {
  const presented = createHash('sha256').update(token).digest();
  let found = -1;
  secrets.forEach((secret, index) => {
    const equal = timingSafeEqual(presented, createHash('sha256').update(secret).digest());
    if (equal && found === -1) found = index;
  });
  return found;
}
