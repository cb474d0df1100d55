import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { toolCacheDir } from '../../shared/load-config.ts';
import { forGenerators } from './generator-document.ts';
import { openApiDocument, serializeDocument } from './openapi-document.ts';
import { CLIENT_PATHS, ignorePythonCache, type GeneratedManifest } from './paths.ts';
import { installTool } from '../../dev/tool-cache.ts';
import {
  GO_GENERATOR_TOOL,
  GO_GENERATOR_VERSION,
  PYTHON_GENERATOR_TOOL,
  PYTHON_GENERATOR_VERSION,
} from '../../dev/client-generator-tools.ts';
import { sha256, treeHash } from './tree-hash.ts';
import { generateTypeScript } from './typescript.ts';

// `npm run clients:generate`: the OpenAPI document from the app factory (no servers), then the
// TypeScript, Python and Go clients from it, and clients/generated.json recording what they were
// generated from. Deterministic: the same routes give byte-identical files.
const run = promisify(execFile);
const log = (message: string) => process.stderr.write(`[clients] ${message}\n`);
const started = performance.now();

async function generatePython(specPath: string): Promise<void> {
  const python = await installTool(PYTHON_GENERATOR_TOOL, { cacheDir: toolCacheDir(), log });
  // The generator's ruff post-hooks are looked up on PATH: the venv's own ruff, without the cache
  // it would otherwise leave (with timestamps) inside the generated tree.
  const env = { ...process.env, PATH: `${dirname(python)}:${process.env.PATH ?? ''}`, RUFF_NO_CACHE: 'true' };
  await run(
    python,
    [
      '-m',
      'openapi_python_client',
      'generate',
      '--path',
      specPath,
      '--config',
      CLIENT_PATHS.pythonConfig,
      '--output-path',
      CLIENT_PATHS.pythonDir,
      '--overwrite',
      '--fail-on-warning',
    ],
    { env, maxBuffer: 64 * 1024 * 1024 },
  );
  await patchPythonUnsetImports(join(CLIENT_PATHS.pythonDir, 'tocsin_client', 'api'));
}

/**
 * openapi-python-client 0.29.1 forgets to import `Unset` in operations whose body has several
 * content types (POST /auth/login: JSON or form); the module then fails at import time. Adds it
 * to the `...types` import of exactly those files.
 */
async function patchPythonUnsetImports(dir: string): Promise<number> {
  let patched = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.py')) continue;
    const file = join(entry.parentPath, entry.name);
    const source = await readFile(file, 'utf8');
    const typesImport = /^from \.\.\.types import (.+)$/m.exec(source);
    if (!typesImport?.[1] || !/\| Unset\b/.test(source)) continue;
    const names = typesImport[1].split(',').map((name) => name.trim());
    if (names.includes('Unset')) continue;
    await writeFile(file, source.replace(typesImport[0], `from ...types import ${[...names, 'Unset'].sort().join(', ')}`));
    patched += 1;
  }
  return patched;
}

async function generateGo(specPath: string): Promise<void> {
  const oapiCodegen = await installTool(GO_GENERATOR_TOOL, { cacheDir: toolCacheDir(), log });
  await run(oapiCodegen, ['-config', CLIENT_PATHS.goConfig, specPath], { cwd: CLIENT_PATHS.goDir, maxBuffer: 64 * 1024 * 1024 });
}

try {
  const document = await openApiDocument();
  const spec = serializeDocument(document);
  await writeFile(CLIENT_PATHS.spec, spec);
  const typescript = await generateTypeScript(document);
  await mkdir(dirname(CLIENT_PATHS.typescript), { recursive: true });
  await writeFile(CLIENT_PATHS.typescript, typescript);
  log(`openapi.json and typescript written (${Object.keys(document.paths as object).length} paths)`);
  const scratch = await mkdtemp(join(tmpdir(), 'tocsin-clients-'));
  const generatorSpec = join(scratch, 'openapi.json');
  await writeFile(generatorSpec, serializeDocument(forGenerators(document)));
  try {
    await Promise.all([
      generatePython(generatorSpec).then(() => log('python written')),
      generateGo(generatorSpec).then(() => log('go written')),
    ]);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  const require = createRequire(import.meta.url);
  const { version: typescriptGenerator } = require('openapi-typescript/package.json') as { version: string };
  const manifest: GeneratedManifest = {
    openapi_sha256: sha256(spec),
    generators: {
      typescript: `openapi-typescript ${typescriptGenerator}`,
      python: `openapi-python-client ${PYTHON_GENERATOR_VERSION}`,
      go: `oapi-codegen v${GO_GENERATOR_VERSION}`,
    },
    outputs: {
      typescript_sha256: sha256(typescript),
      python_tree_sha256: await treeHash(CLIENT_PATHS.pythonDir, ignorePythonCache),
      go_sha256: sha256(await readFile(CLIENT_PATHS.goFile)),
    },
  };
  await writeFile(CLIENT_PATHS.manifest, `${JSON.stringify(manifest, null, 2)}\n`);
  log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s: ${join('clients', 'generated.json')}`);
} catch (error) {
  const stderr = (error as { stderr?: string }).stderr;
  log(`failed: ${error instanceof Error ? error.message : String(error)}${stderr ? `\n${stderr}` : ''}`);
  process.exit(1);
}
