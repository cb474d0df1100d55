import { buildConsoleIfStale } from '../console/build.ts';
import { parseConfig } from '../shared/config.ts';
import { loadConfig } from '../shared/load-config.ts';
import { buildHelperInBackground } from './helper-build.ts';
import { startLocalEnvironment } from './local-environment.ts';
import { spawnApp } from './app-process.ts';
import type { ManagedProcess } from './managed-process.ts';
import { waitFor } from './wait-for.ts';

// `npm start`: the local environment, then the worker and the API as child processes of this one.
const config = loadConfig();
const say = (message: string) => process.stdout.write(`[tocsin] ${message}\n`);
// Elasticsearch from the tool cache (es:install), on request: it needs Java and about 1 GB of memory.
const withElasticsearch = process.argv.includes('--elasticsearch') || process.env.TOCSIN_START_ELASTICSEARCH === '1';

let local: Awaited<ReturnType<typeof startLocalEnvironment>> | undefined;
const children: ManagedProcess[] = [];
let stopped: Promise<never> | undefined;

/**
 * One stop, however many signals arrive: a terminal's Ctrl-C reaches npm and this process, and npm
 * forwards it again. A later signal must not end this process before what it started has stopped.
 */
function stopAll(exitCode: number): Promise<never> {
  stopped ??= (async () => {
    say('stopping');
    for (const child of children.reverse()) await child.stop(15_000);
    await local?.stop();
    say('stopped');
    return process.exit(exitCode);
  })();
  return stopped;
}
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

try {
  local = await startLocalEnvironment(config, say, { elasticsearch: withElasticsearch });
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  await stopAll(1);
}

// The console (console/dist) before the API serves it: rebuilt only when its sources changed.
await buildConsoleIfStale(say).catch((error: unknown) =>
  say(`console build failed, / serves no console: ${error instanceof Error ? error.message : String(error)}`),
);

const childEnv = { ...process.env, ...local?.env };
// Fail here, once, rather than in both children.
parseConfig(childEnv);
for (const name of ['worker', 'api'] as const) {
  const child = spawnApp(name, { env: childEnv, onOutput: (line) => process.stdout.write(`[${name}] ${line}\n`) });
  child.child.once('exit', (code) => {
    if (stopped === undefined) {
      say(`${name} exited with code ${code}; stopping everything`);
      void stopAll(1);
    }
  });
  children.push(child);
}

const helperBuild = buildHelperInBackground(config.HELPER_DIST_DIR, childEnv, (line) => process.stdout.write(`[helper] ${line}\n`));
if (helperBuild) children.unshift(helperBuild);

const apiUrl = `http://127.0.0.1:${config.PORT}`;
try {
  await waitFor('the API', async () => ((await fetch(`${apiUrl}/readyz`)).ok ? true : undefined), { timeoutMs: 120_000, intervalMs: 300 });
} catch (error) {
  say(error instanceof Error ? error.message : String(error));
  await stopAll(1);
}
say(`ready
  Console      ${apiUrl}/
  API          ${apiUrl}/api/v1
  Swagger UI   ${apiUrl}/docs
  ReDoc        ${apiUrl}/redoc
  OpenAPI      ${apiUrl}/openapi.json${local?.temporalUiUrl ? `\n  Temporal UI  ${local.temporalUiUrl}` : ''}${local?.env.ELASTICSEARCH_URL ? `\n  Elasticsearch ${local.env.ELASTICSEARCH_URL}` : ''}
Press Ctrl-C to stop.`);
