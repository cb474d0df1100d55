import { createAlertIngestionActivities, type AlertIngestionActivityDeps } from './alert-ingestion.activities.ts';
import { createAlertBucketActivities, type AlertBucketActivityDeps } from './alert-bucket.activities.ts';
import { createSelfTestActivities, type SelfTestActivityDeps } from './self-test.activities.ts';
import { createDeliveryActivities, type DeliveryActivityDeps } from './delivery.activities.ts';
import { createSearchActivities, type SearchActivityDeps } from './search.activities.ts';
import { createExecutionActivities, type ExecutionActivityDeps } from './procedure-execution.activities.ts';
import { createIncidentAnalysisActivities } from './incident-analysis.activities.ts';
import { createAssistantActivities, type AssistantActivityDeps } from './assistant.activities.ts';
import { createRetentionActivities, type RetentionActivityDeps } from './retention.activities.ts';
import { createNotificationMailActivities, type NotificationMailActivityDeps } from './notification-mail.activities.ts';
import { createEscalationActivities, type EscalationActivityDeps } from './escalation.activities.ts';
import { createEscalationWaitsActivities, type EscalationWaitsActivityDeps } from './escalation-waits.activities.ts';
import { createPageUpdateActivities, type PageUpdateActivityDeps } from './page-update.activities.ts';
import { createScheduleIcalActivities, type ScheduleIcalActivityDeps } from './schedule-ical.activities.ts';
import { createChatFeedActivities, type ChatFeedActivityDeps } from './chat-feed.activities.ts';
import { createHeartbeatActivities, type HeartbeatActivityDeps } from './heartbeat.activities.ts';
import { createAcknowledgementActivities, type AcknowledgementActivityDeps } from './acknowledgement.activities.ts';
import { createResponderActivities, type ResponderActivityDeps } from './responder.activities.ts';
import { createRemediationActivities, type RemediationActivityDeps } from './remediation.activities.ts';
import { createHandoffNoticeActivities, type HandoffNoticeActivityDeps } from './handoff-notice.activities.ts';
import { createStatusUpdateMailActivities, type StatusUpdateMailActivityDeps } from './status-update-mail.activities.ts';

export type ActivityDeps = SelfTestActivityDeps &
  DeliveryActivityDeps &
  AlertIngestionActivityDeps &
  AlertBucketActivityDeps &
  ExecutionActivityDeps &
  SearchActivityDeps &
  AssistantActivityDeps &
  RetentionActivityDeps &
  NotificationMailActivityDeps &
  EscalationActivityDeps &
  EscalationWaitsActivityDeps &
  PageUpdateActivityDeps &
  ScheduleIcalActivityDeps &
  ChatFeedActivityDeps &
  HeartbeatActivityDeps &
  AcknowledgementActivityDeps &
  HandoffNoticeActivityDeps &
  ResponderActivityDeps &
  RemediationActivityDeps &
  StatusUpdateMailActivityDeps;

/** Every activity of the worker, built from its dependencies (no module-level singletons). */
export function createActivities(deps: ActivityDeps) {
  return {
    ...createSelfTestActivities(deps),
    ...createDeliveryActivities(deps),
    ...createAlertIngestionActivities(deps),
    ...createAlertBucketActivities(deps),
    ...createExecutionActivities(deps),
    ...createSearchActivities(deps),
    ...createIncidentAnalysisActivities(deps),
    ...createAssistantActivities(deps),
    ...createRetentionActivities(deps),
    ...createNotificationMailActivities(deps),
    ...createEscalationActivities(deps),
    ...createEscalationWaitsActivities(deps),
    ...createPageUpdateActivities(deps),
    ...createScheduleIcalActivities(deps),
    ...createChatFeedActivities(deps),
    ...createHeartbeatActivities(deps),
    ...createAcknowledgementActivities(deps),
    ...createResponderActivities(deps),
    ...createHandoffNoticeActivities(deps),
    ...createRemediationActivities(deps),
    ...createStatusUpdateMailActivities(deps),
  };
}

export type Activities = ReturnType<typeof createActivities>;
