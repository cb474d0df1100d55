import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile, mkdir, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkedTreeKey, checksStampPath, passedBefore, rememberPassed } from '../../dev/checks-stamp.ts';

describe('the checks stamp', () => {
  let root: string;
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, stdio: 'ignore' });

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'checks-stamp-'));
    git('init', '--quiet');
    await writeFile(join(root, '.gitignore'), 'node_modules\nbuilt/\n');
    await writeFile(join(root, 'a.ts'), 'export const a = 1;\n');
    await mkdir(join(root, 'node_modules'));
    await writeFile(join(root, 'node_modules/.package-lock.json'), '{"packages":{}}');
    git('add', '.');
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  const edits: Array<[string, () => Promise<void>]> = [
    ['a tracked file edited', () => writeFile(join(root, 'a.ts'), 'export const a = 2;\n')],
    ['an untracked file added', () => writeFile(join(root, 'b.ts'), 'export const b = 1;\n')],
    ['a tracked file deleted', () => unlink(join(root, 'a.ts'))],
    [
      'a file renamed, same content',
      async () => {
        git('mv', 'a.ts', 'c.ts');
      },
    ],
    ['other packages installed', () => writeFile(join(root, 'node_modules/.package-lock.json'), '{"packages":{"x":{}}}')],
  ];
  it.each(edits)('names another tree once %s', async (_name, edit) => {
    const before = checkedTreeKey(root);
    await edit();
    expect(checkedTreeKey(root)).not.toBe(before);
  });

  it('names the same tree again when only ignored files change', async () => {
    const before = checkedTreeKey(root);
    await mkdir(join(root, 'built'));
    await writeFile(join(root, 'built/out.js'), 'x');
    await writeFile(join(root, 'node_modules/other.js'), 'x');
    expect(checkedTreeKey(root)).toBe(before);
  });

  it('remembers nothing outside a git work tree', async () => {
    const plain = await mkdtemp(join(tmpdir(), 'checks-stamp-plain-'));
    try {
      expect(checkedTreeKey(plain)).toBeUndefined();
      rememberPassed(checksStampPath(plain), undefined);
      expect(passedBefore(checksStampPath(plain), undefined)).toBe(false);
    } finally {
      await rm(plain, { recursive: true, force: true });
    }
  });

  it('answers "passed before" for the key it kept and no other', async () => {
    const stamp = checksStampPath(root);
    const key = checkedTreeKey(root);
    expect(passedBefore(stamp, key)).toBe(false);
    rememberPassed(stamp, key);
    expect(passedBefore(stamp, key)).toBe(true);
    await writeFile(join(root, 'a.ts'), 'export const a = 3;\n');
    expect(passedBefore(stamp, checkedTreeKey(root))).toBe(false);
  });
});
