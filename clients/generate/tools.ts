import { execFile } from 'node:child_process';
import { constants } from 'node:fs';
import { access, mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { goInstall } from '../../dev/go-install.ts';

const run = promisify(execFile);

// Pinned: a generator upgrade changes the committed clients, so it is a deliberate commit.
export const PYTHON_GENERATOR_VERSION = '0.29.1';
export const GO_GENERATOR_VERSION = '2.8.2';
// What the generated Python package imports at run time (the generator brings httpx and attrs).
const PYTHON_RUNTIME_PACKAGES = ['python-dateutil==2.9.0.post0'];

type Log = (message: string) => void;

async function exists(path: string): Promise<boolean> {
  try {
    await access(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * A venv holding openapi-python-client (from PyPI) and the generated client's runtime
 * dependencies, in the tool cache keyed by version; the Python smoke test runs with it too.
 * Built in `<dir>.part` and renamed, so an interrupted install is never taken for a finished one
 * (the venv is used through `bin/python -m`, which does not care where the venv lives).
 */
export async function ensurePythonGenerator(cacheDir: string, log: Log): Promise<{ python: string }> {
  const dir = join(cacheDir, `openapi-python-client-${PYTHON_GENERATOR_VERSION}`);
  const python = join(dir, 'bin', 'python');
  if (await exists(python)) return { python };
  const part = `${dir}.part`;
  await rm(part, { recursive: true, force: true });
  await mkdir(cacheDir, { recursive: true });
  log(`installing openapi-python-client ${PYTHON_GENERATOR_VERSION} into ${dir}`);
  await run(process.env.PYTHON ?? 'python3', ['-m', 'venv', part]);
  await run(
    join(part, 'bin', 'python'),
    [
      '-m',
      'pip',
      'install',
      '--quiet',
      '--disable-pip-version-check',
      `openapi-python-client==${PYTHON_GENERATOR_VERSION}`,
      ...PYTHON_RUNTIME_PACKAGES,
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  await rename(part, dir);
  return { python };
}

/** oapi-codegen v2, `go install`ed from the Go module proxy into the tool cache keyed by version. */
export async function ensureGoGenerator(cacheDir: string, log: Log): Promise<{ oapiCodegen: string }> {
  const dir = join(cacheDir, `oapi-codegen-${GO_GENERATOR_VERSION}`);
  const oapiCodegen = join(dir, 'oapi-codegen');
  if (await exists(oapiCodegen)) return { oapiCodegen };
  log(`installing oapi-codegen v${GO_GENERATOR_VERSION} into ${dir}`);
  return {
    oapiCodegen: await goInstall({
      goPackage: `github.com/oapi-codegen/oapi-codegen/v2/cmd/oapi-codegen@v${GO_GENERATOR_VERSION}`,
      binDir: dir,
      binary: 'oapi-codegen',
    }),
  };
}
