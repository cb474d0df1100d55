/**
 * How many bucket workflows share one integration's alerts (docs/ingestion.md says why 4): few
 * enough that two integrations' busy buckets and the polls fit the ingestion worker's slots
 * (INGESTION_WORKER_TUNING), so a storm never leaves a bucket waiting for one, and each batch
 * carries many keys. Changing it moves keys to other buckets: safe (PostgreSQL decides dedup), but
 * a key's alerts in flight during the change may apply out of order.
 */
export const ALERT_BUCKETS = 4;

/**
 * 32-bit FNV-1a over the key's UTF-16 code units: stable across processes, versions and
 * platforms (unlike a language's own string hash), and spreads short similar keys well.
 */
export function fnv1a32(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** The bucket (0 ≤ n < buckets) whose workflow applies the alerts of a dedup key. */
export function alertBucketOf(dedupKey: string, buckets = ALERT_BUCKETS): number {
  return fnv1a32(dedupKey) % Math.max(1, Math.floor(buckets));
}
