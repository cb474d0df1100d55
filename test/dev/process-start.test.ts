import { startManagedProcess } from '../../dev/managed-process.ts';
import { ExitedBeforeReadyError, waitFor } from '../../dev/wait-for.ts';

describe('waiting for a process that exits first', () => {
  it('fails at once with how it ended and its last lines, not at the deadline', async () => {
    const child = startManagedProcess('doomed', process.execPath, [
      '-e',
      "console.log('starting'); console.error('listen tcp 127.0.0.1:7233: bind: address already in use'); process.exit(3)",
    ]);
    const started = Date.now();
    const waiting = waitFor('the doomed server', async () => undefined, {
      timeoutMs: 60_000,
      intervalMs: 20,
      isAlive: () => child.isAlive(),
      exitReport: () => child.exitReport(),
    });
    await expect(waiting).rejects.toBeInstanceOf(ExitedBeforeReadyError);
    const message = await waiting.catch((error: Error) => error.message);
    expect(message).toContain('the doomed server: the process exited before it was ready');
    expect(message).toContain('doomed ended (exit code 3)');
    expect(message).toContain('bind: address already in use');
    expect(message).toContain('starting');
    expect(Date.now() - started).toBeLessThan(30_000);
    await child.stop();
  });

  it('keeps only the last lines of a long output', async () => {
    const child = startManagedProcess('chatty', process.execPath, [
      '-e',
      'for (let i = 0; i < 100; i++) console.log(`line ${i}`); process.exit(1)',
    ]);
    await expect(
      waitFor('the chatty server', async () => undefined, {
        timeoutMs: 60_000,
        intervalMs: 20,
        isAlive: () => child.isAlive(),
        exitReport: () => child.exitReport(),
      }),
    ).rejects.toThrow(/line 99/);
    const report = await child.exitReport();
    expect(report).not.toContain('line 50');
    expect(report.split('\n')).toHaveLength(16);
    await child.stop();
  });

  it('says nothing about a process that is still running', async () => {
    const child = startManagedProcess('sleeper', process.execPath, ['-e', 'setTimeout(() => undefined, 60_000)']);
    expect(await child.exitReport()).toBe('');
    await child.stop();
    expect(await child.exitReport()).toMatch(/^sleeper ended \(killed by SIGTERM\)/);
  });

  it('tells an exit it asked for (stop) from one the process chose', async () => {
    const quitter = startManagedProcess('quitter', process.execPath, ['-e', 'process.exit(1)']);
    const quitterStopped = new Promise<boolean>((resolve) => quitter.child.once('exit', () => resolve(quitter.stopRequested())));
    expect(await quitterStopped).toBe(false);
    await quitter.stop();

    // Exits 1 on SIGTERM, as a build that loses its own child does.
    const builder = startManagedProcess('builder', process.execPath, [
      '-e',
      "process.on('SIGTERM', () => process.exit(1)); setInterval(() => undefined, 1000)",
    ]);
    const builderStopped = new Promise<boolean>((resolve) => builder.child.once('exit', () => resolve(builder.stopRequested())));
    expect(builder.stopRequested()).toBe(false);
    await builder.stop();
    expect(await builderStopped).toBe(true);
  });
});
