import { mkdir } from 'node:fs/promises';
import { run, type ToolDeclaration, type ToolSource } from './tool-cache.ts';

/**
 * `go install <module>@<version>` as a tool source: the Go module proxy is the only download, and
 * the binary lands in the staging folder (GOBIN). Go's own message says why a build failed.
 */
export function goBuild(options: { goPackage: string; go?: string }): ToolSource {
  return {
    describe: `go install ${options.goPackage}`,
    async fetch({ stage, log }) {
      await mkdir(stage, { recursive: true });
      log(`building ${options.goPackage} with Go into the tool cache (a first build takes a few minutes)`);
      try {
        await run(options.go ?? 'go', ['install', options.goPackage], {
          env: { ...process.env, GOBIN: stage, GOFLAGS: '-mod=mod' },
          maxBuffer: 64 * 1024 * 1024,
        });
      } catch (error) {
        const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
        throw new Error(missing ? 'Go is not installed' : error instanceof Error ? error.message : String(error));
      }
    },
  };
}

/**
 * A tool that is one binary `go install`ed from `module` at `version`: the version both keys its
 * folder in the tool cache and picks what is built, so the two cannot disagree.
 */
export const goTool = (options: { name: string; version: string; module: string }): ToolDeclaration => ({
  name: options.name,
  version: options.version,
  entry: options.name,
  executable: true,
  sources: [goBuild({ goPackage: `${options.module}@v${options.version}` })],
});
