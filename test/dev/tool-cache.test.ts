import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { elasticsearchTool } from '../../dev/elasticsearch.ts';
import { goTool } from '../../dev/go-install.ts';
import { localModelTool } from '../../dev/model-install.ts';
import { MAILPIT_TOOL } from '../../dev/mailpit.ts';
import { pgvectorDir } from '../../dev/pgvector.ts';
import { STRIPE_MOCK_TOOL } from '../../dev/stripe-mock.ts';
import { TEMPORAL_CLI_TOOL } from '../../dev/temporal.ts';
import {
  checksumProblem,
  hashFile,
  installInto,
  publishedDigest,
  resolveTool,
  toolDir,
  verifyFile,
  type ToolDeclaration,
  type ToolSource,
} from '../../dev/tool-cache.ts';
import { localModelDir } from '../../shared/search/embedding/local-embedder.ts';

const SHA1_OF_ABC = 'a9993e364706816aba3e25717850c26c9cd0d89d';
const SHA256_OF_ABC = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad';

describe('checksumProblem', () => {
  it.each([
    ['the same sha256', { algorithm: 'sha256', hex: SHA256_OF_ABC }, SHA256_OF_ABC, null],
    ['the same sha1, pinned in upper case', { algorithm: 'sha1', hex: SHA1_OF_ABC.toUpperCase() }, SHA1_OF_ABC, null],
    [
      'another sha256',
      { algorithm: 'sha256', hex: SHA256_OF_ABC },
      '0'.repeat(64),
      `x.zip has sha256 ${'0'.repeat(64)}, expected ${SHA256_OF_ABC}`,
    ],
    ['an empty expectation is no pass', { algorithm: 'sha256', hex: '' }, '', 'x.zip: the expected sha256 "" is no digest'],
    [
      'a sha1 where a sha256 is due',
      { algorithm: 'sha256', hex: SHA1_OF_ABC },
      SHA1_OF_ABC,
      `x.zip: the expected sha256 "${SHA1_OF_ABC}" is no digest`,
    ],
    ['not hex', { algorithm: 'sha1', hex: 'z'.repeat(40) }, 'z'.repeat(40), `x.zip: the expected sha1 "${'z'.repeat(40)}" is no digest`],
  ] as const)('%s', (_label, expected, actual, problem) => {
    expect(checksumProblem('x.zip', expected, actual)).toBe(problem);
  });
});

describe('publishedDigest', () => {
  it.each([
    ['Maven Central: the hex alone', `${SHA1_OF_ABC}\n`, SHA1_OF_ABC],
    ['sha256sum: the hex and the file name', `${SHA256_OF_ABC.toUpperCase()}  elasticsearch.zip\n`, SHA256_OF_ABC],
    ['nothing', '  \n', ''],
  ])('%s', (_label, text, digest) => {
    expect(publishedDigest(text)).toBe(digest);
  });
});

describe('tool folders, keyed by version', () => {
  it.each([
    ['mailpit', toolDir('/cache', MAILPIT_TOOL), `/cache/mailpit-${MAILPIT_TOOL.version}`],
    ['stripe-mock', toolDir('/cache', STRIPE_MOCK_TOOL), `/cache/stripe-mock-${STRIPE_MOCK_TOOL.version}`],
    ['the Temporal CLI', toolDir('/cache', TEMPORAL_CLI_TOOL), `/cache/temporal-${TEMPORAL_CLI_TOOL.version}`],
    ['Elasticsearch', toolDir('/cache', elasticsearchTool('8.19.21')), '/cache/elasticsearch-8.19.21'],
    ['a relative cache', toolDir('cache', elasticsearchTool('8.19.21')), join(process.cwd(), 'cache', 'elasticsearch-8.19.21')],
  ])('%s', (_label, dir, expected) => {
    expect(dir).toBe(expected);
  });

  it('puts pgvector and the models where their readers look', () => {
    expect(toolDir('/cache', { name: 'pgvector', version: '0.8.5', dir: 'pgvector-0.8.5-pg18' })).toBe(pgvectorDir('/cache'));
    expect(toolDir('/cache', localModelTool())).toBe(localModelDir('/cache'));
  });
});

describe('installInto', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'tool-cache-'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  const writes = (files: Record<string, string>, calls: string[], name = 'writes'): ToolSource => ({
    describe: name,
    async fetch({ stage }) {
      calls.push(name);
      await mkdir(stage, { recursive: true });
      for (const [file, text] of Object.entries(files)) await writeFile(join(stage, file), text);
      await chmod(join(stage, Object.keys(files)[0] as string), 0o755);
    },
  });
  const fails = (calls: string[], name = 'fails'): ToolSource => ({
    describe: name,
    async fetch() {
      calls.push(name);
      throw new Error(`${name} is offline`);
    },
  });
  const tool = (sources: ToolSource[]): Omit<ToolDeclaration, 'version'> => ({
    name: 'tool',
    entry: 'tool',
    requires: ['tool.conf'],
    executable: true,
    sources,
  });

  it('is a no-op when the tool is there: no source is asked', async () => {
    const dir = join(root, 'present');
    await mkdir(dir);
    await writeFile(join(dir, 'tool'), 'binary', { mode: 0o755 });
    await writeFile(join(dir, 'tool.conf'), 'conf');
    const calls: string[] = [];
    expect(await installInto(dir, tool([fails(calls)]))).toBe(join(dir, 'tool'));
    expect(calls).toEqual([]);
  });

  it('tries the sources in order and keeps the first that works', async () => {
    const dir = join(root, 'fallback');
    const calls: string[] = [];
    const logged: string[] = [];
    const path = await installInto(
      dir,
      tool([fails(calls, 'download'), writes({ tool: 'built', 'tool.conf': 'c' }, calls, 'build')]),
      (line) => logged.push(line),
    );
    expect(calls).toEqual(['download', 'build']);
    expect(await readFile(path, 'utf8')).toBe('built');
    expect(logged).toEqual([`tool: download did not work (download is offline)`, `tool installed in ${dir}`]);
    // Nothing staged is left beside it.
    expect((await readdir(root)).filter((name) => name.startsWith('fallback'))).toEqual(['fallback']);
  });

  it('refuses a source that leaves the install incomplete, and replaces an incomplete folder', async () => {
    const dir = join(root, 'incomplete');
    await mkdir(dir);
    await writeFile(join(dir, 'tool'), 'interrupted', { mode: 0o755 }); // no tool.conf: an interrupted install
    const calls: string[] = [];
    const path = await installInto(
      dir,
      tool([writes({ tool: 'half' }, calls, 'half'), writes({ tool: 'whole', 'tool.conf': 'c' }, calls)]),
    );
    expect(calls).toEqual(['half', 'writes']);
    expect(await readFile(path, 'utf8')).toBe('whole');
    expect((await readdir(dir)).sort()).toEqual(['tool', 'tool.conf']);
  });

  it('fails with every source’s reason and leaves nothing that looks installed', async () => {
    const calls: string[] = [];
    const other = join(root, 'none-at-all');
    await expect(installInto(other, tool([fails(calls, 'download'), fails(calls, 'build')]))).rejects.toThrow(
      `tool could not be installed into ${other}:\n  - download: download is offline\n  - build: build is offline`,
    );
    expect((await readdir(root)).filter((name) => name.startsWith('none-at-all'))).toEqual([]);
  });

  it('requires the entry to be executable when the tool says so', async () => {
    const dir = join(root, 'not-executable');
    const source: ToolSource = {
      describe: 'plain files',
      async fetch({ stage }) {
        await mkdir(stage, { recursive: true });
        await writeFile(join(stage, 'tool'), 'text', { mode: 0o644 });
        await writeFile(join(stage, 'tool.conf'), 'c');
      },
    };
    await expect(installInto(dir, tool([source]))).rejects.toThrow('plain files: it left no tool, tool.conf');
  });
});

describe('verifyFile', () => {
  it('passes the pinned digest and names the file otherwise', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tool-cache-hash-'));
    try {
      const file = join(dir, 'abc');
      await writeFile(file, 'abc');
      expect(await hashFile('sha1', file)).toBe(SHA1_OF_ABC);
      await expect(verifyFile(file, { algorithm: 'sha256', hex: SHA256_OF_ABC }, 'abc')).resolves.toBeUndefined();
      await expect(verifyFile(file, { algorithm: 'sha256', hex: '1'.repeat(64) }, 'abc')).rejects.toThrow(
        `abc has sha256 ${SHA256_OF_ABC}, expected ${'1'.repeat(64)}`,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('goTool', () => {
  it('builds the module at the version that keys its folder', () => {
    const tool = goTool({ name: 'mailpit', version: '1.2.3', module: 'github.com/axllent/mailpit' });
    expect(toolDir('/cache', tool)).toBe('/cache/mailpit-1.2.3');
    expect(tool).toMatchObject({ entry: 'mailpit', executable: true });
    expect(tool.sources.map((source) => source.describe)).toEqual(['go install github.com/axllent/mailpit@v1.2.3']);
  });
});

describe('resolveTool', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'tool-resolve-'));
    await writeFile(join(root, 'mine'), '#!/bin/sh\n', { mode: 0o755 });
    await writeFile(join(root, 'plain'), 'text', { mode: 0o644 });
    await mkdir(join(root, 'tool-1.0'));
    await writeFile(join(root, 'tool-1.0', 'tool'), 'cached', { mode: 0o755 });
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  const cached: ToolDeclaration = {
    name: 'tool',
    version: '1.0',
    entry: 'tool',
    executable: true,
    sources: [{ describe: 'unreachable', fetch: () => Promise.reject(new Error('no source is asked for a cached tool')) }],
  };

  it.each([
    ['the named executable wins', 'mine', join('ROOT', 'mine')],
    ['without a name, the tool cache’s', undefined, join('ROOT', 'tool-1.0', 'tool')],
  ])('%s', async (_label, named, expected) => {
    const path = await resolveTool(cached, 'TOOL_PATH', { explicitPath: named && join(root, named), cacheDir: root });
    expect(path).toBe(expected.replace('ROOT', root));
  });

  it('refuses a named file that is not executable, naming the variable', async () => {
    await expect(resolveTool(cached, 'TOOL_PATH', { explicitPath: join(root, 'plain'), cacheDir: root })).rejects.toThrow(
      `TOOL_PATH=${join(root, 'plain')} is not an executable`,
    );
  });
});
