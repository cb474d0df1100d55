import { createHmac } from 'node:crypto';
import type { Platform } from '../../../shared/domain/alert.ts';
import { PLATFORMS } from '../../../shared/domain/alert.ts';
import {
  computeSignature,
  SIGNATURE_TOLERANCE_SECONDS,
  signatureHeaderName,
  timestampHeaderName,
  verifyWebhookSignature,
} from '../../../shared/alerts/signature.ts';

const body = Buffer.from('{"alerts":[{"status":"firing","labels":{"alertname":"Up"}}]}');
const current = 'whsec_current_9f3a1c';
const previous = 'whsec_previous_77b2e0';
const hmac = (secret: string, payload: Buffer | string) => createHmac('sha256', secret).update(payload).digest('hex');
const now = Date.UTC(2026, 10, 21, 10, 0, 0);
const nowSeconds = String(now / 1000);

function verify(platform: Platform, headers: Record<string, string | string[] | undefined>, secrets = [current, previous]) {
  return verifyWebhookSignature({ platform, secrets, rawBody: body, headers, now });
}

describe('signature headers', () => {
  it.each<[Platform, string]>([
    ['infra_monitor', 'x-infra-monitor-signature'],
    ['apm', 'x-apm-signature'],
    ['pager', 'x-pager-signature'],
    ['dashboards', 'x-dashboards-signature'],
    ['search_logs', 'x-search-logs-signature'],
    ['observability', 'x-observability-signature'],
    ['metrics_alerts', 'x-metrics-alerts-signature'],
  ])('%s → %s', (platform, name) => {
    expect(signatureHeaderName(platform)).toBe(name);
    expect(timestampHeaderName(platform)).toBe(name.replace(/signature$/, 'timestamp'));
  });

  it('computes the lowercase hex HMAC-SHA256 of the raw body', () => {
    expect(computeSignature(current, body)).toBe(hmac(current, body));
    expect(computeSignature(current, body)).toMatch(/^[0-9a-f]{64}$/);
    expect(computeSignature(current, body, '1795255200')).toBe(hmac(current, `1795255200.${body.toString()}`));
  });
});

describe('verifyWebhookSignature', () => {
  const sig = (secret: string, prefix = 'sha256') => `${prefix}=${hmac(secret, body)}`;

  it.each(PLATFORMS.filter((platform) => platform !== 'pager'))('%s accepts sha256=<hex>', (platform) => {
    expect(verify(platform, { [signatureHeaderName(platform)]: sig(current) })).toEqual({ ok: true, method: 'signature', secretIndex: 0 });
  });

  it('pager accepts v1=<hex> and not the sha256 form', () => {
    expect(verify('pager', { 'x-pager-signature': sig(current, 'v1') })).toMatchObject({ ok: true });
    expect(verify('pager', { 'x-pager-signature': sig(current) })).toMatchObject({ ok: false, reason: 'mismatch' });
  });

  it.each<[string, Record<string, string | string[]>]>([
    ['one of several comma-separated signatures', { 'x-apm-signature': `sha256=${'0'.repeat(64)}, ${sig(current)}` }],
    ['the header in any case', { 'X-Apm-Signature': sig(current) }],
    ['uppercase hex', { 'x-apm-signature': `sha256=${hmac(current, body).toUpperCase()}` }],
    ['a repeated header', { 'x-apm-signature': [`sha256=${'1'.repeat(64)}`, sig(current)] }],
    ['a bearer secret', { authorization: `Bearer ${current}` }],
    ['a bearer secret with a wrong signature beside it', { authorization: `bearer ${current}`, 'x-apm-signature': 'sha256=00' }],
  ])('accepts %s', (_case, headers) => {
    expect(verify('apm', headers)).toMatchObject({ ok: true });
  });

  it('accepts the previous secret during a rotation and says so', () => {
    expect(verify('apm', { 'x-apm-signature': sig(previous) })).toEqual({ ok: true, method: 'signature', secretIndex: 1 });
    expect(verify('apm', { authorization: `Bearer ${previous}` })).toEqual({ ok: true, method: 'bearer', secretIndex: 1 });
    expect(verify('apm', { 'x-apm-signature': sig(previous) }, [current])).toMatchObject({ ok: false, reason: 'mismatch' });
  });

  it.each<[string, Record<string, string>, string | null, string]>([
    ['no credential', {}, null, 'missing'],
    ['an empty signature header', { 'x-apm-signature': '' }, null, 'missing'],
    [
      'a signature with another secret',
      { 'x-apm-signature': `sha256=${hmac('other', body)}` },
      `sha256=${hmac('other', body)}`,
      'mismatch',
    ],
    ['a bare hex signature', { 'x-apm-signature': hmac(current, body) }, hmac(current, body), 'mismatch'],
    [
      'a truncated signature',
      { 'x-apm-signature': `sha256=${hmac(current, body).slice(0, 63)}` },
      `sha256=${hmac(current, body).slice(0, 63)}`,
      'mismatch',
    ],
    ['another platform header', { 'x-pager-signature': `sha256=${hmac(current, body)}` }, null, 'missing'],
    ['a wrong bearer secret', { authorization: 'Bearer guess' }, null, 'mismatch'],
    ['a bearer prefix of the secret', { authorization: `Bearer ${current.slice(0, -1)}` }, null, 'mismatch'],
    ['basic auth', { authorization: `Basic ${Buffer.from(`u:${current}`).toString('base64')}` }, null, 'missing'],
  ])('rejects %s', (_case, headers, receivedSignature, reason) => {
    expect(verify('apm', headers)).toEqual({ ok: false, receivedSignature, reason });
  });

  it('rejects a signature over a different body', () => {
    const result = verifyWebhookSignature({
      platform: 'apm',
      secrets: [current],
      rawBody: Buffer.from(`${body.toString()} `),
      headers: { 'x-apm-signature': sig(current) },
      now,
    });
    expect(result).toMatchObject({ ok: false, reason: 'mismatch' });
  });

  it('never accepts anything when no secret is configured', () => {
    const empty = `sha256=${hmac('', body)}`;
    expect(verify('apm', { 'x-apm-signature': empty }, [''])).toEqual({ ok: false, receivedSignature: empty, reason: 'no_secret' });
    expect(verify('apm', { authorization: 'Bearer ' }, [])).toMatchObject({ ok: false, reason: 'no_secret' });
  });

  it('caps the echoed signature', () => {
    const result = verify('apm', { 'x-apm-signature': 'x'.repeat(5000) });
    expect(result.ok === false && result.receivedSignature?.length).toBe(256);
  });

  describe('replay window', () => {
    const signedAt = (timestamp: string, secret = current) => `sha256=${hmac(secret, `${timestamp}.${body.toString()}`)}`;

    it.each([
      ['now', 0],
      ['at the edge of the window in the past', -SIGNATURE_TOLERANCE_SECONDS],
      ['a little in the future (clock skew)', 30],
    ])('accepts a timestamp from %s', (_case, offset) => {
      const timestamp = String(Number(nowSeconds) + offset);
      expect(verify('apm', { 'x-apm-signature': signedAt(timestamp), 'x-apm-timestamp': timestamp })).toMatchObject({ ok: true });
    });

    it.each([
      ['older than five minutes', String(Number(nowSeconds) - SIGNATURE_TOLERANCE_SECONDS - 1)],
      ['far in the future', String(Number(nowSeconds) + 3600)],
      ['in milliseconds', String(now)],
      ['not a number', 'yesterday'],
    ])('rejects a timestamp %s', (_case, timestamp) => {
      expect(verify('apm', { 'x-apm-signature': signedAt(timestamp), 'x-apm-timestamp': timestamp })).toMatchObject({
        ok: false,
        reason: 'stale_timestamp',
      });
    });

    it('binds the signature to the timestamp', () => {
      const replayed = signedAt(nowSeconds);
      const later = String(Number(nowSeconds) + 60);
      expect(verify('apm', { 'x-apm-signature': replayed, 'x-apm-timestamp': later })).toMatchObject({ ok: false, reason: 'mismatch' });
      // Dropping the timestamp header does not help: the captured signature covers it.
      expect(verify('apm', { 'x-apm-signature': replayed })).toMatchObject({ ok: false, reason: 'mismatch' });
      // A body-only signature is not valid once a timestamp is sent.
      expect(verify('apm', { 'x-apm-signature': sig(current), 'x-apm-timestamp': nowSeconds })).toMatchObject({
        ok: false,
        reason: 'mismatch',
      });
    });

    it('accepts a Date for now and the previous secret', () => {
      const result = verifyWebhookSignature({
        platform: 'pager',
        secrets: [current, previous],
        rawBody: body,
        now: new Date(now),
        headers: { 'x-pager-signature': signedAt(nowSeconds, previous).replace('sha256=', 'v1='), 'x-pager-timestamp': nowSeconds },
      });
      expect(result).toEqual({ ok: true, method: 'signature', secretIndex: 1 });
    });
  });
});
