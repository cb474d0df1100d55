import { AlertEntity } from './alert.entity.ts';
import { AuditEventEntity } from './audit-event.entity.ts';
import { InvitationEntity } from './invitation.entity.ts';
import { RateLimitCounterEntity } from './rate-limit-counter.entity.ts';
import { DomainEventEntity } from './domain-event.entity.ts';
import { IncidentEntity } from './incident.entity.ts';
import { IntegrationEntity } from './integration.entity.ts';
import { OrganizationEntity } from './organization.entity.ts';
import { SelfTestRunEntity } from './self-test-run.entity.ts';
import { TimelineEntryEntity } from './timeline-entry.entity.ts';
import { UserEntity } from './user.entity.ts';
import { KnowledgeArticleEntity } from './knowledge-article.entity.ts';
import { LogEntryEntity } from './log-entry.entity.ts';
import { AccountTokenEntity } from './account-token.entity.ts';
import { ApiKeyEntity } from './api-key.entity.ts';
import { LoginThrottleEntity } from './login-throttle.entity.ts';
import { OutboxMessageEntity } from './outbox-message.entity.ts';
import { RevokedTokenEntity } from './revoked-token.entity.ts';
import { SessionCutoffEntity } from './session-cutoff.entity.ts';
import { NotificationEntity } from './notification.entity.ts';
import { WebhookDeliveryEntity } from './webhook-delivery.entity.ts';
import { ProcedureEntity } from './procedure.entity.ts';
import { ProcedureStepEntity } from './procedure-step.entity.ts';
import { ExecutionEntity } from './execution.entity.ts';
import { ExecutionStepEntity } from './execution-step.entity.ts';
import { SsoConnectionEntity } from './sso-connection.entity.ts';
import { SilenceEntity } from './silence.entity.ts';
import { MaintenanceWindowEntity } from './maintenance-window.entity.ts';
import { CalendarFeedEntity, ScheduleEntity, ScheduleIcalFeedEntity, ScheduleOverrideEntity } from './schedule.entity.ts';
import { EscalationPolicyEntity } from './escalation-policy.entity.ts';
import { PageEntity } from './page.entity.ts';
import { RoutingRuleEntity } from './routing-rule.entity.ts';
import { HeartbeatEntity } from './heartbeat.entity.ts';
import { InhibitionRuleEntity } from './inhibition-rule.entity.ts';
import { ScheduleSwapRequestEntity } from './schedule-swap-request.entity.ts';
import { TeamEntity, TeamMemberEntity } from './team.entity.ts';

export { AlertEntity, type Alert } from './alert.entity.ts';
export { ScheduleSwapRequestEntity, type ScheduleSwapRequest, type SwapRequestStatus } from './schedule-swap-request.entity.ts';
export { AuditEventEntity, type AuditEvent } from './audit-event.entity.ts';
export { InvitationEntity, type Invitation } from './invitation.entity.ts';
export { RateLimitCounterEntity, type RateLimitCounter } from './rate-limit-counter.entity.ts';
export { DomainEventEntity, type DomainEvent } from './domain-event.entity.ts';
export { IncidentEntity, type Incident } from './incident.entity.ts';
export { IntegrationEntity, type Integration } from './integration.entity.ts';
export { TimelineEntryEntity, type TimelineEntry } from './timeline-entry.entity.ts';
export { OrganizationEntity, type Organization } from './organization.entity.ts';
export { SelfTestRunEntity, type SelfTestRun } from './self-test-run.entity.ts';
export { UserEntity, type User } from './user.entity.ts';
export { KnowledgeArticleEntity, type KnowledgeArticle } from './knowledge-article.entity.ts';
export { LogEntryEntity, type LogEntry } from './log-entry.entity.ts';
export { ACCOUNT_TOKEN_PURPOSES, AccountTokenEntity, type AccountToken, type AccountTokenPurpose } from './account-token.entity.ts';
export { ApiKeyEntity, type ApiKey } from './api-key.entity.ts';
export { LoginThrottleEntity, type LoginThrottle } from './login-throttle.entity.ts';
export { OutboxMessageEntity, type OutboxMessage } from './outbox-message.entity.ts';
export { RevokedTokenEntity, type RevokedToken } from './revoked-token.entity.ts';
export { SessionCutoffEntity, type SessionCutoff } from './session-cutoff.entity.ts';
export { NotificationEntity, type Notification } from './notification.entity.ts';
export { WebhookDeliveryEntity, type WebhookDelivery } from './webhook-delivery.entity.ts';
export { ProcedureEntity, type Procedure } from './procedure.entity.ts';
export { ProcedureStepEntity, type ProcedureStep } from './procedure-step.entity.ts';
export { ExecutionEntity, type Execution } from './execution.entity.ts';
export { ExecutionStepEntity, type ExecutionStep } from './execution-step.entity.ts';
export { SsoConnectionEntity, type SsoConnection } from './sso-connection.entity.ts';
export { SilenceEntity, type Silence } from './silence.entity.ts';
export { MaintenanceWindowEntity, type MaintenanceWindow } from './maintenance-window.entity.ts';
export {
  CalendarFeedEntity,
  ScheduleEntity,
  ScheduleIcalFeedEntity,
  ScheduleOverrideEntity,
  type CalendarFeed,
  type Schedule,
  type ScheduleIcalFeed,
  type ScheduleOverride,
} from './schedule.entity.ts';
export { EscalationPolicyEntity, type EscalationPolicy } from './escalation-policy.entity.ts';
export { RoutingRuleEntity, type RoutingRule } from './routing-rule.entity.ts';
export { HeartbeatEntity, type Heartbeat } from './heartbeat.entity.ts';
export { InhibitionRuleEntity, type InhibitionRule } from './inhibition-rule.entity.ts';
export { PageEntity, type Page } from './page.entity.ts';
export { TeamEntity, TeamMemberEntity, type Team, type TeamMember } from './team.entity.ts';

/** Every entity, in one list, so the API, the worker and the migrations agree on the model. */
export const ALL_ENTITIES = [
  OrganizationEntity,
  UserEntity,
  SelfTestRunEntity,
  RevokedTokenEntity,
  SessionCutoffEntity,
  LoginThrottleEntity,
  ApiKeyEntity,
  AccountTokenEntity,
  OutboxMessageEntity,
  IntegrationEntity,
  IncidentEntity,
  TimelineEntryEntity,
  AlertEntity,
  DomainEventEntity,
  InvitationEntity,
  AuditEventEntity,
  RateLimitCounterEntity,
  KnowledgeArticleEntity,
  LogEntryEntity,
  WebhookDeliveryEntity,
  NotificationEntity,
  ProcedureEntity,
  ProcedureStepEntity,
  ExecutionEntity,
  ExecutionStepEntity,
  SsoConnectionEntity,
  SilenceEntity,
  MaintenanceWindowEntity,
  ScheduleEntity,
  ScheduleOverrideEntity,
  ScheduleIcalFeedEntity,
  CalendarFeedEntity,
  EscalationPolicyEntity,
  PageEntity,
  RoutingRuleEntity,
  HeartbeatEntity,
  InhibitionRuleEntity,
  ScheduleSwapRequestEntity,
  TeamEntity,
  TeamMemberEntity,
];
