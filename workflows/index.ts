// The worker's workflowsPath: every workflow the task queue serves is exported here.
export { selfTestWorkflow } from './self-test.workflow.ts';
