/**
 * The only place workflow ids are built. Ids are business keys, so starting the same thing twice
 * lands on the same workflow (Temporal allows one running workflow per id).
 */
export const workflowIds = {
  selfTest: (runId: string) => `self-test:${runId}`,
};
