import { readFile } from 'node:fs/promises';
import { openApiDocument, serializeDocument } from '../../clients/generate/openapi-document.ts';
import { CLIENT_PATHS, ignorePythonCache, type GeneratedManifest } from '../../clients/generate/paths.ts';
import { sha256, treeHash } from '../../clients/generate/tree-hash.ts';
import { generateTypeScript } from '../../clients/generate/typescript.ts';

// The committed clients must describe the API as it is: a route added or changed without
// `npm run clients:generate` fails here, naming the command.
const REGENERATE = 'out of date: run `npm run clients:generate` and commit clients/';

describe('generated clients (clients/)', () => {
  let document: Record<string, unknown>;
  let committedSpec: string;
  let manifest: GeneratedManifest;

  beforeAll(async () => {
    document = await openApiDocument();
    committedSpec = await readFile(CLIENT_PATHS.spec, 'utf8');
    manifest = JSON.parse(await readFile(CLIENT_PATHS.manifest, 'utf8')) as GeneratedManifest;
  });

  it('clients/openapi.json is the document the API serves', () => {
    const live = serializeDocument(document);
    if (live !== committedSpec) throw new Error(`clients/openapi.json is ${REGENERATE}`);
    expect(sha256(committedSpec)).toBe(manifest.openapi_sha256);
  });

  it('the TypeScript types are what openapi-typescript makes of it', async () => {
    const committed = await readFile(CLIENT_PATHS.typescript, 'utf8');
    if ((await generateTypeScript(document)) !== committed) throw new Error(`clients/typescript/schema.d.ts is ${REGENERATE}`);
    expect(sha256(committed)).toBe(manifest.outputs.typescript_sha256);
  });

  it('the Python and Go clients are the ones generated from this document, unedited', async () => {
    expect({
      python: await treeHash(CLIENT_PATHS.pythonDir, ignorePythonCache),
      go: sha256(await readFile(CLIENT_PATHS.goFile)),
    }).toEqual({ python: manifest.outputs.python_tree_sha256, go: manifest.outputs.go_sha256 });
  });
});
