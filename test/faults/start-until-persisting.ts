/** A server the fault suite starts again after a fault, and can ask whether it persists. */
export interface PersistingServer {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Whether the started server persists (a real write through it) within the caller's bound. */
  persists(): Promise<boolean>;
}

export interface PersistingStart {
  /** How many times the server was started: 1, or 2 after a recovery restart. */
  starts: number;
  /** Why it was started once more, when it was; the scenario reports it instead of hiding it. */
  recovery?: string;
}

/**
 * Starts the server and waits until it persists. A start that serves but never persists (the
 * Temporal dev server's SQLite history shard stuck after a SIGKILL, a fault of the dev server) is
 * stopped and started once more; a second such start throws, so a server that cannot recover still
 * fails the scenario, and what it lost is still counted by the scenario's own checks.
 */
export async function startUntilPersisting(server: PersistingServer, what: string, boundMs: number): Promise<PersistingStart> {
  await server.start();
  if (await server.persists()) return { starts: 1 };
  const recovery = `${what} served but did not persist a write within ${boundMs} ms after its restart; started once more`;
  await server.stop();
  await server.start();
  if (!(await server.persists())) throw new Error(`${what} did not persist a write within ${boundMs} ms after its restart, twice`);
  return { starts: 2, recovery };
}
