// The worker's workflowsPath: every workflow the task queue serves is exported here.
export { selfTestWorkflow } from './self-test.workflow.ts';
// The per-key workflow before buckets: registered while runs started before the switch drain.
export { alertIngestionWorkflow } from './alert-ingestion.workflow.ts';
export { alertBucketWorkflow } from './alert-bucket.workflow.ts';
export { autoResolveSweepWorkflow } from './auto-resolve-sweep.workflow.ts';
export { outboundDeliveryWorkflow } from './outbound-delivery.workflow.ts';
// The per-document indexing workflow before buckets: registered while runs started before the switch drain.
export { searchIndexWorkflow } from './search-index.workflow.ts';
export { searchIndexBucketWorkflow } from './search-index-bucket.workflow.ts';
export { procedureExecutionWorkflow } from './procedure-execution.workflow.ts';
export { assistantReplyWorkflow } from './assistant-reply.workflow.ts';
export { retentionWorkflow } from './retention.workflow.ts';
export { notificationMailBatchWorkflow } from './notification-mail.workflow.ts';
export { escalationWorkflow } from './escalation.workflow.ts';
export { escalationWaitsWorkflow } from './escalation-waits.workflow.ts';
export { icalRefreshWorkflow } from './ical-refresh.workflow.ts';
export { pageUpdatesWorkflow } from './page-update.workflow.ts';
export { chatFeedWorkflow } from './chat-feed.workflow.ts';
export { heartbeatWorkflow } from './heartbeat.workflow.ts';
export { acknowledgementWorkflow } from './acknowledgement.workflow.ts';
export { responderPageWorkflow } from './responder-page.workflow.ts';
export { handoffNoticesWorkflow } from './handoff-notices.workflow.ts';
export { remediationWorkflow } from './remediation.workflow.ts';
export { statusUpdateMailWorkflow } from './status-update-mail.workflow.ts';
