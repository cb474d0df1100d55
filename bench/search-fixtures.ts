// Labeled fixture set of `npm run bench:search`: incidents (written as alerts read: alert name, host,
// error line, stack trace), runbooks and articles generated from hand-written failure scenarios,
// distractors that share a query's words but not its meaning, and queries of four kinds per scenario
// (a paraphrase in a responder's words, a pasted error log, an identifier such as an error code or a
// hostname, a sentence holding an identifier) with graded relevance: 3 = the scenario's runbook and
// article, 2 = its incidents, 1 = other documents of the same service, 0 = everything else. A second
// set of queries of the same kinds (`unseen`), written after fusion's weights were fixed, checks
// them on wording nothing was fitted on. A third set (`independent`), written from the documents alone
// by someone who had not read the fusion code, is never used to fit or pick anything either.
import type { SearchDocument, SearchDocumentType } from '../shared/search/port.ts';
import { type QUERY_KINDS_OF_FIXTURE } from './search-query-kinds.ts';
import { INDEPENDENT_QUERIES } from './search-independent-queries.ts';
import { UNSEEN_QUERIES } from './search-unseen-queries.ts';

interface Scenario {
  key: string;
  service: string;
  titles: string[];
  symptoms: string[];
  error: string;
  runbook: { name: string; steps: string[] };
  article: { title: string; body: string };
  paraphrase: string;
}

const S: Scenario[] = [
  {
    key: 'pg-conn',
    service: 'orders-api',
    titles: ['Database connection pool exhausted', 'Postgres rejecting new connections', 'Too many DB clients on the primary'],
    symptoms: [
      'Requests queued waiting for a database connection until they timed out.',
      'The primary hit max_connections and refused new clients.',
      'Connection pool saturation caused 503s on order creation.',
    ],
    error: 'FATAL: sorry, too many clients already (SQLSTATE 53300)',
    runbook: {
      name: 'Relieve PostgreSQL connection exhaustion',
      steps: [
        'Check pg_stat_activity for idle in transaction sessions',
        'Terminate leaked sessions with pg_terminate_backend',
        'Lower the application pool size or route through PgBouncer',
      ],
    },
    article: {
      title: 'Why our services share PgBouncer',
      body: 'Each PostgreSQL backend costs memory; transaction pooling in PgBouncer lets hundreds of app workers share a few dozen server connections.',
    },
    paraphrase: 'sql server will not take any more sessions from the app',
  },
  {
    key: 'disk-full',
    service: 'logging-cluster',
    titles: ['Disk full on logging nodes', 'Log indices went read-only', 'Storage watermark reached on log cluster'],
    symptoms: [
      'Nodes crossed the flood-stage disk watermark and indices were set read-only.',
      'Log ingestion stopped because data volumes ran out of space.',
      'Shards could not be allocated: no free disk left.',
    ],
    error: 'cluster_block_exception: index [logs-2026.11.21] blocked by: [TOO_MANY_REQUESTS/12/disk usage exceeded flood-stage watermark]',
    runbook: {
      name: 'Free disk on the log cluster',
      steps: [
        'Delete indices past retention with the ILM policy',
        'Clear the read_only_allow_delete block',
        'Add data nodes if usage stays above 85%',
      ],
    },
    article: {
      title: 'Log retention and the disk watermarks',
      body: 'The cluster stops writes at the flood stage watermark; retention of 14 days keeps usage near 60% at current volume.',
    },
    paraphrase: 'storage on the machines that keep our logs has no room left',
  },
  {
    key: 'tls-expiry',
    service: 'edge-proxy',
    titles: ['TLS certificate expired at the edge', 'Browsers reject our certificate', 'HTTPS handshake failures after cert expiry'],
    symptoms: [
      'Clients saw certificate has expired errors on every HTTPS request.',
      'The wildcard certificate was not renewed before its expiry date.',
      'Handshake failures spiked at midnight UTC when the cert lapsed.',
    ],
    error: 'x509: certificate has expired or is not yet valid: current time 2026-11-21T00:00:05Z is after 2026-11-20T23:59:59Z',
    runbook: {
      name: 'Renew and deploy the edge TLS certificate',
      steps: ['Issue a new certificate with the ACME client', 'Upload it to the load balancer', 'Verify the chain with openssl s_client'],
    },
    article: {
      title: 'How certificate renewal is automated',
      body: 'The ACME client renews 30 days before expiry; an alert fires at 14 days if renewal failed.',
    },
    paraphrase: 'the padlock in browsers says our site identity is out of date',
  },
  {
    key: 'kafka-lag',
    service: 'events-consumer',
    titles: ['Kafka consumer lag growing', 'Event consumers stuck', 'Backlog on the events topic'],
    symptoms: [
      'Consumer group lag climbed past two million messages.',
      'Consumers stopped committing offsets after a rebalance loop.',
      'Downstream projections were hours behind.',
    ],
    error: 'org.apache.kafka.clients.consumer.CommitFailedException: Commit cannot be completed since the group has already rebalanced',
    runbook: {
      name: 'Restart stuck Kafka consumers',
      steps: [
        'Check consumer lag per partition',
        'Restart the consumer group pods one at a time',
        'Confirm offsets advance and lag drains',
      ],
    },
    article: {
      title: 'Tuning max.poll.interval.ms',
      body: 'Slow handlers that exceed max.poll.interval.ms trigger rebalances; batch sizes must fit the poll interval.',
    },
    paraphrase: 'queue readers fall further and further behind the producers',
  },
  {
    key: 'oom',
    service: 'image-resizer',
    titles: ['Resizer pods OOMKilled', 'Memory limit exceeded in image workers', 'Image workers crash looping'],
    symptoms: [
      'Pods were killed by the kernel for exceeding their memory limit.',
      'Large uploads made the worker allocate far more memory than expected.',
      'CrashLoopBackOff after repeated out of memory kills.',
    ],
    error: 'Last State: Terminated Reason: OOMKilled Exit Code: 137',
    runbook: {
      name: 'Handle out-of-memory kills in workers',
      steps: ['Inspect container memory with kubectl top', 'Raise the memory limit or cap the input size', 'Roll out and watch restarts'],
    },
    article: {
      title: 'Memory sizing for image processing',
      body: 'Decoding a 50 megapixel image needs about 200 MB; limits must cover the largest accepted upload.',
    },
    paraphrase: 'the thumbnail service keeps dying because it uses too much ram',
  },
  {
    key: 'dns',
    service: 'payments-api',
    titles: ['DNS resolution failures for payment provider', 'Cannot resolve upstream host', 'Intermittent NXDOMAIN from cluster DNS'],
    symptoms: [
      'Outbound calls failed because the provider hostname did not resolve.',
      'CoreDNS pods were overloaded and dropped queries.',
      'Lookups timed out under load.',
    ],
    error: 'getaddrinfo ENOTFOUND api.payments-provider.example',
    runbook: {
      name: 'Diagnose cluster DNS failures',
      steps: ['Check CoreDNS pod health and logs', 'Scale CoreDNS replicas', 'Enable NodeLocal DNSCache'],
    },
    article: {
      title: 'ndots and search domains',
      body: 'With ndots 5 every external lookup tries the search domains first, multiplying queries to cluster DNS.',
    },
    paraphrase: 'the name of the card processor could not be turned into an address',
  },
  {
    key: 'redis-mem',
    service: 'session-cache',
    titles: ['Redis out of memory', 'Cache evictions spiking', 'Session cache refusing writes'],
    symptoms: [
      'Redis reached maxmemory and rejected writes.',
      'Evictions removed active sessions and users were logged out.',
      'Memory fragmentation grew after a key explosion.',
    ],
    error: 'OOM command not allowed when used memory > maxmemory',
    runbook: {
      name: 'Relieve Redis memory pressure',
      steps: ['Find big keys with redis-cli --bigkeys', 'Set TTLs on unbounded keys', 'Increase maxmemory or shard the cache'],
    },
    article: {
      title: 'Choosing a Redis eviction policy',
      body: 'allkeys-lru suits a pure cache; volatile-lru protects keys without TTL, like sessions.',
    },
    paraphrase: 'people get signed out because the key value store is full',
  },
  {
    key: 'deploy-rollback',
    service: 'web-frontend',
    titles: ['Bad deploy broke checkout', 'Release caused JavaScript errors', 'Frontend release rolled back'],
    symptoms: [
      'A new release shipped a bundle that threw on page load.',
      'Error rate jumped right after the deploy finished.',
      'The checkout button did nothing in Safari.',
    ],
    error: "TypeError: Cannot read properties of undefined (reading 'map') at Checkout.render (checkout.js:120:18)",
    runbook: {
      name: 'Roll back a frontend release',
      steps: ['Find the last good release in the deploy history', 'Promote it with the rollback job', 'Purge the CDN cache'],
    },
    article: {
      title: 'Canary releases for the frontend',
      body: 'Serving a new bundle to 5% of sessions first catches errors before every user sees them.',
    },
    paraphrase: 'after we shipped the new version the shop page stopped working',
  },
  {
    key: 'cpu-throttle',
    service: 'search-api',
    titles: ['Search latency high from CPU throttling', 'Pods throttled by CFS quota', 'p99 latency spike on search'],
    symptoms: [
      'Containers were throttled by their CPU limit during peaks.',
      'p99 latency tripled while average CPU looked fine.',
      'Garbage collection pauses stretched because of throttling.',
    ],
    error: 'container_cpu_cfs_throttled_periods_total increased by 85% over 5m',
    runbook: {
      name: 'Fix CPU throttling',
      steps: [
        'Compare throttled periods with CPU usage',
        'Raise or remove the CPU limit',
        'Right-size requests from the last week of usage',
      ],
    },
    article: {
      title: 'CPU limits and latency',
      body: 'The CFS quota enforces limits per 100 ms period, so bursty services get throttled even at low average usage.',
    },
    paraphrase: 'answers got slow because the processor budget of the containers is too small',
  },
  {
    key: 'cert-mtls',
    service: 'service-mesh',
    titles: ['mTLS handshake errors between services', 'Sidecar certificate rotation failed', 'Upstream connect error in mesh'],
    symptoms: [
      'Services could not talk to each other after the mesh CA rotated.',
      'Sidecars held stale workload certificates.',
      'Requests failed with upstream connect errors.',
    ],
    error:
      'upstream connect error or disconnect/reset before headers. reset reason: connection failure, transport failure reason: TLS error: CERTIFICATE_VERIFY_FAILED',
    runbook: {
      name: 'Recover from mesh CA rotation',
      steps: [
        'Check istiod logs for signing errors',
        'Restart sidecars to fetch new certificates',
        'Verify with istioctl proxy-config secret',
      ],
    },
    article: {
      title: 'How workload certificates rotate',
      body: 'Workload certificates live 24 hours and rotate at half-life; the root CA rotates yearly with an overlap.',
    },
    paraphrase: 'internal calls between our apps fail because they no longer trust each other',
  },
  {
    key: 'rate-limit-provider',
    service: 'notifications',
    titles: ['Email provider rate limiting us', 'Notifications delayed by 429s', 'SMS sends throttled'],
    symptoms: [
      'The email provider answered 429 Too Many Requests.',
      'Notification queue grew while sends were throttled.',
      'Password reset emails arrived an hour late.',
    ],
    error: 'HTTP 429 Too Many Requests: rate limit exceeded, retry after 60 seconds',
    runbook: {
      name: 'Handle provider rate limits',
      steps: ['Check the provider quota dashboard', 'Lower the send concurrency', 'Request a quota increase'],
    },
    article: { title: 'Backoff for third-party APIs', body: 'Honor Retry-After and add jitter so retries do not synchronize.' },
    paraphrase: 'the mail vendor is telling us to slow down',
  },
  {
    key: 'clock-skew',
    service: 'auth-service',
    titles: ['Tokens rejected due to clock skew', 'JWT not yet valid errors', 'Login failures on some nodes'],
    symptoms: [
      'Some nodes had clocks minutes ahead and rejected fresh tokens.',
      'NTP stopped syncing after a network change.',
      'Users were randomly logged out.',
    ],
    error: 'JWTClaimValidationFailed: "iat" claim timestamp check failed (it should be in the past)',
    runbook: {
      name: 'Fix time synchronization',
      steps: [
        'Check chronyc tracking on each node',
        'Restore access to the NTP servers',
        'Restart chronyd and confirm offset below 100 ms',
      ],
    },
    article: {
      title: 'Why clocks matter for tokens',
      body: 'Token validation compares issue and expiry times; a skewed node rejects valid tokens.',
    },
    paraphrase: 'some servers think it is a different time so sign in fails',
  },
  {
    key: 'migration-lock',
    service: 'billing-db',
    titles: ['Migration locked the invoices table', 'Schema change blocked writes', 'ALTER TABLE waiting on lock'],
    symptoms: [
      'A migration took an ACCESS EXCLUSIVE lock and queued every write.',
      'Invoice creation hung for eleven minutes.',
      'Lock waits piled up behind a long transaction.',
    ],
    error: 'ERROR: canceling statement due to lock timeout; LOCATION: ProcessInterrupts',
    runbook: {
      name: 'Unblock a migration holding locks',
      steps: ['Find the blocking pid in pg_locks', 'Cancel the migration', 'Rerun it with lock_timeout and in batches'],
    },
    article: {
      title: 'Safe schema migrations',
      body: 'Add columns without defaults, build indexes concurrently, and always set lock_timeout.',
    },
    paraphrase: 'changing the table structure froze all the writes to it',
  },
  {
    key: 'disk-io',
    service: 'analytics-db',
    titles: ['IO saturation on analytics database', 'Slow queries from disk latency', 'EBS volume throughput exhausted'],
    symptoms: [
      'Disk queue depth stayed high and queries slowed.',
      'The volume ran out of burst credits.',
      'Dashboards timed out while scans read from disk.',
    ],
    error: 'WARNING: iowait above 60% for 15 minutes on analytics-db-1',
    runbook: {
      name: 'Relieve database IO saturation',
      steps: ['Check burst balance and queue depth', 'Move to provisioned IOPS', 'Add indexes for the top scanning queries'],
    },
    article: {
      title: 'Burst credits on cloud volumes',
      body: 'General purpose volumes run on burst credits; a long scan can drain them and throughput drops to baseline.',
    },
    paraphrase: 'reading from the drives is the bottleneck for reports',
  },
  {
    key: 'queue-poison',
    service: 'order-worker',
    titles: ['Poison message blocking order queue', 'Worker stuck retrying one message', 'Dead letter queue filling up'],
    symptoms: [
      'One malformed message was retried forever and blocked the queue.',
      'Order processing stopped behind a message that always failed.',
      'The dead letter queue filled with parse failures.',
    ],
    error: 'JSONDecodeError: Expecting value: line 1 column 1 (char 0) while handling message 7781',
    runbook: {
      name: 'Remove a poison message',
      steps: ['Identify the failing message id', 'Move it to the dead letter queue', 'Fix the producer and replay'],
    },
    article: {
      title: 'Dead letter queues',
      body: 'After a bounded number of attempts a message goes to a dead letter queue so the rest keep flowing.',
    },
    paraphrase: 'a single broken job keeps failing and nothing behind it moves',
  },
  {
    key: 'ddos',
    service: 'edge-proxy',
    titles: ['Traffic flood on login endpoint', 'Layer 7 attack on the API', 'Request spike from botnet'],
    symptoms: [
      'Requests per second rose twentyfold from thousands of addresses.',
      'Credential stuffing hammered the login endpoint.',
      'Legitimate users got timeouts during the flood.',
    ],
    error: 'WAF: rate-based rule triggered 1,200,000 times in 5 minutes for path /login',
    runbook: {
      name: 'Mitigate a request flood',
      steps: ['Enable the rate-based WAF rule', 'Challenge suspicious clients', 'Block the top offending networks'],
    },
    article: {
      title: 'Defending against credential stuffing',
      body: 'Per-account throttling and breached-password checks blunt automated login attempts.',
    },
    paraphrase: 'bots are hammering the sign in page with huge amounts of requests',
  },
  {
    key: 'cron-missed',
    service: 'scheduler',
    titles: ['Nightly export job did not run', 'Cron job missed its schedule', 'Scheduled report missing'],
    symptoms: [
      'The nightly export never started and partners got no file.',
      'The CronJob controller skipped runs after a missed deadline.',
      'Too many missed start times stopped scheduling.',
    ],
    error: 'Cannot determine if job needs to be started: too many missed start time (> 100). Set or decrease .spec.startingDeadlineSeconds',
    runbook: {
      name: 'Rerun a missed scheduled job',
      steps: ['Trigger the job by hand from its template', 'Set startingDeadlineSeconds', 'Add an alert on last successful run'],
    },
    article: {
      title: 'Monitoring batch jobs',
      body: 'Alert on the age of the last success rather than on failures: a job that never starts never fails.',
    },
    paraphrase: 'the overnight file for partners was never produced',
  },
  {
    key: 'secret-rotation',
    service: 'payments-api',
    titles: ['Payment calls failing after key rotation', 'Invalid API key for provider', 'Secret rotated but not deployed'],
    symptoms: [
      'The provider key was rotated but pods still used the old one.',
      'Every charge failed with authentication errors.',
      'The secret store and the deployment drifted apart.',
    ],
    error: 'AuthenticationError: Invalid API Key provided: sk_live_****abcd',
    runbook: {
      name: 'Roll out a rotated secret',
      steps: ['Confirm the new value in the secret store', 'Restart the deployment to load it', 'Revoke the old key after traffic moves'],
    },
    article: {
      title: 'Secret rotation without downtime',
      body: 'Keep two valid keys during rotation: deploy the new one, verify, then revoke the old.',
    },
    paraphrase: 'after we changed the credentials for the card processor every charge is refused',
  },
  {
    key: 'replica-lag',
    service: 'orders-db',
    titles: ['Read replica lag', 'Stale reads from replica', 'Replication delay on orders database'],
    symptoms: [
      'Replica lag reached five minutes and users saw old order states.',
      'A long-running query on the replica held back WAL replay.',
      'Order status pages showed outdated data.',
    ],
    error: 'replication lag 312s exceeds threshold 30s on orders-db-replica-2',
    runbook: {
      name: 'Reduce replica lag',
      steps: ['Find long queries on the replica', 'Cancel them or enable hot_standby_feedback', 'Route critical reads to the primary'],
    },
    article: {
      title: 'Read-your-writes with replicas',
      body: 'Reads right after a write should go to the primary or wait for the replica to catch up.',
    },
    paraphrase: 'customers see old information because the copy database is behind',
  },
  {
    key: 'node-notready',
    service: 'kubernetes',
    titles: ['Nodes NotReady', 'Kubelet stopped reporting', 'Pods evicted from failing nodes'],
    symptoms: [
      'Three nodes went NotReady and their pods were evicted.',
      'The kubelet lost contact with the API server.',
      'Containerd hung and the node stopped reporting status.',
    ],
    error: 'Node ip-10-0-3-17 status is now: NodeNotReady; Kubelet stopped posting node status',
    runbook: {
      name: 'Recover NotReady nodes',
      steps: ['Cordon and drain the node', 'Restart containerd and kubelet', 'Replace the node if it does not recover'],
    },
    article: {
      title: 'Node problem detector',
      body: 'The node problem detector reports kernel deadlocks and runtime hangs as node conditions.',
    },
    paraphrase: 'several cluster machines stopped checking in and their workloads moved',
  },
  {
    key: 'cdn-stale',
    service: 'web-frontend',
    titles: ['CDN serving stale assets', 'Old JavaScript cached at the edge', 'Cache purge did not propagate'],
    symptoms: [
      'Users got an old bundle that referenced deleted chunks.',
      'The purge request failed silently.',
      'Chunk load errors appeared after the deploy.',
    ],
    error: 'ChunkLoadError: Loading chunk 7 failed. (missing: https://cdn.example/static/7.3f2a.js)',
    runbook: {
      name: 'Purge the CDN cache',
      steps: ['Purge by surrogate key', 'Verify headers from several edges', 'Keep previous chunks for one release'],
    },
    article: {
      title: 'Immutable asset names',
      body: 'Content-hashed file names make caching safe; keep old chunks until every client reloaded.',
    },
    paraphrase: "visitors still download yesterday's scripts from the edge caches",
  },
  {
    key: 'thread-pool',
    service: 'gateway',
    titles: ['Gateway thread pool exhausted', 'Requests hang in the gateway', 'Blocking calls starved the event loop'],
    symptoms: [
      'All worker threads were blocked on a slow upstream.',
      'New requests waited in the accept queue.',
      'Health checks failed and pods restarted.',
    ],
    error:
      'java.util.concurrent.RejectedExecutionException: Thread pool is EXHAUSTED! Thread Name: http-nio-8080-exec, Pool Size: 200 (active: 200)',
    runbook: {
      name: 'Relieve gateway thread starvation',
      steps: ['Take a thread dump', 'Add a timeout to the slow upstream call', 'Add a circuit breaker'],
    },
    article: {
      title: 'Timeouts everywhere',
      body: "Every outbound call needs a timeout shorter than the caller's; otherwise one slow dependency holds every thread.",
    },
    paraphrase: 'all the request handlers are busy waiting on a slow backend',
  },
  {
    key: 'quota-cloud',
    service: 'infrastructure',
    titles: ['Autoscaling blocked by cloud quota', 'Cannot launch new instances', 'vCPU limit reached'],
    symptoms: [
      'The autoscaler could not add nodes during the peak.',
      'Instance launches failed on the account vCPU quota.',
      'Pods stayed pending for lack of capacity.',
    ],
    error: 'VcpuLimitExceeded: You have requested more vCPU capacity than your current vCPU limit of 256 allows',
    runbook: {
      name: 'Raise cloud capacity quotas',
      steps: ['Check service quotas for the region', 'File a quota increase', 'Spread the node group across instance types'],
    },
    article: {
      title: 'Capacity planning and quotas',
      body: 'Quotas are per region and per instance family; review them before seasonal peaks.',
    },
    paraphrase: 'we are not allowed to start more virtual machines in our account',
  },
  {
    key: 'ssl-db',
    service: 'reporting',
    titles: ['Reporting cannot connect to database over SSL', 'Database SSL handshake rejected', 'pg_hba rejects non-SSL client'],
    symptoms: [
      'After enforcing SSL the reporting job could not connect.',
      'The client did not send sslmode=require.',
      'Nightly reports failed to start.',
    ],
    error: 'FATAL: no pg_hba.conf entry for host "10.0.4.12", user "reporting", database "analytics", no encryption',
    runbook: {
      name: 'Fix database client SSL settings',
      steps: ['Set sslmode=require in the connection string', 'Install the CA bundle', 'Verify with psql'],
    },
    article: {
      title: 'Encrypting database traffic',
      body: 'All database connections require TLS since November; clients need sslmode=require and the CA.',
    },
    paraphrase: 'the report job is refused by the database because it does not encrypt',
  },
];

/** What alerts and logs of each scenario carry, its identifier and mixed queries, and its distractor. */
interface ScenarioDetail {
  alert: string;
  host: string;
  keyword: string;
  mixed: string;
  trace?: string[];
  distractor: { type: SearchDocumentType; title: string; body: string };
}

const D: Record<string, ScenarioDetail> = {
  'pg-conn': {
    alert: 'PostgresTooManyConnections',
    host: 'orders-api-7f9c4-x2k',
    keyword: 'SQLSTATE 53300',
    mixed: 'why does orders-api keep getting SQLSTATE 53300 at peak',
    trace: [
      '    at Parser.parseErrorMessage (/app/node_modules/pg-protocol/dist/parser.js:287:98)',
      '    at Socket.<anonymous> (/app/node_modules/pg/lib/connection.js:117:12)',
    ],
    distractor: {
      type: 'article',
      title: 'SQL Server session licensing',
      body: 'The app team asked how many sessions the SQL Server license covers. We will not take any more SQL Server licenses: only the legacy app uses it.',
    },
  },
  'disk-full': {
    alert: 'ElasticsearchDiskFloodStage',
    host: 'logs-data-03.eu-west.internal',
    keyword: 'cluster_block_exception',
    mixed: 'logs-data-03 ran out of disk and the indices went read only',
    distractor: {
      type: 'procedure',
      title: 'Log rotation on application machines',
      body: '1. Keep 7 rotated logs per container\n2. Compress logs older than a day so the machines have room left\n3. Storage for logs is reviewed yearly',
    },
  },
  'tls-expiry': {
    alert: 'EdgeCertificateExpired',
    host: 'edge-lb-01.prod',
    keyword: 'x509 edge-lb-01',
    mixed: 'browsers get x509 certificate has expired from edge-lb-01',
    distractor: {
      type: 'article',
      title: 'Browser support matrix',
      body: 'We support the last two versions of each browser. The padlock and the site identity dialog are checked by hand before each release; out of date browsers get a banner.',
    },
  },
  'kafka-lag': {
    alert: 'KafkaConsumerLagHigh',
    host: 'events-consumer-5d8f-2',
    keyword: 'CommitFailedException',
    mixed: 'events-consumer lag keeps growing after every rebalance',
    trace: [
      '\tat org.apache.kafka.clients.consumer.internals.ConsumerCoordinator.sendOffsetCommitRequest(ConsumerCoordinator.java:1256)',
      '\tat org.apache.kafka.clients.consumer.KafkaConsumer.commitSync(KafkaConsumer.java:1418)',
    ],
    distractor: {
      type: 'article',
      title: 'Screen readers and live regions',
      body: 'Screen readers fall further behind when a page updates too often; producers of UI content should batch live-region updates.',
    },
  },
  oom: {
    alert: 'KubePodOOMKilled',
    host: 'image-resizer-6c9d-kq7',
    keyword: 'OOMKilled 137',
    mixed: 'why is image-resizer getting OOMKilled on big uploads',
    distractor: {
      type: 'article',
      title: 'Thumbnail sizes for the catalog',
      body: 'The thumbnail service produces 64, 256 and 1024 pixel variants. Designers keep asking for more; each extra size uses more storage, not more ram.',
    },
  },
  dns: {
    alert: 'CoreDNSErrorsHigh',
    host: 'payments-api-84b7-zt5',
    keyword: 'ENOTFOUND',
    mixed: 'payments-api cannot resolve api.payments-provider.example since this morning',
    distractor: {
      type: 'article',
      title: 'Card processor address change',
      body: 'The card processor moves its office in March: the name stays the same, but the postal address on invoices could not be turned around in time.',
    },
  },
  'redis-mem': {
    alert: 'RedisMemoryHigh',
    host: 'session-cache-redis-0',
    keyword: 'maxmemory session-cache',
    mixed: 'session-cache redis answers OOM command not allowed to writes',
    distractor: {
      type: 'article',
      title: 'Signing out of shared devices',
      body: 'People get signed out after 30 minutes idle on shared devices. The key store at the front desk is full, so ask for a spare badge.',
    },
  },
  'deploy-rollback': {
    alert: 'FrontendErrorRateHigh',
    host: 'web-frontend-canary',
    keyword: 'Checkout.render checkout.js',
    mixed: 'TypeError in Checkout.render right after the release went out',
    trace: ['    at Checkout.render (checkout.js:120:18)', '    at renderWithHooks (react-dom.production.min.js:160:82)'],
    distractor: {
      type: 'article',
      title: 'Shop page redesign',
      body: 'The new version of the shop page ships after we finish the wishlist; the old page keeps working until then.',
    },
  },
  'cpu-throttle': {
    alert: 'CPUThrottlingHigh',
    host: 'search-api-7b6c-p9',
    keyword: 'container_cpu_cfs_throttled_periods_total',
    mixed: 'search-api p99 triples while cpu usage looks low',
    distractor: {
      type: 'article',
      title: 'Processor budget for new laptops',
      body: 'The IT budget covers processor upgrades for developer laptops this year; answers about the budget are slow because finance is small.',
    },
  },
  'cert-mtls': {
    alert: 'IstioMTLSHandshakeErrors',
    host: 'istiod-5f7d9-abc',
    keyword: 'CERTIFICATE_VERIFY_FAILED',
    mixed: 'upstream connect error between services since the istiod CA rotated',
    distractor: {
      type: 'article',
      title: 'Trust between teams',
      body: 'Weekly internal calls between team leads keep our app teams trusting each other; they no longer fail to agree on priorities.',
    },
  },
  'rate-limit-provider': {
    alert: 'NotificationSendThrottled',
    host: 'notifications-worker-3',
    keyword: 'HTTP 429 notifications-worker-3',
    mixed: 'the email provider keeps answering 429 and password resets arrive late',
    distractor: {
      type: 'article',
      title: 'Mail room hours',
      body: 'The office mail room slows down in December; the parcel vendor asks us to send fewer packages during the holidays.',
    },
  },
  'clock-skew': {
    alert: 'NodeClockSkewDetected',
    host: 'auth-service-2.us-east',
    keyword: 'JWTClaimValidationFailed',
    mixed: 'auth-service-2 rejects fresh tokens because of the iat claim check',
    distractor: {
      type: 'article',
      title: 'Sign in page greeting',
      body: 'The sign in page shows a different greeting depending on the time of day on the servers of each region.',
    },
  },
  'migration-lock': {
    alert: 'PostgresLockWaitsHigh',
    host: 'billing-db-primary',
    keyword: 'ProcessInterrupts billing-db',
    mixed: 'ALTER TABLE on invoices in billing-db blocked every write for minutes',
    distractor: {
      type: 'article',
      title: 'Structure of the monthly finance report',
      body: 'The table structure of the monthly finance report changed: writes to it are frozen at month end while all the totals are checked.',
    },
  },
  'disk-io': {
    alert: 'VolumeIOWaitHigh',
    host: 'analytics-db-1',
    keyword: 'iowait analytics-db-1',
    mixed: 'dashboards on analytics-db-1 time out while iowait stays above 60%',
    distractor: {
      type: 'article',
      title: 'Reading list for engineers',
      body: 'Reading suggestions: The Goal, about finding the bottleneck; the quarterly reports; and a guide to the shared drives.',
    },
  },
  'queue-poison': {
    alert: 'DeadLetterQueueGrowing',
    host: 'order-worker-1',
    keyword: 'JSONDecodeError 7781',
    mixed: 'order-worker retries one malformed message forever with JSONDecodeError',
    trace: ['Traceback (most recent call last):', '  File "/srv/worker/handler.py", line 42, in handle', '    payload = json.loads(body)'],
    distractor: {
      type: 'article',
      title: 'Broken job postings',
      body: 'A single broken job posting on the careers page keeps failing validation, and nothing behind it gets published until recruiting fixes it.',
    },
  },
  ddos: {
    alert: 'WAFRateRuleTriggered',
    host: 'edge-waf-eu-1',
    keyword: 'WAF /login edge-waf-eu-1',
    mixed: 'the edge-proxy WAF rule fired a million times on /login',
    distractor: {
      type: 'article',
      title: 'Chat bots on the support page',
      body: 'Our support chat bots answer huge amounts of requests; the sign in page links to them for people who forgot their password.',
    },
  },
  'cron-missed': {
    alert: 'CronJobMissedSchedule',
    host: 'scheduler-cron-1',
    keyword: 'startingDeadlineSeconds',
    mixed: 'the nightly-export cronjob says too many missed start time',
    distractor: {
      type: 'article',
      title: 'Partner file format',
      body: 'The overnight file for partners is a CSV in UTF-8 with one line per order, produced from the warehouse tables.',
    },
  },
  'secret-rotation': {
    alert: 'PaymentAuthFailures',
    host: 'payments-api-84b7-m2q',
    keyword: 'AuthenticationError payments-api-84b7-m2q',
    mixed: 'payments-api charges fail with Invalid API Key after the rotation',
    distractor: {
      type: 'article',
      title: 'Changing the card on file',
      body: 'Customers who changed the credentials of their card update it in settings; every charge after that goes to the new card.',
    },
  },
  'replica-lag': {
    alert: 'PostgresReplicationLagHigh',
    host: 'orders-db-replica-2',
    keyword: 'orders-db-replica-2',
    mixed: 'orders-db-replica-2 is five minutes behind the primary',
    distractor: {
      type: 'article',
      title: 'Copies of customer information',
      body: 'Customers can ask for a copy of the information we hold about them; old information is deleted when the copy is sent.',
    },
  },
  'node-notready': {
    alert: 'KubeNodeNotReady',
    host: 'ip-10-0-3-17',
    keyword: 'ip-10-0-3-17 NodeNotReady',
    mixed: 'kubelet on ip-10-0-3-17 stopped posting node status',
    distractor: {
      type: 'article',
      title: 'Visitor check-in machines',
      body: 'Several visitor check-in machines at the front desk stopped working, so check-in moved to the tablets.',
    },
  },
  'cdn-stale': {
    alert: 'FrontendChunkLoadErrors',
    host: 'cdn-edge-fra-2',
    keyword: 'ChunkLoadError',
    mixed: 'users hit ChunkLoadError for chunk 7 after the deploy',
    distractor: {
      type: 'article',
      title: 'Support call scripts',
      body: "Yesterday's call scripts for visitors and new hires are on the shared drive; download the latest before your shift.",
    },
  },
  'thread-pool': {
    alert: 'GatewayThreadPoolExhausted',
    host: 'gateway-8080-3',
    keyword: 'RejectedExecutionException gateway-8080-3',
    mixed: 'gateway throws RejectedExecutionException when the upstream slows down',
    trace: [
      '\tat java.util.concurrent.ThreadPoolExecutor.execute(ThreadPoolExecutor.java:1365)',
      '\tat org.apache.tomcat.util.threads.ThreadPoolExecutor.execute(ThreadPoolExecutor.java:161)',
    ],
    distractor: {
      type: 'article',
      title: 'Help desk rotation',
      body: 'All request handlers on the help desk are busy on Mondays; waiting times are posted on the backend team page.',
    },
  },
  'quota-cloud': {
    alert: 'ClusterAutoscalerQuotaExceeded',
    host: 'eu-west-1',
    keyword: 'VcpuLimitExceeded',
    mixed: 'the autoscaler cannot launch nodes in eu-west-1 because of the vCPU limit',
    distractor: {
      type: 'article',
      title: 'Virtual machine images for developers',
      body: 'Developers are allowed to start virtual machines from the approved images in the sandbox account only.',
    },
  },
  'ssl-db': {
    alert: 'PostgresAuthFailures',
    host: 'analytics-pg-1',
    keyword: 'pg_hba.conf 10.0.4.12',
    mixed: 'reporting gets no pg_hba.conf entry since we enforced sslmode=require',
    distractor: {
      type: 'article',
      title: 'Encrypting laptops',
      body: 'Every laptop must encrypt its disk; the report from the device management job lists the machines that do not.',
    },
  },
};

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

export { QUERY_KINDS_OF_FIXTURE } from './search-query-kinds.ts';

export interface BenchQuery {
  id: string;
  /** The scenario the query was written for: cross-validation folds never split one. */
  scenario: string;
  kind: (typeof QUERY_KINDS_OF_FIXTURE)[number];
  text: string;
  /** document key → grade (3, 2 or 1); a keyword query grades the documents holding its identifiers 3 */
  relevant: Map<string, number>;
}

/** A pasted log as it reaches a responder: noise around the error, a trace, the same error again. */
function pastedLog(scenario: Scenario, detail: ScenarioDetail): string {
  return [
    `2026-11-21T03:14:12.001Z INFO  [${scenario.service}] GET /healthz 200 2ms`,
    `2026-11-21T03:14:15.926Z ERROR [${scenario.service}] [pid 4711] ${scenario.error}`,
    ...(detail.trace ?? []),
    `2026-11-21T03:14:15.927Z INFO  [${scenario.service}] retrying in 5s (attempt 1/5) request_id=9f1c2d3e-1111-2222-3333-444455556666`,
    `2026-11-21T03:14:20.931Z ERROR [${scenario.service}] [pid 4711] ${scenario.error}`,
  ].join('\n');
}

/**
 * A log as other tools hand it over, for the unseen queries: JSON lines from a structured logger
 * (every other scenario) or a journal excerpt, the error among unrelated lines.
 */
function otherLog(scenario: Scenario, detail: ScenarioDetail, n: number): string {
  if (n % 2 === 0) {
    const line = (time: string, level: string, fields: Record<string, unknown>) =>
      JSON.stringify({ time: `2026-11-24T22:05:${time}Z`, level, service: scenario.service, ...fields });
    return [
      line('39.870', 'info', { msg: 'request completed', method: 'GET', path: '/healthz', status: 200, duration_ms: 3 }),
      line('41.302', 'error', {
        host: detail.host,
        msg: scenario.error,
        ...(detail.trace ? { stack: detail.trace.map((frame) => frame.trim()).join('\n') } : {}),
      }),
      line('41.305', 'warn', { msg: 'retry scheduled', attempt: 2, backoff_ms: 4000 }),
    ].join('\n');
  }
  const host = detail.host.split('.')[0] as string;
  return [
    `Nov 24 22:05:39 ${host} systemd[1]: Started ${scenario.service}.service.`,
    `Nov 24 22:05:41 ${host} ${scenario.service}[4711]: ${scenario.error}`,
    ...(detail.trace ?? []).map((frame) => `Nov 24 22:05:41 ${host} ${scenario.service}[4711]: ${frame.trim()}`),
    `Nov 24 22:05:46 ${host} ${scenario.service}[4711]: shutting down worker 3 after 5 consecutive failures`,
  ].join('\n');
}

/** The fixture: documents of one organization (key = `${type}:${id}`) and graded queries. */
export function buildFixture(organizationId: string, idFor: (key: string) => string) {
  const documents: SearchDocument[] = [];
  const texts = new Map<string, string>();
  const add = (type: SearchDocumentType, key: string, title: string, body: string, extra: Partial<SearchDocument> = {}) => {
    const doc: SearchDocument = {
      organizationId,
      type,
      id: idFor(key),
      title,
      body,
      createdAt: new Date(Date.UTC(2026, 0, 1 + (documents.length % 300))),
      ...extra,
    };
    documents.push(doc);
    texts.set(`${type}:${doc.id}`, `${title}\n${body}`.toLowerCase());
    return `${type}:${doc.id}`;
  };
  const byScenario = new Map<string, { strong: string[]; incidents: string[] }>();
  const byService = new Map<string, string[]>();
  S.forEach((scenario, s) => {
    const detail = D[scenario.key] as ScenarioDetail;
    const incidents: string[] = [];
    for (let v = 0; v < 9; v++) {
      const env = ENVIRONMENTS[v % ENVIRONMENTS.length] as string;
      const title = `${scenario.titles[v % scenario.titles.length]} (${env})`;
      const body = [
        `[FIRING:1] ${detail.alert} host=${detail.host} env=${env} service=${scenario.service}`,
        `${scenario.symptoms[v % scenario.symptoms.length]} ${scenario.symptoms[(v + 1) % scenario.symptoms.length]}`,
        ...(v % 3 === 0 ? [scenario.error, ...(detail.trace ?? [])] : []),
      ].join('\n');
      incidents.push(
        add('incident', `${scenario.key}-incident-${v}`, title, body, {
          severity: SEVERITIES[(s + v) % 4],
          status: v < 2 ? 'active' : 'resolved',
        }),
      );
    }
    const runbook = add(
      'procedure',
      `${scenario.key}-runbook`,
      scenario.runbook.name,
      [`Alert: ${detail.alert}`, `Seen as: ${scenario.error}`, ...scenario.runbook.steps.map((step, i) => `${i + 1}. ${step}`)].join('\n'),
    );
    const article = add('article', `${scenario.key}-article`, scenario.article.title, scenario.article.body);
    add(detail.distractor.type, `${scenario.key}-distractor`, detail.distractor.title, detail.distractor.body);
    byScenario.set(scenario.key, { strong: [runbook, article], incidents });
    byService.set(scenario.service, [...(byService.get(scenario.service) ?? []), ...incidents, runbook, article]);
  });
  NOISE_TOPICS.forEach(([title, body], n) => {
    for (let v = 0; v < 8; v++)
      add(
        v % 2 ? 'article' : 'procedure',
        `noise-${n}-${v}`,
        `${title} ${2019 + v}`,
        `${body} Revision ${v + 1} for ${ENVIRONMENTS[v % 4]}.`,
      );
  });

  // The same grades for every query of a scenario, whichever set it belongs to.
  const gradesOf = (scenario: Scenario, keyword: string) => {
    const own = byScenario.get(scenario.key) as { strong: string[]; incidents: string[] };
    const relevant = new Map<string, number>();
    for (const key of byService.get(scenario.service) ?? []) relevant.set(key, 1);
    for (const key of own.incidents) relevant.set(key, 2);
    for (const key of own.strong) relevant.set(key, 3);
    // Whoever types an identifier wants the documents that hold it first.
    const tokens = keyword.toLowerCase().split(/\s+/);
    const exact = new Map(relevant);
    for (const key of [...own.incidents, ...own.strong]) {
      const doc = texts.get(key) as string;
      if (tokens.every((token) => doc.includes(token))) exact.set(key, 3);
    }
    return { relevant, exact };
  };
  const scenarioQueries = (
    scenario: Scenario,
    written: { paraphrase: string; errorLog: string; keyword: string; mixed: string },
    idSuffix = '',
  ): BenchQuery[] => {
    const { relevant, exact } = gradesOf(scenario, written.keyword);
    const query = (kind: BenchQuery['kind'], text: string, grades = relevant): BenchQuery => ({
      id: `${scenario.key}/${kind}${idSuffix}`,
      scenario: scenario.key,
      kind,
      text,
      relevant: grades,
    });
    return [
      query('paraphrase', written.paraphrase),
      query('error_log', written.errorLog),
      query('keyword', written.keyword, exact),
      query('mixed', written.mixed),
    ];
  };
  const queries = S.flatMap((scenario) => {
    const detail = D[scenario.key] as ScenarioDetail;
    return scenarioQueries(scenario, {
      paraphrase: scenario.paraphrase,
      errorLog: pastedLog(scenario, detail),
      keyword: detail.keyword,
      mixed: detail.mixed,
    });
  });
  // Queries written after fusion's weights were fixed, never used to fit or pick anything.
  const unseen = S.flatMap((scenario, s) => {
    const detail = D[scenario.key] as ScenarioDetail;
    const fresh = UNSEEN_QUERIES[scenario.key];
    if (!fresh) throw new Error(`no unseen queries for scenario ${scenario.key}`);
    return scenarioQueries(scenario, { ...fresh, errorLog: otherLog(scenario, detail, s) }, '/unseen');
  });
  // Queries by someone who read only the documents, before any fusion change was measured on them.
  const independent = INDEPENDENT_QUERIES.map((written, n): BenchQuery => {
    const scenario = S.find((candidate) => candidate.key === written.scenario);
    if (!scenario) throw new Error(`independent query ${n} names no scenario: ${written.scenario}`);
    const { relevant, exact } = gradesOf(scenario, written.text);
    return {
      id: `${scenario.key}/${written.kind}/independent-${n}`,
      scenario: scenario.key,
      kind: written.kind,
      text: written.text,
      relevant: written.kind === 'keyword' ? exact : relevant,
    };
  });
  return { documents, queries, unseen, independent };
}

/** The scenario keys of the fixture, for checks on query sets written against it. */
export const SCENARIO_KEYS: readonly string[] = S.map((scenario) => scenario.key);
