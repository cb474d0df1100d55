import { Client, Connection } from '@temporalio/client';

export interface TemporalSettings {
  address: string;
  namespace: string;
  taskQueue: string;
}

export interface TemporalClient {
  client: Client;
  taskQueue: string;
  close(): Promise<void>;
}

/** One connection per process, created at start and passed down. */
export async function connectTemporal(settings: TemporalSettings): Promise<TemporalClient> {
  const connection = await Connection.connect({ address: settings.address });
  const client = new Client({ connection, namespace: settings.namespace });
  return { client, taskQueue: settings.taskQueue, close: () => connection.close() };
}

/** True when the namespace answers: what /readyz means by "Temporal reachable". */
export async function isTemporalReachable(client: Client, namespace: string): Promise<boolean> {
  try {
    await client.workflowService.describeNamespace({ namespace });
    return true;
  } catch {
    return false;
  }
}
