// The console's copy of shared/domain/alert-bucket.ts (the console builds from src/ only); a unit
// test (test/console/alert-bucket.test.ts) keeps the two equal.

/** How many bucket workflows share one integration's alerts. */
export const ALERT_BUCKETS = 4;

/** The bucket workflow id applying the alerts of a dedup key: `alert-bucket:<org>:<integration>:<n>`. */
export function alertBucketWorkflowId(organizationId: string, integrationId: string, dedupKey: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < dedupKey.length; index += 1) {
    hash ^= dedupKey.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `alert-bucket:${organizationId}:${integrationId}:${(hash >>> 0) % ALERT_BUCKETS}`;
}
