import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';
import { ASYNC_CONTEXT_FRAME, YOUNG_GENERATION, apiNodeFlags, workerNodeFlags } from '../../dev/node-flags.ts';

const readRepoFile = (name: string) => readFileSync(new URL(`../../${name}`, import.meta.url), 'utf8');

/** The `command:` arrays of a Helm template, read as the YAML flow sequences they are. */
const helmCommands = (template: string): string[][] =>
  readRepoFile(template)
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('command:'))
    .map((line) => parse(line.slice('command:'.length)) as string[]);

// Every deployment's image runs on a Node that knows the async context frame (Dockerfile: Node 22.7+).
const deployedApiFlags = apiNodeFlags(new Set([ASYNC_CONTEXT_FRAME]));

describe('apiNodeFlags', () => {
  it.each([
    [
      'a Node that knows the flag (22.7 and later)',
      new Set(['--max-old-space-size', ASYNC_CONTEXT_FRAME]),
      [ASYNC_CONTEXT_FRAME, YOUNG_GENERATION],
    ],
    ['a Node that does not', new Set(['--max-old-space-size']), [YOUNG_GENERATION]],
  ])('%s', (_case, allowed, expected) => {
    expect(apiNodeFlags(allowed)).toEqual(expected);
  });
});

describe('the flags every way of running the processes passes', () => {
  const compose = parse(readRepoFile('docker-compose.yml')) as { services: Record<string, { command?: string[] }> };

  it.each([
    ['docker-compose.yml, api', () => compose.services.api?.command, ['node', ...deployedApiFlags, 'api/main.ts']],
    ['docker-compose.yml, worker', () => compose.services.worker?.command, ['node', ...workerNodeFlags(), 'worker/main.ts']],
    [
      'the Helm chart, api',
      () => helmCommands('deploy/helm/tocsin/templates/api-deployment.yaml')[0],
      ['node', ...deployedApiFlags, 'api/main.ts'],
    ],
    [
      'the Helm chart, worker and follow-up',
      () => helmCommands('deploy/helm/tocsin/templates/_worker-deployment.tpl')[0],
      ['node', ...workerNodeFlags(), 'worker/main.ts'],
    ],
    [
      "the image's default command",
      () => JSON.parse(/^CMD (\[.*\])$/m.exec(readRepoFile('Dockerfile'))?.[1] ?? 'null') as string[] | null,
      ['node', ...deployedApiFlags, 'api/main.ts'],
    ],
  ])('%s', (_where, command, expected) => {
    expect(command()).toEqual(expected);
  });
});
