import { AlertSchema } from './alert.entity.ts';
import { AuditEventSchema } from './audit-event.entity.ts';
import { InvitationSchema } from './invitation.entity.ts';
import { RateLimitCounterSchema } from './rate-limit-counter.entity.ts';
import { DomainEventSchema } from './domain-event.entity.ts';
import { IncidentSchema } from './incident.entity.ts';
import { IntegrationSchema } from './integration.entity.ts';
import { OrganizationSchema } from './organization.entity.ts';
import { SelfTestRunSchema } from './self-test-run.entity.ts';
import { TimelineEntrySchema } from './timeline-entry.entity.ts';
import { UserSchema } from './user.entity.ts';
import { KnowledgeArticleSchema } from './knowledge-article.entity.ts';
import { LogEntrySchema } from './log-entry.entity.ts';
import { AccountTokenSchema } from './account-token.entity.ts';
import { ApiKeySchema } from './api-key.entity.ts';
import { LoginThrottleSchema } from './login-throttle.entity.ts';
import { OutboxMessageSchema } from './outbox-message.entity.ts';
import { RevokedTokenSchema } from './revoked-token.entity.ts';
import { SessionCutoffSchema } from './session-cutoff.entity.ts';
import { NotificationSchema } from './notification.entity.ts';
import { WebhookDeliverySchema } from './webhook-delivery.entity.ts';
import { ProcedureSchema } from './procedure.entity.ts';
import { ProcedureStepSchema } from './procedure-step.entity.ts';
import { ExecutionSchema } from './execution.entity.ts';
import { ExecutionStepSchema } from './execution-step.entity.ts';
import { SsoConnectionSchema } from './sso-connection.entity.ts';

export { AlertSchema, type Alert } from './alert.entity.ts';
export { AuditEventSchema, type AuditEvent } from './audit-event.entity.ts';
export { InvitationSchema, type Invitation } from './invitation.entity.ts';
export { RateLimitCounterSchema, type RateLimitCounter } from './rate-limit-counter.entity.ts';
export { DomainEventSchema, type DomainEvent } from './domain-event.entity.ts';
export { IncidentSchema, type Incident } from './incident.entity.ts';
export { IntegrationSchema, type Integration } from './integration.entity.ts';
export { TimelineEntrySchema, type TimelineEntry } from './timeline-entry.entity.ts';
export { OrganizationSchema, type Organization } from './organization.entity.ts';
export { SelfTestRunSchema, type SelfTestRun } from './self-test-run.entity.ts';
export { UserSchema, type User } from './user.entity.ts';
export { KnowledgeArticleSchema, type KnowledgeArticle } from './knowledge-article.entity.ts';
export { LogEntrySchema, type LogEntry } from './log-entry.entity.ts';
export { ACCOUNT_TOKEN_PURPOSES, AccountTokenSchema, type AccountToken, type AccountTokenPurpose } from './account-token.entity.ts';
export { ApiKeySchema, type ApiKey } from './api-key.entity.ts';
export { LoginThrottleSchema, type LoginThrottle } from './login-throttle.entity.ts';
export { OutboxMessageSchema, type OutboxMessage } from './outbox-message.entity.ts';
export { RevokedTokenSchema, type RevokedToken } from './revoked-token.entity.ts';
export { SessionCutoffSchema, type SessionCutoff } from './session-cutoff.entity.ts';
export { NotificationSchema, type Notification } from './notification.entity.ts';
export { WebhookDeliverySchema, type WebhookDelivery } from './webhook-delivery.entity.ts';
export { ProcedureSchema, type Procedure } from './procedure.entity.ts';
export { ProcedureStepSchema, type ProcedureStep } from './procedure-step.entity.ts';
export { ExecutionSchema, type Execution } from './execution.entity.ts';
export { ExecutionStepSchema, type ExecutionStep } from './execution-step.entity.ts';
export { SsoConnectionSchema, type SsoConnection } from './sso-connection.entity.ts';

/** Every entity, in one list, so the API, the worker and the migrations agree on the model. */
export const ALL_ENTITIES = [OrganizationSchema, UserSchema, SelfTestRunSchema,
  RevokedTokenSchema, SessionCutoffSchema, LoginThrottleSchema, ApiKeySchema, AccountTokenSchema, OutboxMessageSchema,
  IntegrationSchema, IncidentSchema, TimelineEntrySchema, AlertSchema, DomainEventSchema,
  InvitationSchema, AuditEventSchema, RateLimitCounterSchema, KnowledgeArticleSchema, LogEntrySchema,
  WebhookDeliverySchema, NotificationSchema,
  ProcedureSchema, ProcedureStepSchema, ExecutionSchema, ExecutionStepSchema,
  SsoConnectionSchema];
