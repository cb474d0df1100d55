import { createThreadPool, type ThreadPool } from '../../../shared/isolation/thread-pool.ts';
import type { EchoJob } from './echo.thread.ts';

class TookTooLong extends Error {}

describe('createThreadPool', () => {
  let pool: ThreadPool<EchoJob, { text: string; threadId: number }>;
  beforeEach(() => {
    pool = createThreadPool({
      script: new URL('./echo.thread.ts', import.meta.url),
      threads: 1,
      hardMs: 1_000,
      maxHeapMb: 64,
      errors: {
        time: () => new TookTooLong('past hardMs'),
        memory: () => new Error('memory'),
        failed: (error) => error,
        exited: () => new Error('exited'),
      },
    });
  });
  afterEach(() => pool.close());

  it('answers job after job from the same thread, in order', async () => {
    const replies = await Promise.all(['a', 'b', 'c'].map((text) => pool.run({ text })));
    expect(replies.map((reply) => reply.text)).toEqual(['a', 'b', 'c']);
    expect(new Set(replies.map((reply) => reply.threadId)).size).toBe(1);
  });

  it('fails a job past hardMs with its error, and runs the next on a new thread', async () => {
    const { threadId: first } = await pool.run({ text: 'before' });
    await expect(pool.run({ text: 'stuck', forever: true })).rejects.toBeInstanceOf(TookTooLong);
    const after = await pool.run({ text: 'after' });
    expect(after.text).toBe('after');
    expect(after.threadId).not.toBe(first);
  });

  it('refuses jobs once closed', async () => {
    await pool.close();
    await expect(pool.run({ text: 'late' })).rejects.toThrow('the thread pool is closed');
  });
});
