import { createRequire } from 'node:module';
import type { Registry } from 'prom-client';
import { createTokenService } from '../shared/auth/tokens.ts';
import { createSecretBox } from '../shared/crypto/secret-box.ts';
import type { Config } from '../shared/config.ts';
import { openOrm, runMigrations, type Orm } from '../shared/db/orm.ts';
import type { Logger } from '../shared/logger.ts';
import { connectTemporal, isTemporalReachable, type TemporalClient } from '../shared/temporal/client.ts';
import { notifyIngestionOfResolution } from './services/ingestion-signals.ts';
import type { AppDeps } from './app.ts';
import { createApiMetrics, withIngestMetrics, type ApiMetrics } from './metrics.ts';
import { createMetricsRegistry, temporalRetryCounter } from '../shared/observability/metrics.ts';
import { temporalClientInterceptors } from '../shared/observability/temporal-tracing.ts';
import type { Tracing } from '../shared/observability/tracing.ts';
import { runReadinessChecks } from './routes/health.routes.ts';
import { authorize, createAuthenticator, createCredentialAuthenticator } from './middleware/authenticate.ts';
import { createCrossSiteGuard } from './middleware/request-origin.ts';
import { createMailer } from '../shared/mail/mailer.ts';
import { createOutboxMessageStore } from '../shared/db/access/outbox-messages.ts';
import { createAccountService } from './services/account.service.ts';
import { createAccountStore } from '../shared/db/access/account-tokens.ts';
import { planLimits } from '../shared/domain/plans.ts';
import { createAuditGuard } from './middleware/audit.ts';
import { createRateLimitGuard } from './middleware/rate-limit.ts';
import { createAdminService } from './services/admin.service.ts';
import { createAuditService } from './services/audit.service.ts';
import { createInvitationService } from './services/invitation.service.ts';
import { createInvitationStore } from '../shared/db/access/invitations.ts';
import { createOrganizationService } from './services/organization.service.ts';
import { createRateLimiter, type RateLimiter } from './services/rate-limit.service.ts';
import { createCredentialCache, credentialTag, listenForCredentialChanges, type CredentialCache } from './services/credential-cache.ts';
import { createCredentialStore } from './services/credential-store.ts';
import { createUserService } from './services/user.service.ts';
import { createUserStore } from '../shared/db/access/users.ts';
import { createApiKeyService } from './services/api-key.service.ts';
import { createApiKeyStore } from '../shared/db/access/api-keys.ts';
import { createAuthService } from './services/auth.service.ts';
import { createSignInStore } from '../shared/db/access/sign-ins.ts';
import { createLoginAddressThrottle, createLoginThrottle } from './services/login-throttle.service.ts';
import { createSessionService } from './services/session.service.ts';
import { createIncidentService } from './services/incident.service.ts';
import { createPageChannels } from '../shared/paging/channels.ts';
import { createChannelLinks } from '../shared/paging/channel-link-token.ts';
import { createChannelIdentityStore } from '../shared/db/access/channel-identities.ts';
import { createChannelActionStore } from '../shared/db/access/channel-actions.ts';
import { createChannelConnectionService } from './services/channel-connection.service.ts';
import { createChannelIdentityService } from './services/channel-identity.service.ts';
import { createChannelActionService } from './services/channel-action.service.ts';
import { createTwilioInboundService } from './services/twilio-inbound.service.ts';
import { createTwilioWebhookStore } from '../shared/db/access/twilio-webhooks.ts';
import type { PageChannelDeps } from '../shared/paging/channel-module.ts';
import { createChannelConnectionStore } from '../shared/db/access/channel-connections.ts';
import type { SearchPort } from '../shared/search/port.ts';
import { createSearch, createSearchIndexer, scheduleSearchIndexing, withSearchIndexing } from '../shared/search/create-search.ts';
import { createAnalysisRefresher } from './services/incident-analysis.ts';
import { createKnowledgeBaseService } from './services/knowledge-base.service.ts';
import { createKnowledgeArticleStore } from '../shared/db/access/knowledge-articles.ts';
import { createLogService } from './services/log.service.ts';
import { createLogEntryStore } from '../shared/db/access/logs.ts';
import { createSearchService } from './services/search.service.ts';
import { createProcedureService } from './services/procedure.service.ts';
import { createScheduleService } from './services/schedule.service.ts';
import { createScheduleSwapService } from './services/schedule-swap.service.ts';
import { createTeamService } from './services/team.service.ts';
import { createHandoffPreferenceService } from './services/handoff-preference.service.ts';
import { replanHandoffNotices } from '../shared/temporal/handoff-replan.ts';
import { createSlackServices } from './services/slack-services.ts';
import { createSlackWorkspaceStore } from '../shared/db/access/slack-workspaces.ts';
import { createSeenRequestStore } from '../shared/db/access/seen-request-signatures.ts';
import { createChatFeedService } from './services/chat-feed.service.ts';
import { createChatFeedStore } from '../shared/db/access/chat-feeds.ts';
import { createCalendarFeedService } from './services/calendar-feed.service.ts';
import { createIcalRefreshNow } from './services/ical-refresh.ts';
import { createExecutionService } from './services/execution.service.ts';
import { createIntegrationLookup } from './services/integration-lookup.ts';
import {
  createIntegrationCredentialsStore,
  createIntegrationHealthStore,
  createIntegrationStore,
} from '../shared/db/access/integrations.ts';
import { createIntegrationService } from './services/integration.service.ts';
import { createSilenceService } from './services/silence.service.ts';
import { createSilenceStore } from '../shared/db/access/silences.ts';
import { createHeartbeatService } from './services/heartbeat.service.ts';
import { createStatusPageService } from './services/status-page.service.ts';
import { createStatusUpdateService } from './services/status-update.service.ts';
import { createPostmortemService } from './services/postmortem.service.ts';
import { createPostmortemStore } from '../shared/db/access/postmortems.ts';
import { createSubscriberLinks } from '../shared/status-page/subscriber-links.ts';
import { createMaintenanceWindowService } from './services/maintenance-window.service.ts';
import { createSelfTestService } from './services/self-test.service.ts';
import { createSelfTestRunStore } from '../shared/db/access/self-test-runs.ts';
import { createWebhookIngestService } from './services/webhook-ingest.service.ts';
import { createMappingRunner, type MappingRunner } from '../shared/isolation/json-mapping.ts';
import { createEventsV2Service } from './services/events-v2.service.ts';
import { createDeliveryService } from './services/delivery.service.ts';
import { createWebhookDeliveryStore } from '../shared/db/access/webhook-deliveries.ts';
import { createNotificationService } from './services/notification.service.ts';
import { createNotificationStore } from '../shared/db/access/notifications.ts';
import { billingLimits } from '../shared/domain/billing.ts';
import { createPlanQuota } from './services/plan-quota.ts';
import { createPlanQuotaStore } from '../shared/db/access/plan-quotas.ts';
import { createStripeProvider } from './services/billing-provider.ts';
import { createBillingService } from './services/billing.service.ts';
import { createChatService } from './services/chat.service.ts';
import { createChatMessageStore } from '../shared/db/access/chat-messages.ts';
import { createUsageMeter, meteredRateLimit, meteredWebhookIngest, type UsageMeter } from './services/usage-meter.ts';
import { createAnalyticsService } from './services/analytics.service.ts';
import { createWebhookHealth } from './services/webhook-health.ts';
import { createEscalationPolicyService } from './services/escalation-policy.service.ts';
import { createRoutingRuleService } from './services/routing-rule.service.ts';
import { createRoutingRuleStore } from '../shared/db/access/routing-rules.ts';
import { createInhibitionRuleService } from './services/inhibition-rule.service.ts';
import { createIncidentAlertService } from './services/incident-alert.service.ts';
import { createEscalationControl } from './services/escalation-signals.ts';
import { createIncidentEscalationService } from './services/incident-escalation.service.ts';
import { createResponderService } from './services/responder.service.ts';
import { createIncidentRoleService } from './services/incident-role.service.ts';
import { createIncidentMergeService } from './services/incident-merge.service.ts';
import { createIncidentLinkService } from './services/incident-link.service.ts';
import { createPriorityRunbookService } from './services/priority-runbook.service.ts';
import { createScheduleOnCall } from '../shared/db/access/schedule-on-call.ts';
import { sharedResult } from '../shared/cache/shared-result.ts';
import { createTxtLookup } from './services/sso/domain-verification.ts';
import { createOidcRelyingParty } from './services/sso/oidc-relying-party.ts';
import { createOutboundHttp } from '../shared/net/outbound-http.ts';
import { createGuardedFetch } from '../shared/net/outbound-fetch.ts';
import { createSamlServiceProvider } from './services/sso/saml-service-provider.ts';
import { createSsoConnectionService, ssoUrls } from './services/sso/sso-connection.service.ts';
import { createSsoLoginService, SSO_REQUEST_TTL_SECONDS } from './services/sso/sso-login.service.ts';
import { createHelperDownloadService } from './services/helper-download.service.ts';
import { createContactMethodService, type ContactMethodService } from './services/contact-method.service.ts';
import { createBillingStore } from '../shared/db/access/billing.ts';
import { createContactMethodStore } from '../shared/db/access/contact-methods.ts';
import { createIncidentDetailReads, createIncidentStore } from '../shared/db/access/incidents.ts';
import { forkForStores } from '../shared/db/tenant-filter.ts';
import { createPageLinkStore } from '../shared/db/access/page-links.ts';
import { createHeartbeatStore } from '../shared/db/access/heartbeats.ts';
import { createInhibitionRuleStore } from '../shared/db/access/inhibition-rules.ts';
import { createPriorityRunbookStore } from '../shared/db/access/priority-runbooks.ts';
import { createIncidentLinkStore } from '../shared/db/access/incident-links.ts';
import { createIncidentAlertStore } from '../shared/db/access/incident-alerts.ts';
import { createIncidentEscalationStore } from '../shared/db/access/incident-escalations.ts';
import { createEscalationPolicyStore } from '../shared/db/access/escalation-policies.ts';
import { createIncidentMergeStore } from '../shared/db/access/incident-merges.ts';
import { createStatusUpdateStore } from '../shared/db/access/status-updates.ts';
import { createStatusPageStore } from '../shared/db/access/status-pages.ts';
import { createResponderRequestStore } from '../shared/db/access/responder-requests.ts';
import { createIncidentRoleStore } from '../shared/db/access/incident-roles.ts';
import { createScheduleSwapStore } from '../shared/db/access/schedule-swaps.ts';
import { createSessionStore } from '../shared/db/access/sessions.ts';
import { createOrganizationStore } from '../shared/db/access/organizations.ts';
import { createExecutionStore } from '../shared/db/access/executions.ts';
import { createProcedureStore } from '../shared/db/access/procedures.ts';
import { createOrganizationStatsStore } from '../shared/db/access/organization-stats.ts';
import { createAnalyticsStore } from '../shared/db/access/analytics.ts';
import { createAuditEventStore } from '../shared/db/access/audit-events.ts';
import { createCredentialLookupStore } from '../shared/db/access/credentials.ts';
import { createRateLimitCounterStore } from '../shared/db/access/rate-limit-counters.ts';
import { createUsageCounterStore } from '../shared/db/access/usage-counters.ts';
import { createLoginThrottleStore } from '../shared/db/access/login-throttles.ts';
import { createSsoConnectionStore } from '../shared/db/access/sso-connections.ts';
import { createSsoLoginStore } from '../shared/db/access/sso-logins.ts';
import { createTeamStore } from '../shared/db/access/teams.ts';
import { createHandoffPreferenceStore } from '../shared/db/access/handoff-notices.ts';
import { createCalendarFeedStore } from '../shared/db/access/calendar-feeds.ts';
import { createMaintenanceWindowStore } from '../shared/db/access/maintenance-windows.ts';
import { createNotificationRuleStore } from '../shared/db/access/notification-rules.ts';
import { createNotificationRuleService } from './services/notification-rule.service.ts';
import { createPageLinkService } from './services/page-link.service.ts';
import { createPageLinkSigner } from '../shared/paging/page-link-token.ts';
import { pageVendorBaseUrls } from '../shared/paging/vendor-base-urls.ts';
import { createOnCallSnapshots } from '../shared/db/access/schedule-on-call.ts';
import { createScheduleStore } from '../shared/db/access/schedules.ts';
import { createSearchDocumentStore } from '../shared/db/access/search-documents.ts';

const { version } = createRequire(import.meta.url)('../package.json') as { version: string };

/** The cluster answers its health endpoint (any status but red) within two seconds. */
async function isElasticsearchReachable(url: string): Promise<boolean> {
  try {
    const response = await fetch(new URL('/_cluster/health', url), { signal: AbortSignal.timeout(2000) });
    return response.ok && ((await response.json()) as { status?: string }).status !== 'red';
  } catch {
    return false;
  }
}

export interface ApiRuntime {
  orm: Orm;
  temporal: TemporalClient;
  /** Absent when the search backend could not start (e.g. no local model): search answers 503. */
  search?: SearchPort;
  /** Absent: no credential cache (every request reads the database) and a rate limiter nobody stops. */
  requestCaches?: RequestCaches;
  /** Absent: no GET /metrics (tests that do not look at metrics). */
  metrics?: ApiMetrics;
  /** Present when tracing is on. */
  tracing?: Tracing;
  /** Vendor API base URLs for page channels (a local fake's in tests); absent: the vendors' own. */
  vendorBaseUrls?: PageChannelDeps['vendorBaseUrls'];
  /** Absent: a runner of this process's own (generic_json templates; its threads do not hold the process). */
  mappings?: MappingRunner;
}

/**
 * What authenticated requests read instead of the database: the credential cache, serving while
 * its LISTEN connection is up, and the rate limiter's in-process counts. `close()` flushes the
 * counts and stops listening.
 */
export interface RequestCaches {
  credentials: CredentialCache;
  rateLimiter: RateLimiter;
  /** Billing usage, counted in process and added to the database in batches like the rate limiter's. */
  usage: UsageMeter;
  /** Resolves once the cache first serves (tests wait for it). */
  ready: Promise<void>;
  close(): Promise<void>;
}

const rateLimitOverrides = (config: Config) => ({
  interactive: config.RATE_LIMIT_INTERACTIVE_PER_HOUR,
  api_key: config.RATE_LIMIT_API_KEY_PER_HOUR,
  webhook: config.RATE_LIMIT_WEBHOOK_PER_HOUR,
  search: config.RATE_LIMIT_SEARCH_PER_HOUR,
});

export function startRequestCaches(config: Config, logger: Logger, options: { orm: Orm; databaseUrl: string }): RequestCaches {
  const em = () => options.orm.em;
  const credentials = createCredentialCache();
  const listener = listenForCredentialChanges(credentials, { databaseUrl: options.databaseUrl, logger });
  const store = createCredentialStore({ lookups: () => createCredentialLookupStore(em()), cache: credentials });
  const rateLimiter = createRateLimiter({
    counters: () => createRateLimitCounterStore(em()),
    overrides: rateLimitOverrides(config),
    plan: store.plan,
    logger,
  });
  const usage = createUsageMeter({ counters: () => createUsageCounterStore(em()), logger });
  void listener.ready.then(() => logger.info('credential cache listening for changes'));
  return {
    credentials,
    rateLimiter,
    usage,
    ready: listener.ready,
    async close() {
      await rateLimiter.stop();
      await usage.stop();
      await listener.close();
    },
  };
}

/** Wires services from already-open connections; tests call this with their own real ones. */
export function buildAppDeps(config: Config, logger: Logger, runtime: ApiRuntime & { jwtSecret: string; encryptionKey: string }): AppDeps {
  const em = () => runtime.orm.em;
  const secretBox = createSecretBox(runtime.encryptionKey);
  const integrationLookup = createIntegrationLookup({
    integrations: () => createIntegrationCredentialsStore(runtime.orm.em.fork()),
    secretBox,
    staleForMs: config.WEBHOOK_STALE_INTEGRATION_SECONDS * 1000,
  });
  const tokens = createTokenService({
    secret: runtime.jwtSecret,
    accessTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
    refreshTtlSeconds: config.REFRESH_TOKEN_TTL_SECONDS,
    issuer: 'tocsin',
  });
  const cache = runtime.requestCaches?.credentials ?? createCredentialCache();
  const credentials = createCredentialStore({ lookups: () => createCredentialLookupStore(em()), cache });
  const sessions = createSessionService({
    sessions: () => createSessionStore(em()),
    tokens,
    accessTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
    credentials,
    cache,
  });
  const apiKeys = createApiKeyService({ keys: () => createApiKeyStore(em()), credentials, cache });
  const throttle = createLoginThrottle({
    throttles: () => createLoginThrottleStore(em()),
    maxFailures: config.LOGIN_MAX_FAILURES,
    windowSeconds: config.LOGIN_FAILURE_WINDOW_SECONDS,
    lockSeconds: config.LOGIN_LOCK_SECONDS,
  });
  const addressThrottle = createLoginAddressThrottle({
    throttles: () => createLoginThrottleStore(em()),
    maxFailures: config.LOGIN_ADDRESS_MAX_FAILURES,
    windowSeconds: config.LOGIN_ADDRESS_WINDOW_SECONDS,
  });
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    outboxMessages: () => createOutboxMessageStore(runtime.orm.em.fork()),
    logger,
  });
  const accounts = createAccountService({
    accounts: () => createAccountStore(em()),
    mailer,
    logger,
    sessions,
    throttle,
    cache,
    publicUrl: config.publicUrl,
  });
  const overrides = rateLimitOverrides(config);
  const quotaOverrides = { members: config.PLAN_MEMBERS_LIMIT, integrations: config.PLAN_INTEGRATIONS_LIMIT };
  // Plans cap seats and integrations only where a plan can be bought.
  const billingConfigured = config.STRIPE_SECRET_KEY !== undefined;
  const quota = createPlanQuota({ store: createPlanQuotaStore, overrides: quotaOverrides, billingConfigured });
  // Without requestCaches nobody stops a flush timer: count in the database on every request.
  const rateLimiter =
    runtime.requestCaches?.rateLimiter ??
    createRateLimiter({ counters: () => createRateLimitCounterStore(em()), overrides, plan: credentials.plan, logger, flushIntervalMs: 0 });
  const audit = createAuditService({ auditEvents: () => createAuditEventStore(em()) });
  // Without requestCaches nobody stops a flush timer: each count is sent at once.
  const usage =
    runtime.requestCaches?.usage ?? createUsageMeter({ counters: () => createUsageCounterStore(em()), logger, flushIntervalMs: 0 });
  // generic_json templates run in threads of their own, started with the first one evaluated.
  const mappings = runtime.mappings ?? createMappingRunner();
  const webhooks = ((ingest) => (runtime.metrics ? withIngestMetrics(ingest, runtime.metrics.alertsReceived) : ingest))(
    meteredWebhookIngest(
      createWebhookIngestService({
        credentials: () => createIntegrationCredentialsStore(em()),
        temporal: runtime.temporal,
        integrations: integrationLookup,
        mappings,
        dedupWindowSeconds: config.WEBHOOK_DEDUP_WINDOW_SECONDS,
        maxAlertsPerPayload: config.WEBHOOK_MAX_ALERTS_PER_PAYLOAD,
      }),
      usage,
    ),
  );
  const billingProvider = config.STRIPE_SECRET_KEY
    ? createStripeProvider({
        secretKey: config.STRIPE_SECRET_KEY,
        webhookSecret: config.STRIPE_WEBHOOK_SECRET,
        prices: { team: config.STRIPE_PRICE_TEAM, enterprise: config.STRIPE_PRICE_ENTERPRISE },
        apiBase: config.STRIPE_API_BASE,
      })
    : undefined;
  const authenticateCredential = createCredentialAuthenticator({ tokens, sessions, apiKeys });
  const refuseCrossSite = createCrossSiteGuard({ publicUrl: config.publicUrl, corsOrigins: config.CORS_ORIGINS });
  const searchIndexer = createSearchIndexer({ documents: () => createSearchDocumentStore(em().fork()), logger });
  const procedures = withSearchIndexing(
    createProcedureService({ procedures: () => createProcedureStore(em()), secretBox }),
    'procedure',
    searchIndexer,
  );
  const auth = createAuthService({
    accountsSigningIn: () => createSignInStore(em()),
    sessions,
    accessTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
    throttle,
    addressThrottle,
    accounts,
    credentials,
  });
  const publicUrl = config.publicUrl;
  const subscriberLinks = createSubscriberLinks({ encryptionKey: runtime.encryptionKey, publicUrl });
  // One batcher for the process: concurrent detail reads share a statement (docs/benchmarks.md).
  const incidentDetailReads = createIncidentDetailReads(runtime.orm.em);
  const incidents = createIncidentService({
    incidents: () => createIncidentStore(em(), incidentDetailReads),
    onResolved: (incident) => notifyIngestionOfResolution(runtime.temporal, incident, logger),
    // The worker analyzes an incident after indexing it; a stale analysis is refreshed the same way,
    // directly: a refresh is asked by a read, not a change, so there is no event to record, and
    // a lost one is asked again by the next read.
    analysis: runtime.search
      ? createAnalysisRefresher({
          logger,
          schedule: (input) =>
            scheduleSearchIndexing(runtime.temporal, [{ organizationId: input.organizationId, type: 'incident', id: input.incidentId }]),
        })
      : undefined,
  });
  // Test pages of webhook contact methods: user-configured URLs, under the same rules as webhooks.
  const outboundHttp = createOutboundHttp({ allowPrivate: config.OUTBOUND_ALLOW_PRIVATE, allowedHosts: config.OUTBOUND_ALLOWED_HOSTS });
  // The same channels the worker pages through: test pages and verification codes go the way pages go.
  const pageChannels = createPageChannels({
    mailer,
    outboundHttp,
    secretBox,
    vendorBaseUrls: { ...pageVendorBaseUrls(config), ...runtime.vendorBaseUrls },
  });
  const contactMethods: ContactMethodService = createContactMethodService({
    contactMethods: () => createContactMethodStore(em()),
    secretBox,
    mailer,
    publicUrl,
    channels: pageChannels,
    connections: () => createChannelConnectionStore(em()),
  });
  // GET /oncall and the schedule targets of responder requests read the same snapshots.
  const onCallSnapshots = createOnCallSnapshots();
  const schedules = createScheduleService({
    schedules: () => createScheduleStore(em()),
    secretBox,
    icalRefreshNow: createIcalRefreshNow(runtime.temporal),
    onCallSnapshots,
  });
  const incidentEscalations = createIncidentEscalationService({
    escalations: () => createIncidentEscalationStore(em()),
    control: createEscalationControl(runtime.temporal),
  });
  const channelActions = createChannelActionService({
    channelActions: () => createChannelActionStore(em()),
    incidents,
    escalations: incidentEscalations,
    audit,
  });
  const urls = ssoUrls(publicUrl);
  const ssoConnections = createSsoConnectionService({
    connections: () => createSsoConnectionStore(em()),
    secretBox,
    urls,
    mailer,
    audit,
    logger,
    lookupTxt: createTxtLookup({ servers: config.SSO_DNS_SERVERS }),
  });
  const ssoLogins = createSsoLoginService({
    ssoLogins: () => createSsoLoginStore(em()),
    secretBox,
    publicUrl,
    connections: ssoConnections,
    oidc: createOidcRelyingParty({
      redirectUri: urls.callbackUrl,
      allowInsecureLoopbackIssuers: config.SSO_ALLOW_INSECURE_LOOPBACK_ISSUERS,
      // Issuers are tenant-configured URLs: fetched under the same rules as webhooks.
      fetch: createGuardedFetch(
        createOutboundHttp({
          allowPrivate: config.OUTBOUND_ALLOW_PRIVATE,
          allowedHosts: config.OUTBOUND_ALLOWED_HOSTS,
          userAgent: 'Tocsin-SSO/1.0',
          // Discovery documents and key sets of large providers run to tens of kilobytes.
          maxResponseBytes: 1024 * 1024,
        }),
      ),
    }),
    saml: createSamlServiceProvider({
      urls,
      requestTtlMs: SSO_REQUEST_TTL_SECONDS * 1000,
      allowInsecureLoopbackIdps: config.SSO_ALLOW_INSECURE_LOOPBACK_ISSUERS,
    }),
    auth,
    audit,
    logger,
    quota,
    mailer,
  });
  return {
    config,
    logger,
    orm: runtime.orm,
    version,
    metrics: runtime.metrics,
    tracer: runtime.tracing?.tracer,
    // Anyone may ask: concurrent probes share one round of checks (each answer is still fresh).
    readiness: sharedResult(
      () => {
        const elasticsearchUrl = config.ELASTICSEARCH_URL;
        return runReadinessChecks({
          database: () => runtime.orm.isConnected(),
          temporal: () => isTemporalReachable(runtime.temporal.client, config.TEMPORAL_NAMESPACE),
          ...(elasticsearchUrl ? { elasticsearch: () => isElasticsearchReachable(elasticsearchUrl) } : {}),
        });
      },
      { maxAgeMs: 0 },
    ),
    authenticate: createAuthenticator({ tokens, sessions, apiKeys, refuseCrossSite }),
    refuseCrossSite,
    authenticateToken: (token: string) => authenticateCredential({ token }),
    authorize,
    rateLimit: meteredRateLimit(
      createRateLimitGuard(rateLimiter, { webhookAuthFailuresPerHour: config.RATE_LIMIT_WEBHOOK_AUTH_FAILURES_PER_HOUR }),
      usage,
    ),
    audit: createAuditGuard(audit, logger),
    services: {
      auth,
      sessions,
      accounts,
      apiKeys,
      selfTest: createSelfTestService({ selfTestRuns: () => createSelfTestRunStore(em()), temporal: runtime.temporal }),
      procedures,
      schedules,
      scheduleSwaps: createScheduleSwapService({ swaps: () => createScheduleSwapStore(em()), schedules }),
      handoffPreferences: createHandoffPreferenceService({
        preferences: () => createHandoffPreferenceStore(em()),
        replan: (organizationId) =>
          replanHandoffNotices(runtime.temporal.client, { taskQueue: runtime.temporal.taskQueue, organizationId, publicUrl }),
      }),
      calendarFeeds: createCalendarFeedService({ feeds: () => createCalendarFeedStore(em()), publicUrl }),
      executions: createExecutionService({
        executions: () => createExecutionStore(em()),
        organizations: () => createOrganizationStore(em()),
        temporal: runtime.temporal,
        procedures,
      }),
      // Incidents are (re)indexed by the outbox relay from their domain events, whoever changed them.
      incidents,
      search: createSearchService({ search: runtime.search }),
      knowledgeBase: createKnowledgeBaseService({ articles: () => createKnowledgeArticleStore(em()), indexer: searchIndexer }),
      // Logs go into the search index only on Elasticsearch; PostgreSQL serves GET /logs itself.
      logs: createLogService({
        logs: () => createLogEntryStore(em()),
        indexer: runtime.search?.backend === 'elasticsearch' ? searchIndexer : undefined,
      }),
      integrations: createIntegrationService({
        integrations: () => createIntegrationStore(em()),
        secretBox,
        publicUrl,
        onChange: (id) => integrationLookup.invalidate(id),
        quota,
        // Its own thread: people trying templates never delay the mapping of webhooks.
        mappings: runtime.mappings ?? createMappingRunner({ threads: 1 }),
      }),
      deliveries: createDeliveryService({ deliveries: () => createWebhookDeliveryStore(em()) }),
      notifications: createNotificationService({ notifications: () => createNotificationStore(em()) }),
      webhooks,
      eventsV2: createEventsV2Service({
        incidents: () => createIncidentStore(forkForStores(runtime.orm)),
        ingest: webhooks,
        integrations: integrationLookup,
      }),
      webhookMaxBodyBytes: config.WEBHOOK_MAX_BODY_BYTES,
      webhookHealth: createWebhookHealth({
        integrations: () => createIntegrationHealthStore(em()),
        temporalReachable: () => isTemporalReachable(runtime.temporal.client, config.TEMPORAL_NAMESPACE),
      }),
      users: createUserService({ users: () => createUserStore(em()), cache }),
      invitations: createInvitationService({ invitations: () => createInvitationStore(em()), mailer, publicUrl, quota }),
      organizations: createOrganizationService({ organizations: () => createOrganizationStore(em()), sessions }),
      audit,
      admin: createAdminService({
        organizationStats: () => createOrganizationStatsStore(em()),
        limitsFor: (plan) => planLimits(plan, overrides),
      }),
      chat: createChatService({
        messages: () => createChatMessageStore(em()),
        temporal: runtime.temporal,
        assistantConfigured: config.ASSISTANT_URL !== undefined,
        assistantRequestsPerHour: config.ASSISTANT_REQUESTS_PER_HOUR,
        logger,
      }),
      billing: createBillingService({
        billing: () => createBillingStore(em()),
        flushUsage: () => usage.flush(),
        provider: billingProvider,
        limitsFor: (plan) => billingLimits(plan, overrides, quotaOverrides, { billingConfigured }),
        publicUrl,
        // The organizations trigger tells every process; this one drops its cached plan at once.
        onPlanChange: (organizationId) => cache.invalidate([credentialTag.organization(organizationId)]),
      }),
      analytics: createAnalyticsService({ analytics: () => createAnalyticsStore(em()) }),
      cookies: {
        secure: config.NODE_ENV === 'production',
        accessTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
        refreshTtlSeconds: config.REFRESH_TOKEN_TTL_SECONDS,
      },
      ssoConnections,
      ssoLogins,
      helper: createHelperDownloadService({ distDir: config.HELPER_DIST_DIR, cliVersion: version }),
      silences: createSilenceService({ silences: () => createSilenceStore(em()) }),
      maintenanceWindows: createMaintenanceWindowService({ windows: () => createMaintenanceWindowStore(em()) }),
      escalationPolicies: createEscalationPolicyService({ policies: () => createEscalationPolicyStore(em()) }),
      teams: createTeamService({ teams: () => createTeamStore(em()) }),
      routingRules: createRoutingRuleService({ rules: () => createRoutingRuleStore(em()) }),
      priorityRunbooks: createPriorityRunbookService({ runbooks: () => createPriorityRunbookStore(em()) }),
      inhibitionRules: createInhibitionRuleService({ rules: () => createInhibitionRuleStore(em()) }),
      incidentAlerts: createIncidentAlertService({ alerts: () => createIncidentAlertStore(em()) }),
      incidentEscalations,
      responders: createResponderService({
        responders: () => createResponderRequestStore(em()),
        onCall: createScheduleOnCall({ orm: runtime.orm, snapshots: onCallSnapshots }),
      }),
      incidentRoles: createIncidentRoleService({ roles: () => createIncidentRoleStore(em()) }),
      incidentMerges: createIncidentMergeService({
        merges: () => createIncidentMergeStore(em()),
        onResolved: (incident) => notifyIngestionOfResolution(runtime.temporal, incident, logger),
      }),
      incidentLinks: createIncidentLinkService({ links: () => createIncidentLinkStore(em()) }),
      contactMethods,
      notificationRules: createNotificationRuleService({ rules: () => createNotificationRuleStore(em()) }),
      pageLinks: createPageLinkService({
        pageLinks: () => createPageLinkStore(em()),
        signer: createPageLinkSigner(runtime.encryptionKey),
        incidents,
        audit,
      }),
      channelConnections: createChannelConnectionService({ connections: () => createChannelConnectionStore(em()), secretBox }),
      channelIdentities: createChannelIdentityService({
        identities: () => createChannelIdentityStore(em()),
        links: createChannelLinks({ encryptionKey: runtime.encryptionKey, publicUrl }),
      }),
      channelActions,
      twilio: createTwilioInboundService({
        connections: () => createChannelConnectionStore(em()),
        secretBox,
        webhooks: () => createTwilioWebhookStore(em()),
        actions: channelActions,
        publicUrl,
      }),
      chatFeeds: createChatFeedService({
        chatFeeds: () => createChatFeedStore(em()),
        connections: () => createChannelConnectionStore(em()),
      }),
      statusUpdates: createStatusUpdateService({ statusUpdates: () => createStatusUpdateStore(em()), mailer, links: subscriberLinks }),
      postmortems: createPostmortemService({
        postmortems: () => createPostmortemStore(em()),
        search: runtime.search,
        logger,
        recordAudit: (event) => audit.record(event),
      }),
      statusPages: createStatusPageService({ pages: () => createStatusPageStore(em()), mailer, links: subscriberLinks, publicUrl, logger }),
      heartbeats: createHeartbeatService({ heartbeats: () => createHeartbeatStore(em()), temporal: runtime.temporal, publicUrl, logger }),
      ...createSlackServices({
        config,
        workspaces: () => createSlackWorkspaceStore(em().fork()),
        connections: () => createChannelConnectionStore(em().fork()),
        seen: () => createSeenRequestStore(em().fork()),
        secretBox,
        links: createChannelLinks({ encryptionKey: runtime.encryptionKey, publicUrl }),
        channelActions,
        incidents,
        schedules: createScheduleService({ schedules: () => createScheduleStore(em()), secretBox }),
      }),
    },
  };
}

/** The API's composition root: connections first, then services. */
export async function createApiDeps(
  config: Config,
  logger: Logger,
  options: {
    databaseUrl: string;
    temporalAddress: string;
    jwtSecret: string;
    encryptionKey: string;
    metricsRegistry?: Registry;
    tracing?: Tracing;
  },
) {
  const orm = await openOrm({
    databaseUrl: options.databaseUrl,
    poolMax: config.DATABASE_POOL_MAX,
    acquireTimeoutMs: config.DATABASE_ACQUIRE_TIMEOUT_MS,
  });
  await runMigrations(orm, options.databaseUrl);
  const registry = options.metricsRegistry ?? createMetricsRegistry();
  const temporal = await connectTemporal({
    address: options.temporalAddress,
    namespace: config.TEMPORAL_NAMESPACE,
    taskQueue: config.TEMPORAL_TASK_QUEUE,
    interceptors: await temporalClientInterceptors(options.tracing),
    onRetry: temporalRetryCounter(registry),
  });
  const search = await createSearch(config, { orm }).catch((error: unknown) => {
    logger.error({ err: error }, 'search is unavailable: POST /search/query answers 503');
    return undefined;
  });
  const requestCaches = startRequestCaches(config, logger, { orm, databaseUrl: options.databaseUrl });
  const metrics = createApiMetrics(registry, { orm, logger });
  const deps = buildAppDeps(config, logger, {
    orm,
    temporal,
    search,
    requestCaches,
    metrics,
    tracing: options.tracing,
    jwtSecret: options.jwtSecret,
    encryptionKey: options.encryptionKey,
  });
  return {
    deps,
    requestCaches,
    async close() {
      // First: the rate limiter's last flush needs the pool.
      await requestCaches.close();
      await search?.close();
      await temporal.close();
      await orm.close();
    },
  };
}
