import { io, type Socket } from 'socket.io-client';
import type { CliConfig } from './config-store.ts';
import { CliError, EXIT } from './exit-codes.ts';

export interface LiveEvent {
  type: string;
  data: Record<string, unknown>;
  organization_id: string;
  timestamp: string;
}

/**
 * The API's WebSocket (socket.io at /api/v1/ws), authenticated with the API key; resolves once
 * connected. Every event of the key's organization arrives through `onEvent`.
 */
export async function connectLive(config: CliConfig, onEvent: (event: LiveEvent) => void): Promise<Socket> {
  const socket = io(config.url, {
    path: '/api/v1/ws',
    auth: { token: config.api_key },
    transports: ['websocket'],
    reconnectionDelayMax: 10_000,
  });
  socket.onAny((_name: string, event: LiveEvent) => {
    if (event && typeof event === 'object' && typeof event.type === 'string') onEvent(event);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error: Error & { data?: { code?: string } }) => {
      socket.disconnect();
      const code = error.data?.code;
      if (code === 'INVALID_TOKEN' || code === 'INVALID_API_KEY')
        reject(new CliError(EXIT.AUTH, code, `WebSocket refused the credential: ${error.message}`));
      else if (code === 'INSUFFICIENT_PERMISSIONS') reject(new CliError(EXIT.FORBIDDEN, code, `WebSocket: ${error.message}`));
      else reject(new CliError(EXIT.UNAVAILABLE, 'UNREACHABLE', `cannot open the WebSocket at ${config.url}: ${error.message}`));
    });
  });
  return socket;
}
