import { createHash } from 'node:crypto';

/**
 * The header a sender may set to name a delivery, the same on each of its retries (the IETF
 * httpapi Idempotency-Key draft's name). None of the seven platforms' documentation promises such
 * a header of its own, so by default a delivery is known by its body.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/**
 * What names one delivery: the raw body's SHA-256, plus the sender's Idempotency-Key when it sent
 * one. The body stays part of it: a key set once as a static header must not fold every later
 * delivery into the first, and the same key on a different body is a new delivery.
 */
export function deliveryKeyOf(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): string {
  const bodyHash = createHash('sha256').update(rawBody).digest('base64url');
  const header = headers[IDEMPOTENCY_KEY_HEADER];
  const idempotencyKey = (Array.isArray(header) ? header[0] : header)?.trim().slice(0, 200);
  return idempotencyKey ? `${bodyHash}:${idempotencyKey}` : bodyHash;
}

/** The alert's receipt key: its integration, its delivery and its index in the payload. */
export function receiptKeyOf(integrationId: string, deliveryKey: string, index: number): string {
  return createHash('sha256').update(`${integrationId.toLowerCase()}\n${deliveryKey}\n${index}`).digest('base64url').slice(0, 32);
}

/** A UUID (version 8, RFC 9562's custom form) from the first 128 bits of a SHA-256. */
function uuidOf(digest: Buffer): string {
  const bytes = Buffer.from(digest.subarray(0, 16));
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x80;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The alert id (idempotency key of every write the alert causes) for an alert received at
 * `receivedAtMs`: the same for every copy of the delivery within one window-long time bucket, so
 * a retry there is skipped by the ingestion activity; a copy in another bucket gets another id (a
 * retry across a bucket boundary is dropped by the ingestion activity, which finds its receipt key
 * stored less than a window earlier; a copy resent after the window, e.g. Alertmanager's
 * repeat_interval, counts).
 */
export function alertIdOf(receiptKey: string, receivedAtMs: number, windowSeconds: number): string {
  const bucket = Math.floor(receivedAtMs / 1000 / windowSeconds);
  return uuidOf(createHash('sha256').update(`${receiptKey}\n${bucket}`).digest());
}
