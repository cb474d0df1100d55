import type { Client } from '@temporalio/client';
import type { ActivityDeps } from '../activities/index.ts';
import { createIntegrationLiveness, type IntegrationLiveness } from '../shared/db/integration-liveness.ts';
import { createMuteRulesCache, type MuteRulesCache } from '../shared/db/mute-rules-cache.ts';
import { createRoutingRulesCache, type RoutingRulesCache } from '../shared/db/routing-rules-cache.ts';
import { createGroupingRulesCache, type GroupingRulesCache } from '../shared/db/grouping-rules-cache.ts';
import { createScheduleOnCall } from '../shared/db/access/schedule-on-call.ts';
import { createAlertTransactionStore } from '../shared/db/access/alert-transaction.ts';
import { createStatusUpdateMailStore } from '../shared/db/access/status-update-mails.ts';
import { createResponderPageStore } from '../shared/db/access/responder-pages.ts';
import { createEscalationPagingStore } from '../shared/db/access/escalation-paging.ts';
import { createPagingReads } from '../shared/db/access/paging-reads.ts';
import { createAssistantReplyStore } from '../shared/db/access/assistant-replies.ts';
import { createScheduleIcalFeedStore } from '../shared/db/access/schedule-ical-feeds.ts';
import { createHandoffNoticeStore } from '../shared/db/access/handoff-notices.ts';
import { createRetentionStore } from '../shared/db/access/retention.ts';
import { createSelfTestRunStore } from '../shared/db/access/self-test-runs.ts';
import { createPageMessageStore } from '../shared/db/access/page-messages.ts';
import { createAcknowledgementStore } from '../shared/db/access/acknowledgements.ts';
import { createExecutionStore } from '../shared/db/access/executions.ts';
import { createRemediationStore } from '../shared/db/access/remediations.ts';
import { createNotificationStore } from '../shared/db/access/notifications.ts';
import { createWebhookDeliveryStore } from '../shared/db/access/webhook-deliveries.ts';
import { createChatFeedStore } from '../shared/db/access/chat-feeds.ts';
import { createRelayStore } from '../shared/db/access/relay-batch.ts';
import { createOutboxMessageStore } from '../shared/db/access/outbox-messages.ts';
import { createHeartbeatStore } from '../shared/db/access/heartbeats.ts';
import { createOutboxRelay, type OutboxRelayDeps, type RunningOutboxRelay } from './outbox/relay.ts';
import type { Config } from '../shared/config.ts';
import { createSecretBox, type SecretBox } from '../shared/crypto/secret-box.ts';
import type { Orm } from '../shared/db/orm.ts';
import { createLogger, type Logger } from '../shared/logger.ts';
import { createMailer } from '../shared/mail/mailer.ts';
import { createSubscriberLinks } from '../shared/status-page/subscriber-links.ts';
import type { SearchPort } from '../shared/search/port.ts';
import { createOutboundHttp, type HttpRequestFn, type Resolver } from '../shared/net/outbound-http.ts';
import { ICAL_MAX_BYTES } from '../shared/domain/schedule-ical-layer.ts';
import { removeIcalRefreshSchedule } from './ical-refresh-schedules.ts';
import { pageVendorBaseUrls } from '../shared/paging/vendor-base-urls.ts';
import { createPageLinkSigner } from '../shared/paging/page-link-token.ts';
import { createWaitedEscalationStarter } from '../shared/temporal/escalation-starts.ts';

/**
 * What outbound deliveries need in the worker: the secret box (for `{{integration.secret}}`) and
 * the SSRF-guarded client, which honours OUTBOUND_ALLOW_PRIVATE and OUTBOUND_ALLOWED_HOSTS.
 */
export function createDeliveryDeps(
  config: Config,
  encryptionKey: string,
  options: { resolver?: Resolver } = {},
): { secretBox: SecretBox; outboundHttp: HttpRequestFn } {
  return {
    secretBox: createSecretBox(encryptionKey),
    outboundHttp: createOutboundHttp({
      allowPrivate: config.OUTBOUND_ALLOW_PRIVATE,
      allowedHosts: config.OUTBOUND_ALLOWED_HOSTS,
      resolver: options.resolver,
    }),
  };
}

/**
 * Everything the activities need besides the database, the same in `npm run worker` and in tests:
 * the secret box, one SSRF-guarded client for outbound webhooks and runbook http steps, and the
 * integration-liveness coalescer (stop it once the worker has stopped, to write its last second), and
 * the mute-rule cache with its listener (close it then too).
 */
export function createWorkerDeps(
  config: Config,
  orm: Orm,
  options: { encryptionKey: string; search?: SearchPort; logger?: Logger; temporal?: Client },
): ActivityDeps & {
  integrationLiveness: IntegrationLiveness;
  muteRules: MuteRulesCache;
  routingRules: RoutingRulesCache;
  groupingRules: GroupingRulesCache;
} {
  const logger = options.logger ?? createLogger({ name: 'tocsin-worker', level: config.LOG_LEVEL });
  const delivery = createDeliveryDeps(config, options.encryptionKey);
  // Escalations' reads, shared by the pages this worker sends at once: a storm's pages read together.
  const pagingReads = createPagingReads(orm.em.fork());
  return {
    search: options.search,
    ...delivery,
    // Runbook http steps: the same guarded client as outbound webhooks.
    httpRequest: delivery.outboundHttp,
    // Calendars of `ical` schedule layers: the same guard, room for a large calendar.
    calendarHttp: createOutboundHttp({
      allowPrivate: config.OUTBOUND_ALLOW_PRIVATE,
      allowedHosts: config.OUTBOUND_ALLOWED_HOSTS,
      maxResponseBytes: ICAL_MAX_BYTES + 1,
      userAgent: 'Tocsin-Calendar/1.0',
    }),
    scheduleIcalFeeds: () => createScheduleIcalFeedStore(orm.em.fork()),
    handoffNotices: () => createHandoffNoticeStore(orm.em.fork()),
    // Escalations their bucket held until their next level: started on this client when due.
    startWaitedEscalations: options.temporal ? createWaitedEscalationStarter(options.temporal) : undefined,
    removeIcalRefreshSchedule: options.temporal ? (layerId) => removeIcalRefreshSchedule(options.temporal as Client, layerId) : undefined,
    integrationLiveness: createIntegrationLiveness({ orm }),
    // Ingestion's transactions: locks, alerts, incidents and their events.
    alertTransactions: createAlertTransactionStore(orm),
    auditRetentionMinDays: config.AUDIT_RETENTION_MIN_DAYS,
    retention: () => createRetentionStore(orm.em.fork()),
    selfTestRuns: () => createSelfTestRunStore(orm.em.fork()),
    pageMessages: () => createPageMessageStore(orm.em.fork(), pagingReads),
    acknowledgements: () => createAcknowledgementStore(orm.em.fork()),
    notifications: () => createNotificationStore(orm.em.fork()),
    webhookDeliveries: () => createWebhookDeliveryStore(orm.em.fork()),
    chatFeeds: () => createChatFeedStore(orm.em.fork()),
    executions: () => createExecutionStore(orm.em.fork()),
    remediations: () => createRemediationStore(orm.em.fork()),
    heartbeats: () => createHeartbeatStore(orm.em.fork()),
    // Silences and maintenance windows, kept per organization and dropped on their NOTIFY.
    muteRules: createMuteRulesCache({ orm, listen: config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL, logger } : undefined }),
    // Routing rules (grouping per rule at ingestion, and the relay's routing), dropped on their NOTIFY.
    routingRules: createRoutingRulesCache({ orm, listen: config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL, logger } : undefined }),
    // Integrations' grouping and flap detection and the inhibition rules, dropped on their NOTIFY.
    groupingRules: createGroupingRulesCache({
      orm,
      listen: config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL, logger } : undefined,
    }),
    // Notification emails: SMTP_URL, else rows in outbox_messages, as in the API.
    mailer: createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      outboxMessages: () => createOutboxMessageStore(orm.em.fork()),
      logger,
      pool: true,
    }),
    // Schedule targets of escalation policies resolve through this port.
    // Escalations page whoever a schedule target has on call at that moment.
    onCall: createScheduleOnCall({ orm }),
    responderPages: () => createResponderPageStore(orm.em.fork()),
    escalationPaging: () => createEscalationPagingStore(orm.em.fork(), pagingReads),
    assistantReplies: () => createAssistantReplyStore(orm.em.fork()),
    // The one-click acknowledge and resolve links of page mails; the API verifies them with the same key.
    pageLinks: createPageLinkSigner(options.encryptionKey),
    // The unsubscribe links of status update mails; the API verifies them with the same key.
    subscriberLinks: createSubscriberLinks({ encryptionKey: options.encryptionKey, publicUrl: config.publicUrl }),
    statusUpdateMails: () => createStatusUpdateMailStore(orm.em.fork()),
    // Page channels' vendor APIs: the operator's SLACK_API_URL, TWILIO_API_URL, NTFY_URL; else the vendors' own.
    vendorBaseUrls: pageVendorBaseUrls(config),
    // The assistant URL is the operator's, not a user's: it is called without the outbound guard.
    assistant: config.ASSISTANT_URL
      ? { url: config.ASSISTANT_URL, model: config.ASSISTANT_MODEL, apiKey: config.ASSISTANT_API_KEY }
      : undefined,
  };
}

/** Runs the outbox relay beside the worker until `stop()`. */
export function startOutboxRelay(deps: {
  orm: Orm;
  temporal: Client;
  taskQueue: string;
  logger: Logger;
  indexSearch: boolean;
  publicUrl: string;
  routingRules?: Pick<RoutingRulesCache, 'forOrganization'>;
  pageUpdateKinds?: OutboxRelayDeps['pageUpdateKinds'];
  pageFirstLevel?: OutboxRelayDeps['pageFirstLevel'];
  eagerStarts?: boolean;
  listen?: { databaseUrl: string };
  idleMs?: number;
}): RunningOutboxRelay {
  const { orm, routingRules, ...rest } = deps;
  // Without the worker's routing-rule cache, one of the relay's own (not dropped on NOTIFY: kept for its TTL).
  return createOutboxRelay({
    ...rest,
    store: createRelayStore(orm),
    routingRules: routingRules ?? createRoutingRulesCache({ orm }),
  }).start();
}
