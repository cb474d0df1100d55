import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { copyFile, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { build } from 'esbuild';
import { toolCacheDir } from '../../../shared/load-config.ts';
import { HELPER_PLATFORMS, helperPaths, hostPlatform, platformId, type HelperPlatform } from '../../../shared/helper/platforms.ts';
import { installTool } from '../../../dev/tool-cache.ts';
import { HELPER_NODE_VERSION, helperNodeTool } from '../../../dev/helper-node-binaries.ts';

// `npm run helper:build [-- --platform linux-x64,darwin-arm64|host] [--if-outdated]`: the tocsin CLI
// as single-file executables (Node single executable applications), one per platform, each with
// a .sha256 file, into HELPER_DIST_DIR (default .helper-dist/, outside git).
//   1. esbuild bundles clients/cli/main.ts and its dependencies into one CommonJS file;
//   2. Node (the embedded release) turns it into a SEA blob;
//   3. postject injects the blob into a copy of each platform's official node binary.

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const SENTINEL_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';
const log = (message: string) => process.stderr.write(`[helper] ${message}\n`);
const { version: cliVersion } = require('../../../package.json') as { version: string };

export const helperDistDir = (env: Record<string, string | undefined> = process.env) =>
  env.HELPER_DIST_DIR || join(repoRoot, '.helper-dist');

const { values } = parseArgs({ options: { platform: { type: 'string' }, 'if-outdated': { type: 'boolean' } } });

function selectedPlatforms(): HelperPlatform[] {
  if (!values.platform || values.platform === 'all') return [...HELPER_PLATFORMS];
  return values.platform.split(',').map((name) => {
    if (name === 'host') {
      const host = hostPlatform();
      if (!host) throw new Error(`this machine (${process.platform}-${process.arch}) is not a helper platform`);
      return host;
    }
    const platform = HELPER_PLATFORMS.find((candidate) => platformId(candidate) === name);
    if (!platform) throw new Error(`unknown platform ${name}; one of ${HELPER_PLATFORMS.map(platformId).join(', ')}, host or all`);
    return platform;
  });
}

async function fileExists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

async function makeBlob(work: string, cacheDir: string): Promise<Buffer> {
  const bundle = join(work, 'tocsin.cjs');
  await build({
    entryPoints: [join(repoRoot, 'clients', 'cli', 'main.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node22',
    outfile: bundle,
    // ws loads these native speedups only if installed; the bundle runs without them.
    external: ['bufferutil', 'utf-8-validate'],
    define: { TOCSIN_CLI_VERSION: JSON.stringify(cliVersion) },
    // The import.meta branch of clients/cli/version.ts is for source runs; the define skips it.
    logOverride: { 'empty-import-meta': 'silent' },
    logLevel: 'warning',
    legalComments: 'none',
  });
  const config = join(work, 'sea-config.json');
  const blob = join(work, 'sea-prep.blob');
  // No code cache or snapshot: both are specific to the machine that makes them, and one blob
  // serves every platform.
  // Relative paths, run from `work`: the blob records the main script's path as given, and a path
  // naming the build folder would make every build differ.
  await writeFile(
    config,
    JSON.stringify({
      main: 'tocsin.cjs',
      output: 'sea-prep.blob',
      disableExperimentalSEAWarning: true,
      useCodeCache: false,
      useSnapshot: false,
    }),
  );
  // The blob format belongs to the Node release that runs it: made by the embedded release itself.
  const host = hostPlatform();
  const node = host ? await installTool(helperNodeTool(host), { cacheDir, log }) : process.execPath;
  await run(node, ['--experimental-sea-config', config], { cwd: work });
  return readFile(blob);
}

/** Beside the executable's checksum: the SEA blob it was made from, for --if-outdated. */
const blobChecksumPath = (checksum: string) => checksum.replace(/\.sha256$/, '.blob.sha256');

async function buildPlatform(
  platform: HelperPlatform,
  blob: Buffer,
  blobSha256: string,
  work: string,
  cacheDir: string,
  distDir: string,
): Promise<{ sha256: string; size: number }> {
  const node = await installTool(helperNodeTool(platform), { cacheDir, log });
  const staged = join(work, `tocsin-${platformId(platform)}`);
  await copyFile(node, staged);
  const { inject } = require('postject') as {
    inject: (file: string, name: string, data: Buffer, options: Record<string, unknown>) => Promise<void>;
  };
  // LIEF (inside postject) warns about every ELF note section it cannot name, harmlessly; its
  // output goes through the console.warn it finds when the injection starts.
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!String(args[0]).startsWith("warning: Can't find string offset")) warn(...args);
  };
  try {
    await inject(staged, 'NODE_SEA_BLOB', blob, {
      sentinelFuse: SENTINEL_FUSE,
      ...(platform.os === 'darwin' ? { machoSegmentName: 'NODE_SEA' } : {}),
    });
  } finally {
    console.warn = warn;
  }
  const bytes = await readFile(staged);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const { binary, checksum } = helperPaths(distDir, platform);
  await mkdir(dirname(binary), { recursive: true });
  // The checksum file goes first and comes back last: while it is missing the API answers 503
  // for this platform instead of a new binary with the old checksum.
  await rm(checksum, { force: true });
  await rename(staged, `${binary}.part`).catch(async () => copyFile(staged, `${binary}.part`));
  await rename(`${binary}.part`, binary);
  await writeFile(blobChecksumPath(checksum), `${blobSha256}\n`);
  await writeFile(`${checksum}.part`, `${sha256}  ${binary.split(/[\\/]/).pop()}\n`);
  await rename(`${checksum}.part`, checksum);
  return { sha256, size: bytes.length };
}

const started = performance.now();
try {
  const cacheDir = toolCacheDir();
  const distDir = helperDistDir();
  let platforms = selectedPlatforms();
  // Per process: `npm start`'s background build and a test's may run at once.
  const work = join(distDir, `.work-${process.pid}`);
  // Stopped midway (npm start stopping): no 100 MB of staging left behind.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      // A write still in flight can refill the directory while it is removed (ENOTEMPTY): retry,
      // and exit either way rather than end on a stack trace.
      try {
        rmSync(work, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
      } catch {
        // Staging only: nothing reads a .work-<pid> directory of another process.
      }
      process.exit(1);
    });
  }
  await rm(work, { recursive: true, force: true });
  await mkdir(work, { recursive: true });
  const blob = await makeBlob(work, cacheDir);
  // The blob is a pure function of the sources and the Node release: a platform whose executable
  // was made from the same blob is up to date.
  const blobSha256 = createHash('sha256').update(blob).digest('hex');
  if (values['if-outdated']) {
    const current = await Promise.all(
      platforms.map(async (platform) => {
        const { checksum } = helperPaths(distDir, platform);
        return (await fileExists(checksum)) && (await readFile(blobChecksumPath(checksum), 'utf8').catch(() => '')).trim() === blobSha256;
      }),
    );
    platforms = platforms.filter((_platform, index) => !current[index]);
    if (platforms.length === 0) {
      log(`up to date in ${distDir}`);
      await rm(work, { recursive: true, force: true });
      process.exit(0);
    }
  }
  log(`bundled and made the SEA blob (${(blob.length / 1024).toFixed(0)} KiB, Node ${HELPER_NODE_VERSION})`);
  const failures: string[] = [];
  // One at a time: postject holds a whole node binary (about 100 MB) in memory.
  for (const platform of platforms) {
    try {
      const { sha256, size } = await buildPlatform(platform, blob, blobSha256, work, cacheDir, distDir);
      log(`${platformId(platform)}: ${helperPaths(distDir, platform).binary} (${(size / 1024 / 1024).toFixed(1)} MiB, sha256 ${sha256})`);
    } catch (error) {
      failures.push(platformId(platform));
      log(`${platformId(platform)}: failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  await rm(work, { recursive: true, force: true });
  log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s${failures.length ? `; failed: ${failures.join(', ')}` : ''}`);
  process.exit(failures.length ? 1 : 0);
} catch (error) {
  log(`failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
