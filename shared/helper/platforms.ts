import { join } from 'node:path';

// The platforms the `tocsin` helper CLI is built for (npm run helper:build) and served on
// (GET /helper/download), and where each executable lives in the distribution directory:
// `<HELPER_DIST_DIR>/<os>-<arch>/tocsin[.exe]` beside `tocsin[.exe].sha256`.

export const HELPER_OSES = ['linux', 'darwin', 'windows'] as const;
export const HELPER_ARCHES = ['x64', 'arm64'] as const;
export type HelperOs = (typeof HELPER_OSES)[number];
export type HelperArch = (typeof HELPER_ARCHES)[number];

export interface HelperPlatform {
  os: HelperOs;
  arch: HelperArch;
}

export const HELPER_PLATFORMS: readonly HelperPlatform[] = [
  { os: 'linux', arch: 'x64' },
  { os: 'linux', arch: 'arm64' },
  { os: 'darwin', arch: 'x64' },
  { os: 'darwin', arch: 'arm64' },
  { os: 'windows', arch: 'x64' },
];

export const platformId = (platform: HelperPlatform) => `${platform.os}-${platform.arch}`;

export const isSupported = (platform: HelperPlatform) =>
  HELPER_PLATFORMS.some((supported) => supported.os === platform.os && supported.arch === platform.arch);

/** `tocsin`, or `tocsin.exe` on Windows: the name the download is saved under. */
export const helperFileName = (platform: HelperPlatform) => (platform.os === 'windows' ? 'tocsin.exe' : 'tocsin');

export function helperPaths(distDir: string, platform: HelperPlatform) {
  const binary = join(distDir, platformId(platform), helperFileName(platform));
  return { binary, checksum: `${binary}.sha256` };
}

/** The helper platform of the running Node process, when it is one that is built. */
export function hostPlatform(platform: NodeJS.Platform = process.platform, arch: string = process.arch): HelperPlatform | undefined {
  const os = platform === 'win32' ? 'windows' : platform === 'linux' || platform === 'darwin' ? platform : undefined;
  const candidate = os && (arch === 'x64' || arch === 'arm64') ? ({ os, arch } as HelperPlatform) : undefined;
  return candidate && isSupported(candidate) ? candidate : undefined;
}

/**
 * The platform a User-Agent names, or undefined. The tocsin CLI sends `tocsin-cli/<v> (<os>;
 * <arch>)`; curl and wget name none. Browsers on macOS say "Intel Mac OS X" even on Apple silicon,
 * so a Mac without an explicit arm64 gets x64, which also runs there (Rosetta).
 */
export function platformFromUserAgent(userAgent: string | undefined): Partial<HelperPlatform> {
  if (!userAgent) return {};
  const ua = userAgent.toLowerCase();
  const tocsin = /tocsin-cli\/\S+ \((linux|darwin|windows|win32); (x64|arm64)\)/.exec(ua);
  if (tocsin) return { os: tocsin[1] === 'win32' ? 'windows' : (tocsin[1] as HelperOs), arch: tocsin[2] as HelperArch };
  const os: HelperOs | undefined = ua.includes('windows')
    ? 'windows'
    : ua.includes('mac os x') || ua.includes('macintosh') || ua.includes('darwin')
      ? 'darwin'
      : ua.includes('linux')
        ? 'linux'
        : undefined;
  if (!os) return {};
  const arm = /\b(?:aarch64|arm64|armv8)\b/.test(ua);
  const x64 = /\b(?:x86_64|x64|amd64|win64|wow64|intel)\b/.test(ua);
  return { os, ...(arm ? { arch: 'arm64' } : x64 || os === 'darwin' || os === 'windows' ? { arch: 'x64' } : {}) };
}
