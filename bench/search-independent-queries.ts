/**
 * Independent queries of `npm run bench:search`, scored apart from the others. Written by an engineer
 * who had not read the fusion or query-kind code nor the other query sets, working only from the
 * documents of bench/search-fixtures.ts and a one-line description of each kind, and committed before
 * any fusion change was measured against it. Never use it to fit or pick a weight: it is only worth
 * something while nothing was tuned on it. Grades are the scenario's (bench/search-fixtures.ts).
 */
import type { QUERY_KINDS_OF_FIXTURE } from './search-query-kinds.ts';

export interface IndependentQuery {
  /** A scenario key of bench/search-fixtures.ts. */
  scenario: string;
  kind: (typeof QUERY_KINDS_OF_FIXTURE)[number];
  text: string;
}

const p = (scenario: string, text: string): IndependentQuery => ({ scenario, kind: 'paraphrase', text });
const log = (scenario: string, lines: string[]): IndependentQuery => ({ scenario, kind: 'error_log', text: lines.join('\n') });
const id = (scenario: string, text: string): IndependentQuery => ({ scenario, kind: 'keyword', text });
const m = (scenario: string, text: string): IndependentQuery => ({ scenario, kind: 'mixed', text });

export const INDEPENDENT_QUERIES: IndependentQuery[] = [
  // Two paraphrases per scenario: everyday words, no identifiers.
  p('pg-conn', 'placing an order spins forever then fails, looks like the app cannot get a line to its data store'),
  p('pg-conn', 'every checkout worker is waiting its turn to talk to the main storage box and gives up'),
  p('disk-full', 'we stopped seeing fresh app output in the search tool, the boxes holding it are stuffed'),
  p('disk-full', 'our record keeping machines are at capacity and refuse to accept anything new'),
  p('tls-expiry', 'visitors get a scary warning page saying our site cannot be trusted since last night'),
  p('tls-expiry', 'the security paperwork for our public website lapsed and nobody refreshed it'),
  p('kafka-lag', 'the background readers of our event stream are hours late and the pile keeps growing'),
  p('kafka-lag', 'the workers that process updates keep reshuffling among themselves and never catch up'),
  p('oom', 'the picture shrinking workers get killed whenever someone uploads a really big photo'),
  p('oom', 'the service that makes smaller copies of images runs out of room to think and restarts over and over'),
  p('dns', 'our billing service cannot look up where the outside charging partner lives on the network'),
  p('dns', 'calls to the external card company fail because the lookup of its web name comes back empty'),
  p('redis-mem', 'users are kicked out of their accounts at random because the fast in-memory store is stuffed'),
  p('redis-mem', 'the login memory box will not accept anything new and starts throwing out entries'),
  p('deploy-rollback', 'since this afternoon release, pressing the pay button on the store does nothing'),
  p('deploy-rollback', 'the latest website update breaks the purchase step, we need to go back to the previous one'),
  p('cpu-throttle', 'lookups on the site are sluggish at busy moments though the machines seem mostly idle'),
  p('cpu-throttle', 'the find feature slows right down because each box is capped on how much computing it can use'),
  p('cert-mtls', 'our internal programs can no longer call one another after the trust authority was swapped'),
  p('cert-mtls', 'the little helper next to every app still holds old identity papers so calls between apps break'),
  p('rate-limit-provider', 'the company that sends our emails is pushing back because we send too fast'),
  p('rate-limit-provider', 'people wait ages for the forgotten-password message because the outbound messaging is held back'),
  p('clock-skew', 'a few boxes have their watches running fast so people cannot stay logged in'),
  p('clock-skew', 'time on some machines drifted and login passes get turned down as coming from the future'),
  p('migration-lock', 'a change to how the billing data is laid out made every new bill hang'),
  p('migration-lock', 'we added a field to a big table in the money database and nothing could save for ten minutes'),
  p('disk-io', 'the number crunching database is crawling because the drives cannot keep up'),
  p('disk-io', 'the charts on the business screens give up loading, the storage under them is maxed out'),
  p('queue-poison', 'one garbled entry in the order line keeps getting picked up again and everything else waits'),
  p('queue-poison', 'purchases are not being handled because the worker chokes on the same bad item over and over'),
  p('ddos', 'a swarm of machines is flooding the login page and real customers cannot get in'),
  p('ddos', 'someone is trying stolen passwords at huge volume against our website'),
  p('cron-missed', 'the data dump that should go out every night to our partners simply never kicked off'),
  p('cron-missed', 'the timed task that runs after midnight skipped its slot and nobody noticed'),
  p('secret-rotation', 'we swapped the password for the card company and now every purchase is declined'),
  p('secret-rotation', 'the new access token for the charging partner never made it to the running app'),
  p('replica-lag', 'after buying something the status screen shows stale details for several minutes'),
  p('replica-lag', 'the backup copy of the orders store that serves reads is trailing far behind'),
  p('node-notready', 'a handful of the machines in our container fleet went silent and their apps were moved away'),
  p('node-notready', 'some servers in the cluster stopped sending a heartbeat and got marked unhealthy'),
  p('cdn-stale', 'after the new release people still get the previous version of the page code from the edge servers'),
  p('cdn-stale', 'the website breaks for some users because pieces of the old script files are still being handed out'),
  p('thread-pool', 'the front door service hangs because all its workers are stuck waiting on a slow system behind it'),
  p('thread-pool', 'the entry point for our apis stops answering once a dependency behind it gets slow'),
  p('quota-cloud', 'we could not add more machines during the rush because the hosting provider cap was hit'),
  p('quota-cloud', 'the cluster wanted to grow but the cloud account will not give us more processors'),
  p('ssl-db', 'since we required encrypted links the reporting task cannot log in to the database'),
  p('ssl-db', 'the nightly report fails because its link to the data store is plain text and gets turned away'),

  // Pasted logs in the shapes other tools produce: logfmt, kubectl, psql, proxy access logs, tracebacks.
  log('pg-conn', [
    'ts=2026-11-26T09:12:01.442Z level=info svc=orders-api msg="POST /orders" status=201 dur=41ms',
    'ts=2026-11-26T09:12:03.118Z level=error svc=orders-api msg="query failed" err="FATAL: sorry, too many clients already (SQLSTATE 53300)"',
    'ts=2026-11-26T09:12:03.120Z level=warn svc=orders-api msg="pool acquire timeout" waited=5000ms',
  ]),
  log('disk-full', [
    '[2026-11-26T04:00:12,551][WARN ][o.e.c.r.a.DiskThresholdMonitor] [logs-data-03] flood stage disk watermark [95%] exceeded on [logs-data-03]',
    '[2026-11-26T04:00:13,002][ERROR][o.e.a.b.TransportShardBulkAction] [logs-data-03] failed to execute bulk item (index) index [logs-2026.11.26]',
    'org.elasticsearch.cluster.block.ClusterBlockException: index [logs-2026.11.26] blocked by: [TOO_MANY_REQUESTS/12/disk usage exceeded flood-stage watermark];',
  ]),
  log('tls-expiry', [
    '$ curl -v https://shop.example/',
    '*   Trying 203.0.113.10:443...',
    '* SSL certificate problem: certificate has expired',
    'curl: (60) SSL certificate problem: certificate has expired',
    'edge-lb-01 proxy: http: TLS handshake error from 198.51.100.7:53122: x509: certificate has expired or is not yet valid',
  ]),
  log('kafka-lag', [
    '2026-11-26 02:10:44,901 INFO  [Consumer clientId=events-consumer-5d8f-2, groupId=projections] Revoke previously assigned partitions events-3, events-4',
    '2026-11-26 02:10:45,117 ERROR [events-consumer] Offset commit failed',
    'org.apache.kafka.clients.consumer.CommitFailedException: Commit cannot be completed since the group has already rebalanced and assigned the partitions to another member.',
    '\tat org.apache.kafka.clients.consumer.KafkaConsumer.commitSync(KafkaConsumer.java:1418)',
  ]),
  log('oom', [
    '$ kubectl describe pod image-resizer-6c9d-kq7',
    '    State:          Waiting',
    '      Reason:       CrashLoopBackOff',
    '    Last State:     Terminated',
    '      Reason:       OOMKilled',
    '      Exit Code:    137',
    '    Restart Count:  14',
  ]),
  log('dns', [
    '{"level":50,"time":1764150301223,"pid":19,"hostname":"payments-api-84b7-zt5","msg":"charge request failed","err":{"type":"Error","message":"getaddrinfo ENOTFOUND api.payments-provider.example","code":"ENOTFOUND","syscall":"getaddrinfo"}}',
    '{"level":30,"time":1764150301230,"pid":19,"hostname":"payments-api-84b7-zt5","msg":"retrying charge","attempt":3}',
  ]),
  log('queue-poison', [
    '2026-11-26 11:40:02 order-worker-1 INFO picked message 7781 (attempt 212)',
    'Traceback (most recent call last):',
    '  File "/srv/worker/handler.py", line 42, in handle',
    '    payload = json.loads(body)',
    'json.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)',
    '2026-11-26 11:40:02 order-worker-1 INFO requeue message 7781',
  ]),
  log('cert-mtls', [
    '[2026-11-26T07:31:09.114Z] "GET /v1/balance HTTP/1.1" 503 UF,URX upstream_reset_before_response_started{connection_failure,TLS_error:_CERTIFICATE_VERIFY_FAILED} - "-" 0 91 12 - "10.1.2.3" "Go-http-client/1.1"',
    'upstream connect error or disconnect/reset before headers. reset reason: connection failure, transport failure reason: TLS error: CERTIFICATE_VERIFY_FAILED',
  ]),
  log('migration-lock', [
    "billing=> ALTER TABLE invoices ADD COLUMN tax_region text DEFAULT 'eu';",
    '2026-11-26 13:02:44.301 UTC [81234] LOG:  process 81234 still waiting for AccessExclusiveLock on relation 16502 after 1000.112 ms',
    '2026-11-26 13:02:47.002 UTC [81240] ERROR:  canceling statement due to lock timeout',
    'LOCATION:  ProcessInterrupts, postgres.c:3259',
  ]),
  log('thread-pool', [
    '2026-11-26 18:22:10.331  WARN 1 --- [http-nio-8080-exec-200] o.a.c.c.C.[Tomcat].[localhost] : upstream call took 29804 ms',
    '2026-11-26 18:22:10.402 ERROR 1 --- [http-nio-8080-Acceptor] gateway : request rejected',
    'java.util.concurrent.RejectedExecutionException: Thread pool is EXHAUSTED! Thread Name: http-nio-8080-exec, Pool Size: 200 (active: 200)',
    '\tat java.util.concurrent.ThreadPoolExecutor.execute(ThreadPoolExecutor.java:1365)',
  ]),
  log('cron-missed', [
    '$ kubectl get events -n scheduler',
    'LAST SEEN   TYPE      REASON             OBJECT                   MESSAGE',
    '2m          Normal    SawCompletedJob    cronjob/cleanup          Saw completed job: cleanup-29401234',
    '5m          Warning   FailedNeedsStart   cronjob/nightly-export   Cannot determine if job needs to be started: too many missed start time (> 100). Set or decrease .spec.startingDeadlineSeconds or check clock skew',
  ]),
  log('ssl-db', [
    'Nov 26 01:00:03 reporting-runner-2 report[311]: starting nightly report run',
    'Nov 26 01:00:03 reporting-runner-2 report[311]: psql: error: connection to server at "analytics-pg-1" (10.0.4.20), port 5432 failed: FATAL:  no pg_hba.conf entry for host "10.0.4.12", user "reporting", database "analytics", no encryption',
    'Nov 26 01:00:03 reporting-runner-2 report[311]: exiting with status 2',
  ]),

  // Identifiers only: alert names, error codes, metrics, hosts, config files.
  id('redis-mem', 'RedisMemoryHigh'),
  id('deploy-rollback', 'FrontendErrorRateHigh'),
  id('cpu-throttle', 'CPUThrottlingHigh search-api-7b6c-p9'),
  id('rate-limit-provider', 'NotificationSendThrottled'),
  id('clock-skew', 'NodeClockSkewDetected auth-service-2.us-east'),
  id('disk-io', 'VolumeIOWaitHigh'),
  id('ddos', 'WAFRateRuleTriggered'),
  id('secret-rotation', 'PaymentAuthFailures'),
  id('replica-lag', 'PostgresReplicationLagHigh'),
  id('node-notready', 'KubeNodeNotReady'),
  id('cdn-stale', 'FrontendChunkLoadErrors cdn-edge-fra-2'),
  id('quota-cloud', 'ClusterAutoscalerQuotaExceeded'),

  // One identifier in a sentence.
  m('pg-conn', 'PostgresTooManyConnections paged us, how do we find who is hogging the slots'),
  m('disk-full', 'how do I get writes going again once logs-data-03 is over the watermark'),
  m('tls-expiry', 'what do we do when EdgeCertificateExpired fires in the middle of the night'),
  m('kafka-lag', 'KafkaConsumerLagHigh on the projections group, safe to bounce the pods?'),
  m('redis-mem', 'users logged out all morning and session-cache-redis-0 is at its limit'),
  m('cert-mtls', "IstioMTLSHandshakeErrors after yesterday's root rotation, what do we restart"),
  m('clock-skew', 'chronyc shows several minutes of offset on some auth nodes and logins fail'),
  m('replica-lag', 'order status pages are out of date, is hot_standby_feedback the fix'),
  m('node-notready', 'containerd hung on a couple of workers and they dropped out of the cluster'),
  m('cdn-stale', 'cdn-edge-fra-2 keeps handing out the old bundle even after we purged'),
  m('secret-rotation', 'payments-api-84b7-m2q still uses the old provider key after the swap'),
  m('quota-cloud', 'pods stuck pending in eu-west-1 during the sale, instances will not launch'),
];
