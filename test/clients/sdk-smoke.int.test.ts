import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { CLIENT_PATHS } from '../../clients/generate/paths.ts';
import { PYTHON_GENERATOR_TOOL } from '../../dev/client-generator-tools.ts';
import { installTool } from '../../dev/tool-cache.ts';
import { createTocsinClient } from '../../clients/typescript/client.ts';
import { toolCacheDir } from '../../shared/load-config.ts';
import { listen } from '../helpers/listening-stack.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';

const run = promisify(execFile);

// Each generated client logs in and lists incidents against a real API (PostgreSQL, Temporal),
// from its own language runtime: Python from the generator's venv, Go with `go run`.
describe('generated SDKs against the real API', () => {
  let stack: TestStack;
  let server: Awaited<ReturnType<typeof listen>>;
  let owner: Awaited<ReturnType<typeof registerOwner>>;
  const title = `SDK smoke ${Date.now()}`;

  beforeAll(async () => {
    stack = await startTestStack();
    server = await listen(stack);
    owner = await registerOwner(stack.http, 'sdk');
    await stack.http.post('/api/v1/incidents').set('Authorization', `Bearer ${owner.token}`).send({ title, severity: 'high' }).expect(201);
  });
  afterAll(async () => {
    await server?.close();
    await stack?.stop();
  });

  const env = () => ({ ...process.env, TOCSIN_URL: server.url, TOCSIN_EMAIL: owner.email, TOCSIN_PASSWORD: owner.password });

  it('TypeScript (openapi-fetch): logs in and lists incidents', async () => {
    const anonymous = createTocsinClient({ baseUrl: server.url });
    const login = await anonymous.POST('/api/v1/auth/login', { body: { email: owner.email, password: owner.password } });
    expect(login.response.status).toBe(200);
    const client = createTocsinClient({ baseUrl: server.url, accessToken: login.data?.access_token });
    const incidents = await client.GET('/api/v1/incidents', { params: { query: { limit: 100 } } });
    expect(incidents.data?.data.map((incident) => incident.title)).toEqual([title]);
  });

  it('Python (openapi-python-client): logs in and lists incidents', async () => {
    const python = await installTool(PYTHON_GENERATOR_TOOL, { cacheDir: toolCacheDir() });
    const { stdout } = await run(python, [join(CLIENT_PATHS.clientsDir, 'smoke', 'python_smoke.py')], { env: env() });
    expect(JSON.parse(stdout)).toEqual({ total: 1, titles: [title] });
  });

  it('Go (oapi-codegen): logs in and lists incidents', async () => {
    const { stdout } = await run('go', ['run', './cmd/smoke'], { cwd: CLIENT_PATHS.goDir, env: env() });
    expect(JSON.parse(stdout)).toEqual({ total: 1, titles: [title] });
  });
});
