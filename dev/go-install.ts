import { execFile } from 'node:child_process';
import { constants } from 'node:fs';
import { access, mkdir, rename, rm } from 'node:fs/promises';
import { promisify } from 'node:util';

/**
 * `go install <module>@<version>` into `binDir` (a tool-cache folder keyed by version), the way
 * every Go-built tool gets here: the Go module proxy is the only download. The build goes to
 * `<binDir>.part` first and is renamed into place, so an interrupted build leaves nothing that
 * looks installed. Returns the binary's path; throws with Go's own message when the build fails.
 */
export async function goInstall(options: { goPackage: string; binDir: string; binary: string; go?: string }): Promise<string> {
  const part = `${options.binDir}.part`;
  await rm(part, { recursive: true, force: true });
  await mkdir(part, { recursive: true });
  try {
    await promisify(execFile)(options.go ?? 'go', ['install', options.goPackage], {
      env: { ...process.env, GOBIN: part, GOFLAGS: '-mod=mod' },
      maxBuffer: 64 * 1024 * 1024,
    });
    await access(`${part}/${options.binary}`, constants.X_OK);
  } catch (error) {
    await rm(part, { recursive: true, force: true });
    throw new Error(`go install ${options.goPackage} failed (is Go installed?): ${error instanceof Error ? error.message : String(error)}`);
  }
  await rm(options.binDir, { recursive: true, force: true });
  await rename(part, options.binDir);
  return `${options.binDir}/${options.binary}`;
}
