import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join, normalize } from 'node:path';
import { namedFiles } from '../../dev/doc-paths.ts';

// Files the user guide tells readers to create on their own machines, not files of this repository.
const USER_FILES = new Set(['server.yml', 'docker-compose.override.yml']);

describe('namedFiles', () => {
  it.each([
    ['see `shared/config.ts` and api/app.ts.', false, ['shared/config.ts', 'api/app.ts'], [], []],
    ['written by `chat-writes.ts`', true, [], ['chat-writes.ts'], []],
    ['[running](../operator-guide/running.md#ports) and [site](https://example.com/a.md)', true, [], [], ['../operator-guide/running.md']],
    ['a pattern: `test/**/*.int.test.ts`, `api/routes/<name>.ts`', true, [], [], []],
    ['node_modules/x/shared/y.ts is not ours', false, [], [], []],
    ['in code, `relay.ts` is not a bare name check', false, [], [], []],
  ])('%s', (text, isMarkdown, repoPaths, bareNames, relativeLinks) => {
    expect(namedFiles(text, isMarkdown)).toEqual({ repoPaths, bareNames, relativeLinks });
  });
});

describe('every file a document or comment names exists', () => {
  const root = join(import.meta.dirname, '..', '..');
  const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
  const names = new Set(tracked.map((file) => basename(file)));
  // bench/corpora/ holds other projects' documents and the scripts that extract them: their paths are theirs.
  const sources = tracked.filter(
    (file) => /\.(md|ts)$/.test(file) && !file.startsWith('clients/') && !file.startsWith('bench/corpora/') && existsSync(join(root, file)),
  );

  it('finds none missing', () => {
    const missing: string[] = [];
    for (const file of sources) {
      const named = namedFiles(readFileSync(join(root, file), 'utf8'), file.endsWith('.md'));
      for (const path of named.repoPaths) if (!existsSync(join(root, path))) missing.push(`${file}: ${path}`);
      for (const name of named.bareNames) if (!names.has(name) && !USER_FILES.has(name)) missing.push(`${file}: ${name}`);
      for (const link of named.relativeLinks) {
        if (!existsSync(normalize(join(root, dirname(file), link)))) missing.push(`${file}: link ${link}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
