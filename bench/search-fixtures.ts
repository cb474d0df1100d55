// Labeled fixture set of `npm run bench:search`: incidents, runbooks and articles generated from
// hand-written failure scenarios, with queries of three kinds per scenario (a paraphrase in a
// responder's words, a pasted error log, a service-and-symptom query) and graded relevance:
// 3 = the scenario's runbook and article, 2 = its incidents, 1 = other documents of the same service.
import type { SearchDocument, SearchDocumentType } from '../shared/search/search-index.ts';

interface Scenario {
  key: string;
  service: string;
  titles: string[];
  symptoms: string[];
  error: string;
  runbook: { name: string; steps: string[] };
  article: { title: string; body: string };
  paraphrase: string;
  serviceQuery: string;
}

const S: Scenario[] = [
  { key: 'pg-conn', service: 'orders-api', titles: ['Database connection pool exhausted', 'Postgres rejecting new connections', 'Too many DB clients on the primary'],
    symptoms: ['Requests queued waiting for a database connection until they timed out.', 'The primary hit max_connections and refused new clients.', 'Connection pool saturation caused 503s on order creation.'],
    error: 'FATAL: sorry, too many clients already (SQLSTATE 53300)',
    runbook: { name: 'Relieve PostgreSQL connection exhaustion', steps: ['Check pg_stat_activity for idle in transaction sessions', 'Terminate leaked sessions with pg_terminate_backend', 'Lower the application pool size or route through PgBouncer'] },
    article: { title: 'Why our services share PgBouncer', body: 'Each PostgreSQL backend costs memory; transaction pooling in PgBouncer lets hundreds of app workers share a few dozen server connections.' },
    paraphrase: 'sql server will not take any more sessions from the app', serviceQuery: 'orders-api database clients refused' },
  { key: 'disk-full', service: 'logging-cluster', titles: ['Disk full on logging nodes', 'Log indices went read-only', 'Storage watermark reached on log cluster'],
    symptoms: ['Nodes crossed the flood-stage disk watermark and indices were set read-only.', 'Log ingestion stopped because data volumes ran out of space.', 'Shards could not be allocated: no free disk left.'],
    error: 'cluster_block_exception: index [logs-2026.11.21] blocked by: [TOO_MANY_REQUESTS/12/disk usage exceeded flood-stage watermark]',
    runbook: { name: 'Free disk on the log cluster', steps: ['Delete indices past retention with the ILM policy', 'Clear the read_only_allow_delete block', 'Add data nodes if usage stays above 85%'] },
    article: { title: 'Log retention and the disk watermarks', body: 'The cluster stops writes at the flood stage watermark; retention of 14 days keeps usage near 60% at current volume.' },
    paraphrase: 'storage on the machines that keep our logs has no room left', serviceQuery: 'logging-cluster read-only indices' },
  { key: 'tls-expiry', service: 'edge-proxy', titles: ['TLS certificate expired at the edge', 'Browsers reject our certificate', 'HTTPS handshake failures after cert expiry'],
    symptoms: ['Clients saw certificate has expired errors on every HTTPS request.', 'The wildcard certificate was not renewed before its expiry date.', 'Handshake failures spiked at midnight UTC when the cert lapsed.'],
    error: 'x509: certificate has expired or is not yet valid: current time 2026-11-21T00:00:05Z is after 2026-11-20T23:59:59Z',
    runbook: { name: 'Renew and deploy the edge TLS certificate', steps: ['Issue a new certificate with the ACME client', 'Upload it to the load balancer', 'Verify the chain with openssl s_client'] },
    article: { title: 'How certificate renewal is automated', body: 'The ACME client renews 30 days before expiry; an alert fires at 14 days if renewal failed.' },
    paraphrase: 'the padlock in browsers says our site identity is out of date', serviceQuery: 'edge-proxy certificate renewal' },
  { key: 'kafka-lag', service: 'events-consumer', titles: ['Kafka consumer lag growing', 'Event consumers stuck', 'Backlog on the events topic'],
    symptoms: ['Consumer group lag climbed past two million messages.', 'Consumers stopped committing offsets after a rebalance loop.', 'Downstream projections were hours behind.'],
    error: 'org.apache.kafka.clients.consumer.CommitFailedException: Commit cannot be completed since the group has already rebalanced',
    runbook: { name: 'Restart stuck Kafka consumers', steps: ['Check consumer lag per partition', 'Restart the consumer group pods one at a time', 'Confirm offsets advance and lag drains'] },
    article: { title: 'Tuning max.poll.interval.ms', body: 'Slow handlers that exceed max.poll.interval.ms trigger rebalances; batch sizes must fit the poll interval.' },
    paraphrase: 'queue readers fall further and further behind the producers', serviceQuery: 'events-consumer rebalance' },
  { key: 'oom', service: 'image-resizer', titles: ['Resizer pods OOMKilled', 'Memory limit exceeded in image workers', 'Image workers crash looping'],
    symptoms: ['Pods were killed by the kernel for exceeding their memory limit.', 'Large uploads made the worker allocate far more memory than expected.', 'CrashLoopBackOff after repeated out of memory kills.'],
    error: 'Last State: Terminated Reason: OOMKilled Exit Code: 137',
    runbook: { name: 'Handle out-of-memory kills in workers', steps: ['Inspect container memory with kubectl top', 'Raise the memory limit or cap the input size', 'Roll out and watch restarts'] },
    article: { title: 'Memory sizing for image processing', body: 'Decoding a 50 megapixel image needs about 200 MB; limits must cover the largest accepted upload.' },
    paraphrase: 'the thumbnail service keeps dying because it uses too much ram', serviceQuery: 'image-resizer exit code 137' },
  { key: 'dns', service: 'payments-api', titles: ['DNS resolution failures for payment provider', 'Cannot resolve upstream host', 'Intermittent NXDOMAIN from cluster DNS'],
    symptoms: ['Outbound calls failed because the provider hostname did not resolve.', 'CoreDNS pods were overloaded and dropped queries.', 'Lookups timed out under load.'],
    error: 'getaddrinfo ENOTFOUND api.payments-provider.example',
    runbook: { name: 'Diagnose cluster DNS failures', steps: ['Check CoreDNS pod health and logs', 'Scale CoreDNS replicas', 'Enable NodeLocal DNSCache'] },
    article: { title: 'ndots and search domains', body: 'With ndots 5 every external lookup tries the search domains first, multiplying queries to cluster DNS.' },
    paraphrase: 'the name of the card processor could not be turned into an address', serviceQuery: 'payments-api ENOTFOUND' },
  { key: 'redis-mem', service: 'session-cache', titles: ['Redis out of memory', 'Cache evictions spiking', 'Session cache refusing writes'],
    symptoms: ['Redis reached maxmemory and rejected writes.', 'Evictions removed active sessions and users were logged out.', 'Memory fragmentation grew after a key explosion.'],
    error: 'OOM command not allowed when used memory > maxmemory',
    runbook: { name: 'Relieve Redis memory pressure', steps: ['Find big keys with redis-cli --bigkeys', 'Set TTLs on unbounded keys', 'Increase maxmemory or shard the cache'] },
    article: { title: 'Choosing a Redis eviction policy', body: 'allkeys-lru suits a pure cache; volatile-lru protects keys without TTL, like sessions.' },
    paraphrase: 'people get signed out because the key value store is full', serviceQuery: 'session-cache maxmemory' },
  { key: 'deploy-rollback', service: 'web-frontend', titles: ['Bad deploy broke checkout', 'Release caused JavaScript errors', 'Frontend release rolled back'],
    symptoms: ['A new release shipped a bundle that threw on page load.', 'Error rate jumped right after the deploy finished.', 'The checkout button did nothing in Safari.'],
    error: 'TypeError: Cannot read properties of undefined (reading \'map\') at Checkout.render (checkout.js:120:18)',
    runbook: { name: 'Roll back a frontend release', steps: ['Find the last good release in the deploy history', 'Promote it with the rollback job', 'Purge the CDN cache'] },
    article: { title: 'Canary releases for the frontend', body: 'Serving a new bundle to 5% of sessions first catches errors before every user sees them.' },
    paraphrase: 'after we shipped the new version the shop page stopped working', serviceQuery: 'web-frontend release errors' },
  { key: 'cpu-throttle', service: 'search-api', titles: ['Search latency high from CPU throttling', 'Pods throttled by CFS quota', 'p99 latency spike on search'],
    symptoms: ['Containers were throttled by their CPU limit during peaks.', 'p99 latency tripled while average CPU looked fine.', 'Garbage collection pauses stretched because of throttling.'],
    error: 'container_cpu_cfs_throttled_periods_total increased by 85% over 5m',
    runbook: { name: 'Fix CPU throttling', steps: ['Compare throttled periods with CPU usage', 'Raise or remove the CPU limit', 'Right-size requests from the last week of usage'] },
    article: { title: 'CPU limits and latency', body: 'The CFS quota enforces limits per 100 ms period, so bursty services get throttled even at low average usage.' },
    paraphrase: 'answers got slow because the processor budget of the containers is too small', serviceQuery: 'search-api p99 latency' },
  { key: 'cert-mtls', service: 'service-mesh', titles: ['mTLS handshake errors between services', 'Sidecar certificate rotation failed', 'Upstream connect error in mesh'],
    symptoms: ['Services could not talk to each other after the mesh CA rotated.', 'Sidecars held stale workload certificates.', 'Requests failed with upstream connect errors.'],
    error: 'upstream connect error or disconnect/reset before headers. reset reason: connection failure, transport failure reason: TLS error: CERTIFICATE_VERIFY_FAILED',
    runbook: { name: 'Recover from mesh CA rotation', steps: ['Check istiod logs for signing errors', 'Restart sidecars to fetch new certificates', 'Verify with istioctl proxy-config secret'] },
    article: { title: 'How workload certificates rotate', body: 'Workload certificates live 24 hours and rotate at half-life; the root CA rotates yearly with an overlap.' },
    paraphrase: 'internal calls between our apps fail because they no longer trust each other', serviceQuery: 'service-mesh CERTIFICATE_VERIFY_FAILED' },
  { key: 'rate-limit-provider', service: 'notifications', titles: ['Email provider rate limiting us', 'Notifications delayed by 429s', 'SMS sends throttled'],
    symptoms: ['The email provider answered 429 Too Many Requests.', 'Notification queue grew while sends were throttled.', 'Password reset emails arrived an hour late.'],
    error: 'HTTP 429 Too Many Requests: rate limit exceeded, retry after 60 seconds',
    runbook: { name: 'Handle provider rate limits', steps: ['Check the provider quota dashboard', 'Lower the send concurrency', 'Request a quota increase'] },
    article: { title: 'Backoff for third-party APIs', body: 'Honor Retry-After and add jitter so retries do not synchronize.' },
    paraphrase: 'the mail vendor is telling us to slow down', serviceQuery: 'notifications 429' },
  { key: 'clock-skew', service: 'auth-service', titles: ['Tokens rejected due to clock skew', 'JWT not yet valid errors', 'Login failures on some nodes'],
    symptoms: ['Some nodes had clocks minutes ahead and rejected fresh tokens.', 'NTP stopped syncing after a network change.', 'Users were randomly logged out.'],
    error: 'JWTClaimValidationFailed: "iat" claim timestamp check failed (it should be in the past)',
    runbook: { name: 'Fix time synchronization', steps: ['Check chronyc tracking on each node', 'Restore access to the NTP servers', 'Restart chronyd and confirm offset below 100 ms'] },
    article: { title: 'Why clocks matter for tokens', body: 'Token validation compares issue and expiry times; a skewed node rejects valid tokens.' },
    paraphrase: 'some servers think it is a different time so sign in fails', serviceQuery: 'auth-service iat claim' },
  { key: 'migration-lock', service: 'billing-db', titles: ['Migration locked the invoices table', 'Schema change blocked writes', 'ALTER TABLE waiting on lock'],
    symptoms: ['A migration took an ACCESS EXCLUSIVE lock and queued every write.', 'Invoice creation hung for eleven minutes.', 'Lock waits piled up behind a long transaction.'],
    error: 'ERROR: canceling statement due to lock timeout; LOCATION: ProcessInterrupts',
    runbook: { name: 'Unblock a migration holding locks', steps: ['Find the blocking pid in pg_locks', 'Cancel the migration', 'Rerun it with lock_timeout and in batches'] },
    article: { title: 'Safe schema migrations', body: 'Add columns without defaults, build indexes concurrently, and always set lock_timeout.' },
    paraphrase: 'changing the table structure froze all the writes to it', serviceQuery: 'billing-db lock timeout' },
  { key: 'disk-io', service: 'analytics-db', titles: ['IO saturation on analytics database', 'Slow queries from disk latency', 'EBS volume throughput exhausted'],
    symptoms: ['Disk queue depth stayed high and queries slowed.', 'The volume ran out of burst credits.', 'Dashboards timed out while scans read from disk.'],
    error: 'WARNING: iowait above 60% for 15 minutes on analytics-db-1',
    runbook: { name: 'Relieve database IO saturation', steps: ['Check burst balance and queue depth', 'Move to provisioned IOPS', 'Add indexes for the top scanning queries'] },
    article: { title: 'Burst credits on cloud volumes', body: 'General purpose volumes run on burst credits; a long scan can drain them and throughput drops to baseline.' },
    paraphrase: 'reading from the drives is the bottleneck for reports', serviceQuery: 'analytics-db iowait' },
  { key: 'queue-poison', service: 'order-worker', titles: ['Poison message blocking order queue', 'Worker stuck retrying one message', 'Dead letter queue filling up'],
    symptoms: ['One malformed message was retried forever and blocked the queue.', 'Order processing stopped behind a message that always failed.', 'The dead letter queue filled with parse failures.'],
    error: 'JSONDecodeError: Expecting value: line 1 column 1 (char 0) while handling message 7781',
    runbook: { name: 'Remove a poison message', steps: ['Identify the failing message id', 'Move it to the dead letter queue', 'Fix the producer and replay'] },
    article: { title: 'Dead letter queues', body: 'After a bounded number of attempts a message goes to a dead letter queue so the rest keep flowing.' },
    paraphrase: 'a single broken job keeps failing and nothing behind it moves', serviceQuery: 'order-worker dead letter' },
  { key: 'ddos', service: 'edge-proxy', titles: ['Traffic flood on login endpoint', 'Layer 7 attack on the API', 'Request spike from botnet'],
    symptoms: ['Requests per second rose twentyfold from thousands of addresses.', 'Credential stuffing hammered the login endpoint.', 'Legitimate users got timeouts during the flood.'],
    error: 'WAF: rate-based rule triggered 1,200,000 times in 5 minutes for path /login',
    runbook: { name: 'Mitigate a request flood', steps: ['Enable the rate-based WAF rule', 'Challenge suspicious clients', 'Block the top offending networks'] },
    article: { title: 'Defending against credential stuffing', body: 'Per-account throttling and breached-password checks blunt automated login attempts.' },
    paraphrase: 'bots are hammering the sign in page with huge amounts of requests', serviceQuery: 'edge-proxy WAF login' },
  { key: 'cron-missed', service: 'scheduler', titles: ['Nightly export job did not run', 'Cron job missed its schedule', 'Scheduled report missing'],
    symptoms: ['The nightly export never started and partners got no file.', 'The CronJob controller skipped runs after a missed deadline.', 'Too many missed start times stopped scheduling.'],
    error: 'Cannot determine if job needs to be started: too many missed start time (> 100). Set or decrease .spec.startingDeadlineSeconds',
    runbook: { name: 'Rerun a missed scheduled job', steps: ['Trigger the job by hand from its template', 'Set startingDeadlineSeconds', 'Add an alert on last successful run'] },
    article: { title: 'Monitoring batch jobs', body: 'Alert on the age of the last success rather than on failures: a job that never starts never fails.' },
    paraphrase: 'the overnight file for partners was never produced', serviceQuery: 'scheduler cronjob missed' },
  { key: 'secret-rotation', service: 'payments-api', titles: ['Payment calls failing after key rotation', 'Invalid API key for provider', 'Secret rotated but not deployed'],
    symptoms: ['The provider key was rotated but pods still used the old one.', 'Every charge failed with authentication errors.', 'The secret store and the deployment drifted apart.'],
    error: 'AuthenticationError: Invalid API Key provided: sk_live_****abcd',
    runbook: { name: 'Roll out a rotated secret', steps: ['Confirm the new value in the secret store', 'Restart the deployment to load it', 'Revoke the old key after traffic moves'] },
    article: { title: 'Secret rotation without downtime', body: 'Keep two valid keys during rotation: deploy the new one, verify, then revoke the old.' },
    paraphrase: 'after we changed the credentials for the card processor every charge is refused', serviceQuery: 'payments-api invalid key' },
  { key: 'replica-lag', service: 'orders-db', titles: ['Read replica lag', 'Stale reads from replica', 'Replication delay on orders database'],
    symptoms: ['Replica lag reached five minutes and users saw old order states.', 'A long-running query on the replica held back WAL replay.', 'Order status pages showed outdated data.'],
    error: 'replication lag 312s exceeds threshold 30s on orders-db-replica-2',
    runbook: { name: 'Reduce replica lag', steps: ['Find long queries on the replica', 'Cancel them or enable hot_standby_feedback', 'Route critical reads to the primary'] },
    article: { title: 'Read-your-writes with replicas', body: 'Reads right after a write should go to the primary or wait for the replica to catch up.' },
    paraphrase: 'customers see old information because the copy database is behind', serviceQuery: 'orders-db replication delay' },
  { key: 'node-notready', service: 'kubernetes', titles: ['Nodes NotReady', 'Kubelet stopped reporting', 'Pods evicted from failing nodes'],
    symptoms: ['Three nodes went NotReady and their pods were evicted.', 'The kubelet lost contact with the API server.', 'Containerd hung and the node stopped reporting status.'],
    error: 'Node ip-10-0-3-17 status is now: NodeNotReady; Kubelet stopped posting node status',
    runbook: { name: 'Recover NotReady nodes', steps: ['Cordon and drain the node', 'Restart containerd and kubelet', 'Replace the node if it does not recover'] },
    article: { title: 'Node problem detector', body: 'The node problem detector reports kernel deadlocks and runtime hangs as node conditions.' },
    paraphrase: 'several cluster machines stopped checking in and their workloads moved', serviceQuery: 'kubernetes kubelet node status' },
  { key: 'cdn-stale', service: 'web-frontend', titles: ['CDN serving stale assets', 'Old JavaScript cached at the edge', 'Cache purge did not propagate'],
    symptoms: ['Users got an old bundle that referenced deleted chunks.', 'The purge request failed silently.', 'Chunk load errors appeared after the deploy.'],
    error: 'ChunkLoadError: Loading chunk 7 failed. (missing: https://cdn.example/static/7.3f2a.js)',
    runbook: { name: 'Purge the CDN cache', steps: ['Purge by surrogate key', 'Verify headers from several edges', 'Keep previous chunks for one release'] },
    article: { title: 'Immutable asset names', body: 'Content-hashed file names make caching safe; keep old chunks until every client reloaded.' },
    paraphrase: 'visitors still download yesterday\'s scripts from the edge caches', serviceQuery: 'web-frontend chunk load' },
  { key: 'thread-pool', service: 'gateway', titles: ['Gateway thread pool exhausted', 'Requests hang in the gateway', 'Blocking calls starved the event loop'],
    symptoms: ['All worker threads were blocked on a slow upstream.', 'New requests waited in the accept queue.', 'Health checks failed and pods restarted.'],
    error: 'java.util.concurrent.RejectedExecutionException: Thread pool is EXHAUSTED! Thread Name: http-nio-8080-exec, Pool Size: 200 (active: 200)',
    runbook: { name: 'Relieve gateway thread starvation', steps: ['Take a thread dump', 'Add a timeout to the slow upstream call', 'Add a circuit breaker'] },
    article: { title: 'Timeouts everywhere', body: 'Every outbound call needs a timeout shorter than the caller\'s; otherwise one slow dependency holds every thread.' },
    paraphrase: 'all the request handlers are busy waiting on a slow backend', serviceQuery: 'gateway thread pool' },
  { key: 'quota-cloud', service: 'infrastructure', titles: ['Autoscaling blocked by cloud quota', 'Cannot launch new instances', 'vCPU limit reached'],
    symptoms: ['The autoscaler could not add nodes during the peak.', 'Instance launches failed on the account vCPU quota.', 'Pods stayed pending for lack of capacity.'],
    error: 'VcpuLimitExceeded: You have requested more vCPU capacity than your current vCPU limit of 256 allows',
    runbook: { name: 'Raise cloud capacity quotas', steps: ['Check service quotas for the region', 'File a quota increase', 'Spread the node group across instance types'] },
    article: { title: 'Capacity planning and quotas', body: 'Quotas are per region and per instance family; review them before seasonal peaks.' },
    paraphrase: 'we are not allowed to start more virtual machines in our account', serviceQuery: 'infrastructure autoscaling quota' },
  { key: 'ssl-db', service: 'reporting', titles: ['Reporting cannot connect to database over SSL', 'Database SSL handshake rejected', 'pg_hba rejects non-SSL client'],
    symptoms: ['After enforcing SSL the reporting job could not connect.', 'The client did not send sslmode=require.', 'Nightly reports failed to start.'],
    error: 'FATAL: no pg_hba.conf entry for host "10.0.4.12", user "reporting", database "analytics", no encryption',
    runbook: { name: 'Fix database client SSL settings', steps: ['Set sslmode=require in the connection string', 'Install the CA bundle', 'Verify with psql'] },
    article: { title: 'Encrypting database traffic', body: 'All database connections require TLS since November; clients need sslmode=require and the CA.' },
    paraphrase: 'the report job is refused by the database because it does not encrypt', serviceQuery: 'reporting pg_hba' },
];

const ENVIRONMENTS = ['production', 'eu-west', 'us-east', 'staging'];
const SEVERITIES = ['critical', 'high', 'medium', 'low'];

const NOISE_TOPICS = [
  ['Quarterly access review', 'Review who holds admin roles and remove stale accounts.'],
  ['On-call handover checklist', 'Summarize open incidents, pending changes and known risks for the next shift.'],
  ['Postmortem template', 'Timeline, impact, root cause, what went well, action items with owners.'],
  ['Cost report for storage', 'Object storage spend grew 12% month over month, mostly from backups.'],
  ['Onboarding a new service', 'Register the service, add dashboards and alerts, write a runbook.'],
  ['Load test results', 'The checkout flow sustained 3,000 requests per second with p99 under 400 ms.'],
  ['Change freeze calendar', 'No production changes during the holiday freeze except emergency fixes.'],
  ['Feature flag cleanup', 'Remove flags older than 90 days that are fully rolled out.'],
  ['Status page wording', 'Post an update within 15 minutes and every 30 minutes after.'],
  ['Dependency upgrade policy', 'Patch releases weekly, minor releases monthly, majors with a plan.'],
];

export interface BenchQuery {
  id: string;
  kind: 'paraphrase' | 'error_log' | 'service';
  text: string;
  /** document key → grade (3, 2 or 1) */
  relevant: Map<string, number>;
}

/** The fixture: documents of one organization (key = `${type}:${id}`) and graded queries. */
export function buildFixture(organizationId: string, idFor: (key: string) => string) {
  const documents: SearchDocument[] = [];
  const add = (type: SearchDocumentType, key: string, title: string, body: string, extra: Partial<SearchDocument> = {}) => {
    const doc: SearchDocument = { organizationId, type, id: idFor(key), title, body, createdAt: new Date(Date.UTC(2026, 0, 1 + documents.length % 300)), ...extra };
    documents.push(doc);
    return `${type}:${doc.id}`;
  };
  const byScenario = new Map<string, { strong: string[]; incidents: string[] }>();
  const byService = new Map<string, string[]>();
  S.forEach((scenario, s) => {
    const incidents: string[] = [];
    for (let v = 0; v < 9; v++) {
      const title = `${scenario.titles[v % scenario.titles.length]} (${ENVIRONMENTS[v % ENVIRONMENTS.length]})`;
      const body = `${scenario.symptoms[v % scenario.symptoms.length]} ${scenario.symptoms[(v + 1) % scenario.symptoms.length]}\nService: ${scenario.service}.${v % 3 === 0 ? `\n${scenario.error}` : ''}`;
      incidents.push(add('incident', `${scenario.key}-incident-${v}`, title, body, { severity: SEVERITIES[(s + v) % 4], status: v < 2 ? 'active' : 'resolved' }));
    }
    const runbook = add('procedure', `${scenario.key}-runbook`, scenario.runbook.name, scenario.runbook.steps.map((step, i) => `${i + 1}. ${step}`).join('\n'));
    const article = add('article', `${scenario.key}-article`, scenario.article.title, scenario.article.body);
    byScenario.set(scenario.key, { strong: [runbook, article], incidents });
    byService.set(scenario.service, [...(byService.get(scenario.service) ?? []), ...incidents, runbook, article]);
  });
  NOISE_TOPICS.forEach(([title, body], n) => {
    for (let v = 0; v < 8; v++) add(v % 2 ? 'article' : 'procedure', `noise-${n}-${v}`, `${title} ${2019 + v}`, `${body} Revision ${v + 1} for ${ENVIRONMENTS[v % 4]}.`);
  });

  const queries: BenchQuery[] = [];
  for (const scenario of S) {
    const own = byScenario.get(scenario.key) as { strong: string[]; incidents: string[] };
    const relevant = new Map<string, number>();
    for (const key of byService.get(scenario.service) ?? []) relevant.set(key, 1);
    for (const key of own.incidents) relevant.set(key, 2);
    for (const key of own.strong) relevant.set(key, 3);
    const log = `2026-11-21T03:14:15.926Z ERROR [${scenario.service}] ${scenario.error}\n2026-11-21T03:14:15.927Z INFO retrying in 5s`;
    queries.push({ id: `${scenario.key}/paraphrase`, kind: 'paraphrase', text: scenario.paraphrase, relevant });
    queries.push({ id: `${scenario.key}/error_log`, kind: 'error_log', text: log, relevant });
    queries.push({ id: `${scenario.key}/service`, kind: 'service', text: scenario.serviceQuery, relevant });
  }
  return { documents, queries };
}
