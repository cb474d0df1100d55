/**
 * Unseen queries of `npm run bench:search`: written after fusion's weights were fixed and never used
 * to fit or pick anything. They are for the same scenarios as bench/search-fixtures.ts, with new
 * wording: a paraphrase that avoids the words of the scenario's documents and of its first queries,
 * a sentence around an identifier other than the one its first mixed query uses, and an identifier
 * (mostly the alert's name) other than its first keyword query. The grades are the scenario's.
 */
export const UNSEEN_QUERIES: Record<string, { paraphrase: string; mixed: string; keyword: string }> = {
  'pg-conn': {
    paraphrase: "all the slots on our relational store are taken, so the service can't get even one more line to it",
    mixed: "orders-api-7f9c4-x2k can't get a database connection, requests pile up until they time out",
    keyword: 'PostgresTooManyConnections',
  },
  'disk-full': {
    paraphrase: 'kibana shows nothing new because the hosts storing our app output filled their drives to the brim',
    mixed: 'ElasticsearchDiskFloodStage fired and nothing new is getting indexed, how do I free up space',
    keyword: 'ElasticsearchDiskFloodStage',
  },
  'tls-expiry': {
    paraphrase: 'anyone visiting our website gets a full page security warning that the connection is not private',
    mixed: 'EdgeCertificateExpired fired, how do we get a renewed cert onto the load balancer fast',
    keyword: 'EdgeCertificateExpired',
  },
  'kafka-lag': {
    paraphrase: "subscribers to our stream can't keep pace and the pile of unread records keeps getting bigger",
    mixed: 'CommitFailedException in the consumers and the backlog keeps climbing',
    keyword: 'KafkaConsumerLagHigh',
  },
  oom: {
    paraphrase: 'the photo scaling app gets shot by the OS every time someone sends a huge picture, it gobbles up more than its allowance',
    mixed: 'image-resizer-6c9d-kq7 keeps restarting whenever a large photo comes in',
    keyword: 'KubePodOOMKilled',
  },
  dns: {
    paraphrase: "the charging service can't work out which IP the acquirer's url maps to",
    mixed: 'CoreDNSErrorsHigh is firing and outbound calls to the provider fail',
    keyword: 'getaddrinfo',
  },
  'redis-mem': {
    paraphrase:
      "customers keep getting bounced back to the login page since the thing holding their browser state hit its size cap and won't accept anything new",
    mixed: 'session-cache-redis-0 is full and users keep getting logged out',
    keyword: 'RedisMemoryHigh',
  },
  'deploy-rollback': {
    paraphrase:
      "since this afternoon's push nobody gets through the basket, that step blows up client side, should we revert to the prior build",
    mixed: 'errors spiked on web-frontend-canary right after the release, should we roll back',
    keyword: 'FrontendErrorRateHigh',
  },
  'cpu-throttle': {
    paraphrase:
      'the find feature on the site gets sluggish at rush hour while the hosts seem mostly idle, as if a compute cap keeps holding them back',
    mixed: 'search-api-7b6c-p9 gets throttled at peak, how far should we raise the limit',
    keyword: 'CPUThrottlingHigh',
  },
  'cert-mtls': {
    paraphrase:
      "our microservices stopped accepting one another's traffic after our own issuing authority was swapped out, the proxies beside every pod still present old ids",
    mixed: 'sidecars return CERTIFICATE_VERIFY_FAILED on every call between services',
    keyword: 'IstioMTLSHandshakeErrors',
  },
  'rate-limit-provider': {
    paraphrase:
      'the outside company that delivers our transactional messages and texts is capping how fast we can push, so verification codes show up way behind',
    mixed: 'notifications-worker-3 is being throttled by the email provider and sends are backing up',
    keyword: 'NotificationSendThrottled',
  },
  'clock-skew': {
    paraphrase:
      'a couple of hosts have their system date running fast, so newly minted bearer passes get bounced as if they came from the future',
    mixed: 'JWTClaimValidationFailed on some nodes, users get logged out at random',
    keyword: 'NodeClockSkewDetected',
  },
  'migration-lock': {
    paraphrase: 'the ddl we kicked off on the bills ledger is stalling everyone else, inserts just sit there spinning',
    mixed: 'invoice inserts on billing-db-primary hang while a migration holds a lock',
    keyword: 'PostgresLockWaitsHigh',
  },
  'disk-io': {
    paraphrase:
      'BI charts take forever to load because the warehouse server sits waiting on its attached ssd, which has used up its speed allowance',
    mixed: 'VolumeIOWaitHigh keeps paging and every dashboard query crawls',
    keyword: 'VolumeIOWaitHigh',
  },
  'queue-poison': {
    paraphrase:
      'one corrupt entry at the front of the fulfilment pipeline is unreadable, the app chokes on it again and again and everything after it sits idle',
    mixed: 'message 7781 keeps getting retried and the order queue is stuck behind it',
    keyword: 'DeadLetterQueueGrowing',
  },
  ddos: {
    paraphrase: "a hostile swarm of machines is throwing stolen username combos at us and genuine customers can't get in",
    mixed: 'edge-waf-eu-1 shows a huge spike of login attempts from a botnet',
    keyword: 'WAFRateRuleTriggered',
  },
  'cron-missed': {
    paraphrase:
      "the task that sends data to our resellers at two in the morning didn't kick off, the cluster's timer seems to have given up on it",
    mixed: 'nothing ran on scheduler-cron-1 last night and partners are asking for their export',
    keyword: 'CronJobMissedSchedule',
  },
  'secret-rotation': {
    paraphrase:
      'we put the fresh psp token in vault but the running containers still present the previous one, so purchases come back unauthorized',
    mixed: 'we rotated the provider key and now every payment call fails with AuthenticationError',
    keyword: 'PaymentAuthFailures',
  },
  'replica-lag': {
    paraphrase:
      "shoppers who just bought something are told it hasn't gone through, because the follower db hasn't applied the latest changes from the leader",
    mixed: 'PostgresReplicationLagHigh fired and order pages show outdated status',
    keyword: 'PostgresReplicationLagHigh',
  },
  'node-notready': {
    paraphrase: 'a few of our compute hosts fell silent to the control plane and everything running on them got kicked over to other hosts',
    mixed: 'KubeNodeNotReady on three nodes at once and their pods got evicted',
    keyword: 'KubeNodeNotReady',
  },
  'cdn-stale': {
    paraphrase:
      'the delivery network in front of the site keeps handing out superseded files that point at pieces we already removed, so people see broken pages',
    mixed: 'cdn-edge-fra-2 still serves the old bundle after we purged',
    keyword: 'FrontendChunkLoadErrors',
  },
  'thread-pool': {
    paraphrase: 'the front door for all our apis stops answering, every lane it has is tied up with one sluggish service behind it',
    mixed: 'all http-nio-8080-exec threads are stuck waiting on a slow upstream',
    keyword: 'GatewayThreadPoolExhausted',
  },
  'quota-cloud': {
    paraphrase: "the fleet can't grow in the rush because aws says our subscription has hit its ceiling on cores",
    mixed: 'adding nodes fails with VcpuLimitExceeded during the peak',
    keyword: 'ClusterAutoscalerQuotaExceeded',
  },
  'ssl-db': {
    paraphrase: 'ever since we banned plaintext links to the db, the summaries we build for the execs get turned away at the door',
    mixed: 'nightly reports cannot connect to analytics-pg-1 since we forced encryption',
    keyword: 'PostgresAuthFailures',
  },
};
