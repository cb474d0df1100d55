import { alertIdOf, deliveryKeyOf, receiptKeyOf } from '../../api/services/alert-receipt.ts';

const INTEGRATION = '0b7c9d2e-3f4a-4b5c-8d6e-7f8091a2b3c4';
const body = Buffer.from('{"status":"firing","alerts":[{"fingerprint":"f1"}]}');
const WINDOW = 600;
const T0 = Date.UTC(2026, 0, 1, 12, 0, 0);

describe('deliveryKeyOf', () => {
  it.each([
    ['the same body', body, {}, body, {}, true],
    ['another body', body, {}, Buffer.from('{"status":"firing","alerts":[{"fingerprint":"f2"}]}'), {}, false],
    ['the same body and Idempotency-Key', body, { 'idempotency-key': 'd-1' }, body, { 'idempotency-key': 'd-1' }, true],
    ['the same body, another Idempotency-Key', body, { 'idempotency-key': 'd-1' }, body, { 'idempotency-key': 'd-2' }, false],
    ['the same body with and without a key', body, { 'idempotency-key': 'd-1' }, body, {}, false],
    // A static key (set once as an extra header) must not fold different deliveries together.
    [
      'another body, the same Idempotency-Key',
      body,
      { 'idempotency-key': 'static' },
      Buffer.from('{}'),
      { 'idempotency-key': 'static' },
      false,
    ],
    ['a blank key is no key', body, { 'idempotency-key': '  ' }, body, {}, true],
  ])('%s: same delivery = %p', (_what, bodyA, headersA, bodyB, headersB, same) => {
    expect(deliveryKeyOf(bodyA, headersA) === deliveryKeyOf(bodyB, headersB)).toBe(same);
  });
});

describe('receiptKeyOf', () => {
  const delivery = deliveryKeyOf(body, {});
  it.each([
    ['the same integration, delivery and index', [INTEGRATION, delivery, 0], true],
    ['another index in the payload', [INTEGRATION, delivery, 1], false],
    ['another integration', ['1b7c9d2e-3f4a-4b5c-8d6e-7f8091a2b3c4', delivery, 0], false],
    ['the integration id in capitals', [INTEGRATION.toUpperCase(), delivery, 0], true],
  ] as const)('%s: same key = %p', (_what, [integration, key, index], same) => {
    expect(receiptKeyOf(integration, key, index) === receiptKeyOf(INTEGRATION, delivery, 0)).toBe(same);
  });
});

describe('alertIdOf', () => {
  const key = receiptKeyOf(INTEGRATION, deliveryKeyOf(body, {}), 0);
  const bucketStart = Math.floor(T0 / 1000 / WINDOW) * WINDOW * 1000;

  it('is a version 8 UUID', () => {
    expect(alertIdOf(key, T0, WINDOW)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it.each([
    ['a retry in the same bucket', bucketStart + 1000, bucketStart + WINDOW * 1000 - 1, true],
    [
      'a retry across the bucket boundary (the workflow drops it)',
      bucketStart + WINDOW * 1000 - 1000,
      bucketStart + WINDOW * 1000 + 1000,
      false,
    ],
    ['a resend after the window', bucketStart, bucketStart + (WINDOW + 1) * 1000, false],
  ])('%s: same id = %p', (_what, first, second, same) => {
    expect(alertIdOf(key, first, WINDOW) === alertIdOf(key, second, WINDOW)).toBe(same);
  });

  it('differs between receipt keys received at the same time', () => {
    expect(alertIdOf(key, T0, WINDOW)).not.toBe(alertIdOf(receiptKeyOf(INTEGRATION, deliveryKeyOf(body, {}), 1), T0, WINDOW));
  });
});
