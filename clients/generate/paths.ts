import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const clientsDir = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Where each generated client lives in the repository. */
export const CLIENT_PATHS = {
  clientsDir,
  spec: join(clientsDir, 'openapi.json'),
  manifest: join(clientsDir, 'generated.json'),
  typescript: join(clientsDir, 'typescript', 'schema.d.ts'),
  pythonDir: join(clientsDir, 'python'),
  pythonConfig: join(clientsDir, 'generate', 'python.yml'),
  goDir: join(clientsDir, 'go'),
  goConfig: join(clientsDir, 'generate', 'oapi-codegen.yaml'),
  goFile: join(clientsDir, 'go', 'tocsin.gen.go'),
} as const;

/** Caches a test run or an editor leaves in the Python tree; never part of the client. */
export const ignorePythonCache = (path: string) => path.split('/').some((part) => part === '__pycache__' || part === '.ruff_cache');

export interface GeneratedManifest {
  openapi_sha256: string;
  generators: { typescript: string; python: string; go: string };
  /** Hashes of the generated outputs, so a hand edit or a half-finished generation shows. */
  outputs: { typescript_sha256: string; python_tree_sha256: string; go_sha256: string };
}
