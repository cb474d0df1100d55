// The worker's workflowsPath: every workflow the task queue serves is exported here.
export { selfTestWorkflow } from './self-test.workflow.ts';
export { alertIngestionWorkflow } from './alert-ingestion.workflow.ts';
export { outboundDeliveryWorkflow } from './outbound-delivery.workflow.ts';
export { searchIndexWorkflow } from './search-index.workflow.ts';
export { procedureExecutionWorkflow } from './procedure-execution.workflow.ts';
export { assistantReplyWorkflow } from './assistant-reply.workflow.ts';
export { retentionWorkflow } from './retention.workflow.ts';
export { notificationMailBatchWorkflow } from './notification-mail.workflow.ts';
export { escalationWorkflow } from './escalation.workflow.ts';
export { icalRefreshWorkflow } from './ical-refresh.workflow.ts';
