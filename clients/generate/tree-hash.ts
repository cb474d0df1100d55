import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

/** sha256 over every file's relative path and bytes, in sorted order: one id for a generated tree. */
export async function treeHash(root: string, ignore: (path: string) => boolean = () => false): Promise<string> {
  const files: string[] = [];
  const walk = async (dir: string) => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      const rel = relative(root, path).split(sep).join('/');
      if (ignore(rel)) continue;
      if (entry.isDirectory()) await walk(path);
      else if (entry.isFile()) files.push(rel);
    }
  };
  await walk(root);
  const hash = createHash('sha256');
  for (const rel of files.sort()) {
    hash.update(`${rel}\0`);
    hash.update(await readFile(join(root, rel)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

export const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');
