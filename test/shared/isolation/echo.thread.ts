// A pool thread for thread-pool.test.ts: answers with its thread id, or runs until it is terminated.
import { threadId } from 'node:worker_threads';
import { serveThreadPool } from '../../../shared/isolation/thread-pool.ts';

export interface EchoJob {
  text: string;
  forever?: boolean;
}

serveThreadPool<EchoJob, { text: string; threadId: number }>((job) => {
  while (job.forever);
  return { text: job.text, threadId };
});
