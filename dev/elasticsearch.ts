import { execFile } from 'node:child_process';
import { access, chmod, mkdir, readdir, readFile, realpath, rename, stat } from 'node:fs/promises';
import { delimiter, dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { freePort, freePorts } from '../shared/net/free-port.ts';
import { startManagedProcess } from './managed-process.ts';
import { downloadFile, installTool, unzip, type ToolDeclaration } from './tool-cache.ts';
import { ExitedBeforeReadyError, startAgainOnEarlyExit, waitFor } from './wait-for.ts';

export const ELASTICSEARCH_VERSION = '8.19.21';

const run = promisify(execFile);
const ES_USER = 'tocsin-es';
const MAVEN_BASE = 'https://repo.maven.apache.org/maven2/org/elasticsearch/distribution/integ-test-zip/elasticsearch';
const noLog = (): void => {};

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

/** Elasticsearch's integ-test zip from Maven Central, checked against the sha1 published beside it. */
export const elasticsearchTool = (version = ELASTICSEARCH_VERSION): ToolDeclaration => ({
  name: 'elasticsearch',
  version,
  entry: join('bin', 'elasticsearch'),
  sources: [
    {
      describe: `Maven Central's elasticsearch-${version}.zip`,
      async fetch({ stage, work, log }) {
        const zip = join(work, `elasticsearch-${version}.zip`);
        await downloadFile(`${MAVEN_BASE}/${version}/elasticsearch-${version}.zip`, zip, { published: 'sha1' }, log);
        log(`extracting ${zip}`);
        await unzip(zip, join(work, 'unpacked'));
        await rename(join(work, 'unpacked', `elasticsearch-${version}`), stage);
      },
    },
  ],
});

export async function installElasticsearch(options: {
  cacheDir: string;
  version?: string;
  log?: (message: string) => void;
}): Promise<{ home: string }> {
  const launcher = await installTool(elasticsearchTool(options.version), { cacheDir: options.cacheDir, log: options.log ?? noLog });
  return { home: dirname(dirname(launcher)) };
}

/** Where JDKs are installed side by side (Debian's packages, Adoptium's Temurin packages). */
const JVM_DIR = '/usr/lib/jvm';
/** From Java 21 on, Lucene scores float vectors with SIMD and Elasticsearch its quantized ones natively. */
const VECTOR_SIMD_JAVA = 21;

/** The major version a JDK's `release` file names (JAVA_VERSION="25.0.3"), or 0. */
export function javaMajorVersion(release: string): number {
  const version = /^JAVA_VERSION="(\d+)(?:\.(\d+))?/m.exec(release);
  if (!version) return 0;
  // Java 8 and older called themselves 1.x.
  return version[1] === '1' ? Number(version[2] ?? 0) : Number(version[1]);
}

/** The newest JDK of at least `minimum` under `dir`, if any. */
export async function newestJdk(dir: string, minimum: number): Promise<string | undefined> {
  const entries = await readdir(dir).catch(() => [] as string[]);
  const found = await Promise.all(
    entries.map(async (entry) => {
      const home = join(dir, entry);
      const release = await readFile(join(home, 'release'), 'utf8').catch(() => '');
      return { home, major: javaMajorVersion(release), runnable: await exists(join(home, 'bin', 'java')) };
    }),
  );
  return found.filter((jdk) => jdk.runnable && jdk.major >= minimum).sort((a, b) => b.major - a.major || a.home.localeCompare(b.home))[0]
    ?.home;
}

/**
 * The Java Elasticsearch runs on: ES_JAVA_HOME or JAVA_HOME when set; else the newest JDK of 21 or
 * later installed beside the system's (Elasticsearch's own distributions bundle one; the integ-test
 * zip does not, and Java 17 scores vectors without SIMD: docs/decisions/0006-elasticsearch-knn.md);
 * else `java` on PATH.
 */
async function javaHome(): Promise<string> {
  const configured = process.env.ES_JAVA_HOME || process.env.JAVA_HOME;
  if (configured) return configured;
  const newest = await newestJdk(JVM_DIR, VECTOR_SIMD_JAVA);
  if (newest) return newest;
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, 'java');
    if (await exists(candidate)) return dirname(dirname(await realpath(candidate)));
  }
  throw new Error('Elasticsearch needs Java 17 or newer: set JAVA_HOME or put java on PATH');
}

async function esUser(log: (message: string) => void): Promise<{ uid: number; gid: number }> {
  const lookup = async () => {
    const [uid, gid] = await Promise.all([run('id', ['-u', ES_USER]), run('id', ['-g', ES_USER])]);
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  };
  try {
    return await lookup();
  } catch {
    log(`creating system user ${ES_USER}: Elasticsearch refuses to run as root`);
    // A concurrent launcher may create it between our lookup and useradd; the second lookup decides.
    await run('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', ES_USER]).catch(noLog);
    return lookup();
  }
}

/**
 * The ES user needs search permission on every ancestor of its directories, and root's home
 * (where the tool cache lives by default) is usually 0700. Only the execute bit is added, which
 * lets it pass through without listing anything.
 */
async function grantTraversal(target: string, user: { uid: number; gid: number }, log: (message: string) => void) {
  for (let dir = dirname(target); ; dir = dirname(dir)) {
    const info = await stat(dir);
    const bit = info.uid === user.uid ? 0o100 : info.gid === user.gid ? 0o010 : 0o001;
    if ((info.mode & bit) === 0) {
      log(`adding search permission on ${dir} so ${ES_USER} can reach ${target}`);
      await chmod(dir, (info.mode & 0o7777) | bit);
    }
    if (dirname(dir) === dir) return;
  }
}

interface ElasticsearchOptions {
  home: string;
  dataDir: string;
  port?: number;
  heapMb?: number;
  log?: (message: string) => void;
}

/**
 * Starts a single-node Elasticsearch on loopback and waits until it is yellow; one that exits before
 * it serves (a port taken in between) is started again on fresh ports, keeping a port asked for.
 */
export async function startElasticsearch(options: ElasticsearchOptions): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  return startAgainOnEarlyExit('Elasticsearch', () => startElasticsearchOnce(options), options.log);
}

async function startElasticsearchOnce(options: ElasticsearchOptions): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  const log = options.log ?? noLog;
  const home = resolve(options.home);
  const dataDir = resolve(options.dataDir);
  const logsDir = join(dataDir, 'logs');
  const tmpDir = join(dataDir, 'tmp');
  // Otherwise a second ES on the same port would answer our health probe.
  if (options.port !== undefined && (await freePort(options.port)) !== options.port) {
    throw new Error(`Elasticsearch: port ${options.port} is already in use`);
  }
  const [httpPort, transportPort] =
    options.port === undefined ? await freePorts(2) : [options.port, ...(await freePorts(1, [options.port]))];
  await Promise.all([join(dataDir, 'data'), logsDir, tmpDir].map((dir) => mkdir(dir, { recursive: true })));

  let user: { uid: number; gid: number } | undefined;
  if (process.getuid?.() === 0) {
    user = await esUser(log);
    for (const dir of [home, dataDir]) {
      await grantTraversal(dir, user, log);
      await run('chown', ['-R', `${user.uid}:${user.gid}`, dir]);
    }
  }

  const settings = {
    'discovery.type': 'single-node',
    'network.host': '127.0.0.1',
    'http.port': String(httpPort),
    'transport.port': String(transportPort),
    'path.data': join(dataDir, 'data'),
    'path.logs': logsDir,
    'xpack.security.enabled': 'false',
    // The integ-test-zip has no ML module, but x-pack-core still knows the setting.
    'xpack.ml.enabled': 'false',
    'cluster.routing.allocation.disk.threshold_enabled': 'false',
    // ingest.geoip.downloader.enabled is not set: the zip has no ingest-geoip module, and ES
    // rejects settings of modules it does not have.
  };
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ES_JAVA_HOME: await javaHome(),
    ES_JAVA_OPTS: `-Xms${options.heapMb ?? 512}m -Xmx${options.heapMb ?? 512}m`,
    // Keeps JNA's native libraries and the computed JVM options out of a shared /tmp.
    ES_TMPDIR: tmpDir,
  };
  delete env.ES_PATH_CONF;

  const recent: string[] = [];
  const startedAt = Date.now();
  const child = startManagedProcess(
    'elasticsearch',
    join(home, 'bin', 'elasticsearch'),
    Object.entries(settings).map(([key, value]) => `-E${key}=${value}`),
    {
      env,
      // The bundled jvm.options write gc.log and hs_err files relative to the working directory.
      cwd: logsDir,
      ...(user ?? {}),
      onOutput: (line) => {
        recent.push(line);
        if (recent.length > 40) recent.shift();
        if (/\]\[(ERROR|FATAL)\]|^ERROR:|Exception/.test(line)) log(line);
      },
    },
  );

  let stopping: Promise<void> | undefined;
  const stop = () => (stopping ??= child.stop(30_000));
  const url = `http://127.0.0.1:${httpPort}`;
  try {
    await waitFor(
      'Elasticsearch',
      async () => {
        const response = await fetch(`${url}/_cluster/health?wait_for_status=yellow&timeout=1s`, {
          signal: AbortSignal.timeout(5_000),
        });
        await response.body?.cancel();
        return response.status === 200 ? true : undefined;
      },
      { timeoutMs: 120_000, intervalMs: 500, isAlive: () => child.isAlive(), exitReport: () => child.exitReport() },
    );
  } catch (error) {
    await stop();
    const output = recent.length ? `\n--- last Elasticsearch output ---\n${recent.join('\n')}` : '';
    const Failure = error instanceof ExitedBeforeReadyError ? ExitedBeforeReadyError : Error;
    throw new Failure(`${(error as Error).message}${output}`, { cause: error });
  }
  log(`Elasticsearch ${url} ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s (pid ${child.pid})`);
  return { url, pid: child.pid, stop };
}
