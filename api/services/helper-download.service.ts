import { createReadStream, type ReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { AppError } from '../../shared/errors.ts';
import {
  HELPER_PLATFORMS,
  helperFileName,
  helperPaths,
  isSupported,
  platformFromUserAgent,
  platformId,
  type HelperPlatform,
} from '../../shared/helper/platforms.ts';

export interface HelperBuild {
  os: HelperPlatform['os'];
  arch: HelperPlatform['arch'];
  platform: string;
  filename: string;
  size: number;
  sha256: string;
  built_at: string;
  download_url: string;
}

const SHA256 = /^[0-9a-f]{64}\b/;
const supportedList = () => HELPER_PLATFORMS.map(platformId).join(', ');

/**
 * The helper CLI executables in the distribution directory (npm run helper:build). Read from
 * disk on every request (a few stat calls, no database): a build finishing while the API runs is
 * served at once. A platform counts as built when its `.sha256` file is there; the build writes
 * that file last.
 */
export function createHelperDownloadService(deps: { distDir: string; cliVersion: string }) {
  async function build(platform: HelperPlatform): Promise<HelperBuild | undefined> {
    const { binary, checksum } = helperPaths(deps.distDir, platform);
    try {
      const [sum, info] = await Promise.all([readFile(checksum, 'utf8'), stat(binary)]);
      const sha256 = SHA256.exec(sum.trim())?.[0];
      if (!sha256 || !info.isFile()) return undefined;
      return {
        ...platform,
        platform: platformId(platform),
        filename: helperFileName(platform),
        size: info.size,
        sha256,
        built_at: info.mtime.toISOString(),
        download_url: `/api/v1/helper/download?os=${platform.os}&arch=${platform.arch}`,
      };
    } catch {
      return undefined;
    }
  }

  return {
    cliVersion: deps.cliVersion,

    async versions(): Promise<HelperBuild[]> {
      return (await Promise.all(HELPER_PLATFORMS.map(build))).filter((found): found is HelperBuild => found !== undefined);
    },

    /** The platform asked for (query first, then User-Agent), or a 422 naming the supported ones. */
    resolvePlatform(query: { os?: string; arch?: string }, userAgent: string | undefined): HelperPlatform {
      const fromAgent = platformFromUserAgent(userAgent);
      const requested = { os: query.os?.toLowerCase() ?? fromAgent.os, arch: query.arch?.toLowerCase() ?? fromAgent.arch };
      const candidate = requested as HelperPlatform;
      if (requested.os && requested.arch && isSupported(candidate)) return candidate;
      const detail =
        requested.os && requested.arch
          ? `Unsupported platform ${requested.os}-${requested.arch}; supported: ${supportedList()}`
          : `Give os and arch (or a User-Agent naming them); supported: ${supportedList()}`;
      const errors = [
        ...(requested.os ? [] : [{ path: 'os', message: 'Required: not given and not found in User-Agent' }]),
        ...(requested.arch ? [] : [{ path: 'arch', message: 'Required: not given and not found in User-Agent' }]),
        ...(requested.os && requested.arch
          ? [{ path: 'os', message: `${requested.os}-${requested.arch} is not built; supported: ${supportedList()}` }]
          : []),
      ];
      throw new AppError('VALIDATION_ERROR', detail, { fields: { errors, supported: HELPER_PLATFORMS } });
    },

    async open(platform: HelperPlatform): Promise<{ build: HelperBuild; stream: ReadStream }> {
      const found = await build(platform);
      if (!found) {
        throw new AppError(
          'HELPER_NOT_AVAILABLE',
          `The tocsin CLI for ${platformId(platform)} is not built on this instance (npm run helper:build)`,
        );
      }
      return { build: found, stream: createReadStream(helperPaths(deps.distDir, platform).binary) };
    },
  };
}

export type HelperDownloadService = ReturnType<typeof createHelperDownloadService>;
