import { helperNodeTool } from './helper-node-binaries.ts';
import { GO_GENERATOR_TOOL, PYTHON_GENERATOR_TOOL } from './client-generator-tools.ts';
import { HELPER_PLATFORMS, hostPlatform, platformId } from '../shared/helper/platforms.ts';
import { LOCAL_MODEL_IDS, type LocalModelId } from '../shared/search/embedding/local-models.ts';
import { loadConfig } from '../shared/load-config.ts';
import { resolveAlertmanager } from './alertmanager.ts';
import { installElasticsearch } from './elasticsearch.ts';
import { HELM_TOOL, KUBECONFORM_TOOL, KUBERNETES_SCHEMAS_TOOL } from './kubernetes-tools.ts';
import { resolveMailpit } from './mailpit.ts';
import { installLocalModel } from './model-install.ts';
import { installPgvector } from './pgvector.ts';
import { SCHEMATHESIS_TOOL } from './schemathesis-tool.ts';
import { resolveStripeMock } from './stripe-mock.ts';
import { SYNAPSE_TOOL } from './synapse-tool.ts';
import { resolveTemporalCli } from './temporal.ts';
import { installTemporalServer } from './temporal-server-install.ts';
import { installTool, toolDir } from './tool-cache.ts';
import { runToolInstall, type ToolInstallContext } from './tool-install-cli.ts';

type Installer = (context: ToolInstallContext, args: string[]) => Promise<string | string[]>;

/** Every tool of the tool cache, by the name `node dev/tool-install.cli.ts <name>` takes. */
const INSTALLERS: Record<string, Installer> = {
  elasticsearch: async (context) => (await installElasticsearch(context)).home,
  // Finds one first: TEMPORAL_CLI_PATH, then PATH.
  temporal: (context) => resolveTemporalCli({ explicitPath: process.env.TEMPORAL_CLI_PATH || undefined, ...context }),
  // The server and its SQL schema tool (BENCH_TEMPORAL=server, the scale-out scenario).
  'temporal-server': async (context) => {
    const install = await installTemporalServer(context);
    return [install.server, install.sqlTool];
  },
  pgvector: (context) => installPgvector(context),
  // The models named, by default the configured LOCAL_EMBEDDINGS_MODEL.
  model: async (context, args) => {
    const dirs: string[] = [];
    for (const model of args.length ? args : [loadConfig().LOCAL_EMBEDDINGS_MODEL]) {
      if (!(LOCAL_MODEL_IDS as string[]).includes(model)) throw new Error(`unknown model ${model}; one of ${LOCAL_MODEL_IDS.join(', ')}`);
      dirs.push(await installLocalModel({ ...context, model: model as LocalModelId }));
    }
    return dirs;
  },
  'stripe-mock': (context) => resolveStripeMock({ explicitPath: process.env.STRIPE_MOCK_PATH || undefined, ...context }),
  mailpit: (context) => resolveMailpit({ explicitPath: process.env.MAILPIT_PATH || undefined, ...context }),
  // The real Alertmanager the Alertmanager and Events API v2 tests send through.
  alertmanager: (context) => resolveAlertmanager({ explicitPath: process.env.ALERTMANAGER_PATH || undefined, ...context }),
  schemathesis: (context) => installTool(SCHEMATHESIS_TOOL, context),
  // The Matrix homeserver the Matrix channel's tests run against.
  synapse: (context) => installTool(SYNAPSE_TOOL, context),
  helm: (context) => installTool(HELM_TOOL, context),
  kubeconform: (context) => installTool(KUBECONFORM_TOOL, context),
  'kubernetes-json-schema': async (context) => {
    await installTool(KUBERNETES_SCHEMAS_TOOL, context);
    return toolDir(context.cacheDir, KUBERNETES_SCHEMAS_TOOL);
  },
  // The Python and Go client generators (`npm run clients:install`); the Python venv also runs the SDK smoke test.
  'client-generators': async (context) => [
    await installTool(PYTHON_GENERATOR_TOOL, context),
    await installTool(GO_GENERATOR_TOOL, context),
  ],
  // The Node binaries the helper CLI embeds (`npm run helper:build`), for the platforms named, by default this machine's.
  'helper-node': async (context, args) => {
    const host = hostPlatform();
    const names = args.length ? args : host ? [platformId(host)] : [];
    const binaries: string[] = [];
    for (const name of names) {
      const platform = HELPER_PLATFORMS.find((candidate) => platformId(candidate) === name);
      if (!platform) throw new Error(`unknown platform ${name}; one of ${HELPER_PLATFORMS.map(platformId).join(', ')}`);
      binaries.push(await installTool(helperNodeTool(platform), context));
    }
    return binaries;
  },
};

// `node dev/tool-install.cli.ts <tool> [args]` (`npm run es:install`, `temporal:install`,
// `model:install`, `pgvector:install`, `clients:install`; .ci/run and .ci/helm-check.sh): installs the tool into the
// tool cache unless it is there, and prints its path.
const [name = '', ...args] = process.argv.slice(2);
await runToolInstall(async ({ cacheDir, log }) => {
  const install = INSTALLERS[name];
  if (!install) throw new Error(`usage: node dev/tool-install.cli.ts <${Object.keys(INSTALLERS).join('|')}> [args]`);
  return install({ cacheDir, log: (message) => log(`[${name}:install] ${message}`) }, args);
});
