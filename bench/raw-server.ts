// The baseline of `npm run bench:api`: bare node:http in a process of its own, like the API, answering
// each path with the bytes the API gave for it. Reads {path: base64 body} as JSON on stdin and
// prints its port once listening.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

let input = '';
for await (const chunk of process.stdin) input += String(chunk);
const bodies = new Map(
  Object.entries(JSON.parse(input) as Record<string, string>).map(([path, body]) => [path, Buffer.from(body, 'base64')]),
);
const empty = Buffer.from('{}');
const server = createServer((request, response) => {
  const body = bodies.get(request.url ?? '') ?? empty;
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  response.end(body);
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`${(server.address() as AddressInfo).port}\n`));
process.once('SIGTERM', () => server.close(() => process.exit(0)));
