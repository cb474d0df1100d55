import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An OpenAI-compatible chat-completions server on loopback that streams `parts` as SSE, for ASSISTANT_URL. */
export async function startAssistantServer(parts: string[]) {
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      if (request.url !== '/v1/chat/completions') return response.writeHead(404).end();
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const part of parts) response.write(`data: ${JSON.stringify({ choices: [{ delta: { content: part } }] })}\n\n`);
      response.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
