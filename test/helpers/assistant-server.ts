import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A chat-completions request as the assistant client sends it. */
export interface AssistantRequest {
  model: string;
  stream: boolean;
  messages: Array<{ role: string; content: string }>;
}

/**
 * An OpenAI-compatible chat-completions server on loopback, for ASSISTANT_URL: records each request
 * and streams `parts` as SSE.
 */
export async function startAssistantServer(parts: string[]) {
  const requests: AssistantRequest[] = [];
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      if (request.url !== '/v1/chat/completions') return response.writeHead(404).end();
      requests.push(JSON.parse(raw) as AssistantRequest);
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const part of parts) response.write(`data: ${JSON.stringify({ choices: [{ delta: { content: part } }] })}\n\n`);
      response.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
