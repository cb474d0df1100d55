import { ALERT_BUCKETS, alertBucketOf, fnv1a32 } from '../../../shared/domain/alert-bucket.ts';

describe('fnv1a32', () => {
  // The published FNV-1a 32-bit test vectors: the hash must never change, or keys move bucket.
  test.each([
    ['', 0x811c9dc5],
    ['a', 0xe40c292c],
    ['foobar', 0xbf9cf968],
  ])('%j hashes to the reference value', (text, expected) => {
    expect(fnv1a32(text)).toBe(expected);
  });
});

describe('alertBucketOf', () => {
  test.each([
    ['', 16, 5],
    ['a', 16, 12],
    ['foobar', 16, 8],
    ['host-1:cpu', 16, 1],
    ['é', 16, 4],
    ['foobar', 1, 0],
    ['foobar', 0, 0],
  ])('key %j over %i buckets is bucket %i', (key, buckets, expected) => {
    expect(alertBucketOf(key, buckets)).toBe(expected);
  });

  test('is in range and spreads many keys over every bucket, none with less than half its share or more than twice', () => {
    const counts = new Array<number>(ALERT_BUCKETS).fill(0);
    for (let index = 0; index < 16_000; index += 1) {
      const bucket = alertBucketOf(`fingerprint-${index}`);
      expect(bucket).toBeGreaterThanOrEqual(0);
      expect(bucket).toBeLessThan(ALERT_BUCKETS);
      counts[bucket] = (counts[bucket] as number) + 1;
    }
    const share = 16_000 / ALERT_BUCKETS;
    for (const count of counts) {
      expect(count).toBeGreaterThan(share / 2);
      expect(count).toBeLessThan(share * 2);
    }
  });
});
