import { channelRoutes } from './channel.routes.ts';
import { twilioRoutes } from './twilio.routes.ts';
import type { TwilioInboundService } from '../services/twilio-inbound.service.ts';
import type { ChannelConnectionService } from '../services/channel-connection.service.ts';
import type { ChannelIdentityService } from '../services/channel-identity.service.ts';
import type { ChannelActionService } from '../services/channel-action.service.ts';
import type { AccountService } from '../services/account.service.ts';
import type { AdminService } from '../services/admin.service.ts';
import type { AuditService } from '../services/audit.service.ts';
import type { BillingService } from '../services/billing.service.ts';
import { billingRoutes } from './billing.routes.ts';
import type { ChatService } from '../services/chat.service.ts';
import { chatRoutes } from './chat.routes.ts';
import type { InvitationService } from '../services/invitation.service.ts';
import type { OrganizationService } from '../services/organization.service.ts';
import type { UserService } from '../services/user.service.ts';
import type { ApiKeyService } from '../services/api-key.service.ts';
import type { AuthService } from '../services/auth.service.ts';
import type { SessionService } from '../services/session.service.ts';
import type { IncidentService } from '../services/incident.service.ts';
import type { KnowledgeBaseService } from '../services/knowledge-base.service.ts';
import type { LogService } from '../services/log.service.ts';
import type { SearchService } from '../services/search.service.ts';
import { knowledgeBaseRoutes } from './knowledge-base.routes.ts';
import { logRoutes } from './log.routes.ts';
import { searchRoutes } from './search.routes.ts';
import type { ProcedureService } from '../services/procedure.service.ts';
import type { ExecutionService } from '../services/execution.service.ts';
import type { IntegrationService } from '../services/integration.service.ts';
import type { SelfTestService } from '../services/self-test.service.ts';
import type { WebhookIngestService } from '../services/webhook-ingest.service.ts';
import { accountRoutes } from './account.routes.ts';
import { apiKeyRoutes } from './api-key.routes.ts';
import { auditRoutes } from './audit.routes.ts';
import { authRoutes } from './auth.routes.ts';
import { invitationRoutes } from './invitation.routes.ts';
import { organizationRoutes } from './organization.routes.ts';
import { userRoutes } from './user.routes.ts';
import { sessionRoutes } from './session.routes.ts';
import { incidentRoutes } from './incident.routes.ts';
import { procedureRoutes } from './procedure.routes.ts';
import { executionRoutes } from './execution.routes.ts';
import { integrationRoutes } from './integration.routes.ts';
import type { DeliveryService } from '../services/delivery.service.ts';
import type { NotificationService } from '../services/notification.service.ts';
import { deliveryRoutes, notificationRoutes } from './notification.routes.ts';
import type { RouteDefinition } from './route.ts';
import type { EscalationPolicyService } from '../services/escalation-policy.service.ts';
import type { IncidentEscalationService } from '../services/incident-escalation.service.ts';
import { escalationPolicyRoutes, incidentEscalationRoutes } from './escalation.routes.ts';
import { responderRoutes } from './responder.routes.ts';
import type { ResponderService } from '../services/responder.service.ts';
import type { IncidentRoleService } from '../services/incident-role.service.ts';
import { incidentRoleRoutes } from './incident-role.routes.ts';
import type { IncidentMergeService } from '../services/incident-merge.service.ts';
import type { IncidentLinkService } from '../services/incident-link.service.ts';
import { incidentMergeRoutes } from './incident-merge.routes.ts';
import type { PriorityRunbookService } from '../services/priority-runbook.service.ts';
import { priorityRunbookRoutes } from './priority-runbook.routes.ts';
import type { RoutingRuleService } from '../services/routing-rule.service.ts';
import { routingRuleRoutes } from './routing-rule.routes.ts';
import type { InhibitionRuleService } from '../services/inhibition-rule.service.ts';
import { inhibitionRuleRoutes } from './inhibition-rule.routes.ts';
import type { IncidentAlertService } from '../services/incident-alert.service.ts';
import { incidentAlertRoutes } from './incident-alert.routes.ts';
import { selfTestRoutes } from './self-test.routes.ts';
import { integrationHealthRoutes, webhookRoutes } from './webhook.routes.ts';
import type { EventsV2Service } from '../services/events-v2.service.ts';
import { eventsV2IntegrationRoutes } from './events-v2.routes.ts';
import type { AnalyticsService } from '../services/analytics.service.ts';
import type { WebhookHealth } from '../services/webhook-health.ts';
import { analyticsRoutes } from './analytics.routes.ts';
import type { SsoConnectionService } from '../services/sso/sso-connection.service.ts';
import type { SsoLoginService } from '../services/sso/sso-login.service.ts';
import { ssoRoutes } from './sso.routes.ts';
import type { HelperDownloadService } from '../services/helper-download.service.ts';
import { helperRoutes } from './helper.routes.ts';
import type { SilenceService } from '../services/silence.service.ts';
import { silenceRoutes } from './silence.routes.ts';
import type { MaintenanceWindowService } from '../services/maintenance-window.service.ts';
import { maintenanceWindowRoutes } from './maintenance-window.routes.ts';
import type { ScheduleService } from '../services/schedule.service.ts';
import { scheduleRoutes } from './schedule.routes.ts';
import type { ScheduleSwapService } from '../services/schedule-swap.service.ts';
import type { HandoffPreferenceService } from '../services/handoff-preference.service.ts';
import { handoffRoutes } from './handoff.routes.ts';
import type { CalendarFeedService } from '../services/calendar-feed.service.ts';
import { calendarFeedRoutes } from './calendar-feed.routes.ts';
import type { ContactMethodService } from '../services/contact-method.service.ts';
import type { NotificationRuleService } from '../services/notification-rule.service.ts';
import type { PageLinkService } from '../services/page-link.service.ts';
import { contactMethodRoutes } from './contact-method.routes.ts';
import { pageLinkRoutes } from './page-link.routes.ts';
import type { SlackInboundService } from '../services/slack-inbound.service.ts';
import type { SlackInstallService } from '../services/slack-install.service.ts';
import { slackRoutes } from './slack.routes.ts';
import type { ChatFeedService } from '../services/chat-feed.service.ts';
import { chatFeedRoutes } from './chat-feed.routes.ts';
import type { HeartbeatService } from '../services/heartbeat.service.ts';
import { heartbeatRoutes } from './heartbeat.routes.ts';
import type { TeamService } from '../services/team.service.ts';
import { teamRoutes } from './team.routes.ts';
import type { StatusPageService } from '../services/status-page.service.ts';
import type { StatusUpdateService } from '../services/status-update.service.ts';
import { statusPageAdminRoutes } from './status-page.routes.ts';
import { statusUpdateRoutes } from './status-update.routes.ts';
import type { PostmortemService } from '../services/postmortem.service.ts';
import { postmortemRoutes } from './postmortem.routes.ts';

export interface ApiServices {
  auth: AuthService;
  sessions: SessionService;
  accounts: AccountService;
  apiKeys: ApiKeyService;
  selfTest: SelfTestService;
  incidents: IncidentService;
  search: SearchService;
  knowledgeBase: KnowledgeBaseService;
  logs: LogService;
  procedures: ProcedureService;
  executions: ExecutionService;
  integrations: IntegrationService;
  webhooks: WebhookIngestService;
  /** PagerDuty's Events API v2 (its root paths are mounted by the app, outside /api/v1). */
  eventsV2: EventsV2Service;
  deliveries: DeliveryService;
  notifications: NotificationService;
  webhookMaxBodyBytes: number;
  webhookHealth: WebhookHealth;
  users: UserService;
  invitations: InvitationService;
  organizations: OrganizationService;
  audit: AuditService;
  admin: AdminService;
  billing: BillingService;
  chat: ChatService;
  analytics: AnalyticsService;
  cookies: { secure: boolean; accessTtlSeconds: number; refreshTtlSeconds: number };
  ssoConnections: SsoConnectionService;
  ssoLogins: SsoLoginService;
  helper: HelperDownloadService;
  silences: SilenceService;
  maintenanceWindows: MaintenanceWindowService;
  schedules: ScheduleService;
  scheduleSwaps: ScheduleSwapService;
  handoffPreferences: HandoffPreferenceService;
  calendarFeeds: CalendarFeedService;
  escalationPolicies: EscalationPolicyService;
  routingRules: RoutingRuleService;
  priorityRunbooks: PriorityRunbookService;
  inhibitionRules: InhibitionRuleService;
  incidentAlerts: IncidentAlertService;
  incidentEscalations: IncidentEscalationService;
  responders: ResponderService;
  incidentRoles: IncidentRoleService;
  incidentMerges: IncidentMergeService;
  incidentLinks: IncidentLinkService;
  contactMethods: ContactMethodService;
  notificationRules: NotificationRuleService;
  pageLinks: PageLinkService;
  channelConnections: ChannelConnectionService;
  channelIdentities: ChannelIdentityService;
  /** Vendor inbound routes call it after verifying the vendor's signature. */
  channelActions: ChannelActionService;
  twilio: TwilioInboundService;
  slackInstall: SlackInstallService;
  slackInbound: SlackInboundService;
  chatFeeds: ChatFeedService;
  heartbeats: HeartbeatService;
  teams: TeamService;
  statusUpdates: StatusUpdateService;
  postmortems: PostmortemService;
  /** The public status page (its own routes are mounted by the app, outside /api/v1). */
  statusPages: StatusPageService;
}

/** Every route below /api/v1, in the order the OpenAPI description lists them. */
export function apiRoutes(services: ApiServices): RouteDefinition[] {
  return [
    ...authRoutes(services.auth, services.cookies),
    ...sessionRoutes(services.sessions, services.cookies),
    ...ssoRoutes(services.ssoConnections, services.ssoLogins, services.cookies),
    ...accountRoutes(services.accounts),
    ...apiKeyRoutes(services.apiKeys),
    ...userRoutes(services.users),
    ...invitationRoutes(services.invitations),
    ...organizationRoutes(services.organizations),
    ...auditRoutes(services.audit, services.admin),
    ...incidentRoutes(services.incidents),
    ...incidentEscalationRoutes(services.incidentEscalations),
    ...responderRoutes(services.responders),
    ...incidentRoleRoutes(services.incidentRoles),
    ...incidentMergeRoutes(services.incidentMerges, services.incidentLinks),
    ...chatRoutes(services.chat),
    ...analyticsRoutes(services.analytics),
    ...procedureRoutes(services.procedures, services.executions),
    ...executionRoutes(services.executions),
    ...searchRoutes(services.search),
    ...knowledgeBaseRoutes(services.knowledgeBase),
    ...logRoutes(services.logs),
    ...integrationRoutes(services.integrations),
    ...silenceRoutes(services.silences),
    ...maintenanceWindowRoutes(services.maintenanceWindows),
    ...escalationPolicyRoutes(services.escalationPolicies),
    ...teamRoutes(services.teams),
    ...routingRuleRoutes(services.routingRules),
    ...priorityRunbookRoutes(services.priorityRunbooks),
    ...inhibitionRuleRoutes(services.inhibitionRules),
    ...incidentAlertRoutes(services.incidentAlerts),
    ...deliveryRoutes(services.deliveries),
    ...notificationRoutes(services.notifications),
    ...webhookRoutes(services.webhooks, { maxBodyBytes: services.webhookMaxBodyBytes, health: services.webhookHealth }),
    ...eventsV2IntegrationRoutes(services.eventsV2, { maxBodyBytes: services.webhookMaxBodyBytes }),
    ...integrationHealthRoutes(services.webhookHealth),
    ...selfTestRoutes(services.selfTest),
    ...billingRoutes(services.billing),
    ...helperRoutes(services.helper),
    ...scheduleRoutes(services.schedules),
    ...handoffRoutes(services.scheduleSwaps, services.handoffPreferences),
    ...calendarFeedRoutes(services.calendarFeeds),
    ...contactMethodRoutes(services.contactMethods, services.notificationRules),
    ...pageLinkRoutes(services.pageLinks, services.contactMethods),
    ...channelRoutes(services.channelConnections, services.channelIdentities),
    ...twilioRoutes(services.twilio),
    ...slackRoutes(services.slackInstall, services.slackInbound),
    ...chatFeedRoutes(services.chatFeeds),
    ...heartbeatRoutes(services.heartbeats),
    ...statusUpdateRoutes(services.statusUpdates),
    ...postmortemRoutes(services.postmortems),
    ...statusPageAdminRoutes(services.statusPages),
  ];
}
