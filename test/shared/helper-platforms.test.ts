import { helperFileName, hostPlatform, platformFromUserAgent } from '../../shared/helper/platforms.ts';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHelperDownloadService } from '../../api/services/helper-download.service.ts';
import type { AppError } from '../../shared/errors.ts';

describe('helper CLI platforms', () => {
  it.each([
    ['tocsin-cli/0.1.0 (linux; x64)', { os: 'linux', arch: 'x64' }],
    ['tocsin-cli/0.1.0 (darwin; arm64)', { os: 'darwin', arch: 'arm64' }],
    ['tocsin-cli/0.1.0 (windows; x64)', { os: 'windows', arch: 'x64' }],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120.0', { os: 'linux', arch: 'x64' }],
    ['Mozilla/5.0 (X11; Linux aarch64; rv:120.0) Gecko/20100101 Firefox/120.0', { os: 'linux', arch: 'arm64' }],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Safari/605.1.15', { os: 'darwin', arch: 'x64' }],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0', { os: 'windows', arch: 'x64' }],
    ['Mozilla/5.0 (X11; Linux) Firefox/120.0', { os: 'linux' }],
    ['curl/8.5.0', {}],
    [undefined, {}],
  ])('User-Agent %j → %j', (userAgent, expected) => {
    expect(platformFromUserAgent(userAgent)).toEqual(expected);
  });

  it.each([
    ['linux', 'x64', { os: 'linux', arch: 'x64' }],
    ['darwin', 'arm64', { os: 'darwin', arch: 'arm64' }],
    ['win32', 'x64', { os: 'windows', arch: 'x64' }],
    ['win32', 'arm64', undefined],
    ['freebsd', 'x64', undefined],
    ['linux', 'ia32', undefined],
  ] as const)('host %s/%s → %j', (platform, arch, expected) => {
    expect(hostPlatform(platform, arch)).toEqual(expected);
  });

  it('Windows gets tocsin.exe', () => {
    expect([helperFileName({ os: 'windows', arch: 'x64' }), helperFileName({ os: 'linux', arch: 'arm64' })]).toEqual([
      'tocsin.exe',
      'tocsin',
    ]);
  });

  describe('resolvePlatform', () => {
    const service = createHelperDownloadService({ distDir: '/nonexistent', cliVersion: '0.0.0' });
    const failure = (query: { os?: string; arch?: string }, userAgent?: string) => {
      try {
        service.resolvePlatform(query, userAgent);
      } catch (error) {
        return error as AppError;
      }
      throw new Error('resolved');
    };

    it('takes the query over the User-Agent', () => {
      expect(service.resolvePlatform({ os: 'darwin', arch: 'arm64' }, 'tocsin-cli/0.1.0 (linux; x64)')).toEqual({
        os: 'darwin',
        arch: 'arm64',
      });
      expect(service.resolvePlatform({ arch: 'arm64' }, 'tocsin-cli/0.1.0 (linux; x64)')).toEqual({ os: 'linux', arch: 'arm64' });
    });

    it.each([
      [{ os: 'windows', arch: 'arm64' }, undefined, 'Unsupported platform windows-arm64'],
      [{ os: 'solaris', arch: 'x64' }, undefined, 'Unsupported platform solaris-x64'],
      [{}, 'curl/8.5.0', 'Give os and arch'],
    ])('%j with User-Agent %j is a 422 listing the supported platforms', (query, userAgent, detail) => {
      const error = failure(query, userAgent);
      expect({ code: error.code, status: error.status }).toEqual({ code: 'VALIDATION_ERROR', status: 422 });
      expect(error.message).toContain(detail);
      expect(error.message).toContain('linux-x64, linux-arm64, darwin-x64, darwin-arm64, windows-x64');
      expect(error.fields.supported).toHaveLength(5);
    });
  });

  describe('builds on disk', () => {
    let dist: string;
    beforeAll(async () => {
      dist = await mkdtemp(join(tmpdir(), 'helper-dist-'));
      await mkdir(join(dist, 'linux-x64'));
      await writeFile(join(dist, 'linux-x64', 'tocsin'), 'binary');
      await writeFile(join(dist, 'linux-x64', 'tocsin.sha256'), `${'a'.repeat(64)}  tocsin\n`);
      // A binary whose checksum file is not written yet (a build in progress) is not served.
      await mkdir(join(dist, 'darwin-arm64'));
      await writeFile(join(dist, 'darwin-arm64', 'tocsin'), 'half');
    });
    afterAll(() => rm(dist, { recursive: true, force: true }));

    it('lists only complete builds, with size and checksum', async () => {
      const builds = await createHelperDownloadService({ distDir: dist, cliVersion: '1.2.3' }).versions();
      expect(
        builds.map(({ platform, size, sha256, filename, download_url }) => ({ platform, size, sha256, filename, download_url })),
      ).toEqual([
        {
          platform: 'linux-x64',
          size: 6,
          sha256: 'a'.repeat(64),
          filename: 'tocsin',
          download_url: '/api/v1/helper/download?os=linux&arch=x64',
        },
      ]);
    });

    it.each([[{ os: 'darwin', arch: 'arm64' }], [{ os: 'windows', arch: 'x64' }]] as const)(
      '%j not built is 503 HELPER_NOT_AVAILABLE',
      async (platform) => {
        const error = await createHelperDownloadService({ distDir: dist, cliVersion: '1.2.3' })
          .open(platform)
          .then(
            () => undefined,
            (caught: AppError) => caught,
          );
        expect({ code: error?.code, status: error?.status }).toEqual({ code: 'HELPER_NOT_AVAILABLE', status: 503 });
      },
    );

    it('opens a built one as a stream of its bytes', async () => {
      const { build, stream } = await createHelperDownloadService({ distDir: dist, cliVersion: '1.2.3' }).open({
        os: 'linux',
        arch: 'x64',
      });
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      expect({ sha256: build.sha256, body: Buffer.concat(chunks).toString() }).toEqual({ sha256: 'a'.repeat(64), body: 'binary' });
    });
  });
});
