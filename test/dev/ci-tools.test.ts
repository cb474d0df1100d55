import { describe, expect, it } from '@jest/globals';
import { HELM_TOOL, KUBECONFORM_TOOL, KUBERNETES_SCHEMAS_TOOL, localSchema } from '../../dev/kubernetes-tools.ts';
import { SCHEMATHESIS_TOOL } from '../../dev/schemathesis-tool.ts';
import { toolDir } from '../../dev/tool-cache.ts';

describe('localSchema: kubernetes-validate schemas for kubeconform’s file loader', () => {
  it.each([
    [
      'a reference to the definitions points at the sibling file',
      '{"$ref": "/api/_definitions.json#/$defs/io.k8s.api.apps.v1.DeploymentSpec"}',
      '{"$ref": "_definitions.json#/$defs/io.k8s.api.apps.v1.DeploymentSpec"}',
    ],
    [
      'the id becomes a comment',
      '{"$id": "https://kubernetes.io/api/_definitions.json", "x": 1}',
      '{"$comment": "https://kubernetes.io/api/_definitions.json", "x": 1}',
    ],
    ['anything else stays', '{"$id": "https://example.com/api/x.json"}', '{"$id": "https://example.com/api/x.json"}'],
  ])('%s', (_label, text, expected) => {
    expect(localSchema(text)).toBe(expected);
  });
});

describe('the CI checks’ tools, keyed by version in the tool cache', () => {
  it.each([
    [HELM_TOOL, '/cache/helm-3.22.0'],
    [KUBECONFORM_TOOL, '/cache/kubeconform-0.8.0'],
    [KUBERNETES_SCHEMAS_TOOL, '/cache/kubernetes-json-schema-1.37.0'],
    [SCHEMATHESIS_TOOL, '/cache/schemathesis-4.32.5'],
  ])('%#', (tool, dir) => {
    expect(toolDir('/cache', tool)).toBe(dir);
  });
});
