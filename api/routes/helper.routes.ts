import { HELPER_PLATFORMS } from '../../shared/helper/platforms.ts';
import { ErrorResponse } from '../schemas/common.ts';
import { HelperBinarySchema, HelperDownloadQuery, HelperPlatformErrorResponse, HelperVersionsResponse } from '../schemas/helper.schemas.ts';
import type { HelperDownloadService } from '../services/helper-download.service.ts';
import { defineRoute } from './route.ts';

export function helperRoutes(helper: HelperDownloadService) {
  return [
    defineRoute({
      method: 'get',
      path: '/helper/download',
      operationId: 'downloadHelper',
      summary: 'Download the tocsin CLI executable for a platform',
      description:
        'A single-file executable (no Node.js needed). The platform comes from `os` and `arch`, else from `User-Agent` ' +
        '(the CLI sends `tocsin-cli/<version> (<os>; <arch>)`; a browser on macOS gets x64, which also runs on Apple silicon). ' +
        'Example: `curl -fLo tocsin -H "X-API-Key: $KEY" "$URL/api/v1/helper/download?os=linux&arch=x64"`. ' +
        'Compare `X-Checksum-SHA256` with the file. macOS builds must be signed ad hoc before they run: `codesign --force --sign - ./tocsin`. ' +
        'An unsupported platform is a 422 listing `supported`; a platform not built on this instance is 503 `HELPER_NOT_AVAILABLE`.',
      tags: ['helper'],
      access: 'authenticated',
      request: { query: HelperDownloadQuery },
      responses: {
        200: {
          description:
            'The executable, with `Content-Disposition: attachment; filename="tocsin"` (`tocsin.exe` on Windows) and `X-Checksum-SHA256`',
          schema: HelperBinarySchema,
          contentType: 'application/octet-stream',
        },
        422: {
          description: 'No platform given or found in User-Agent, or an unsupported one (VALIDATION_ERROR, with `supported`)',
          schema: HelperPlatformErrorResponse,
        },
        503: { description: 'Not built on this instance (HELPER_NOT_AVAILABLE)', schema: ErrorResponse },
      },
      handler: async ({ query }, ctx) => {
        const platform = helper.resolvePlatform(query, ctx.get('User-Agent') || undefined);
        const { build, stream } = await helper.open(platform);
        return {
          headers: {
            'Content-Type': 'application/octet-stream',
            'Content-Disposition': `attachment; filename="${build.filename}"`,
            'Content-Length': String(build.size),
            'X-Checksum-SHA256': build.sha256,
            'Cache-Control': 'no-store',
          },
          body: stream,
        };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/helper/versions',
      operationId: 'listHelperVersions',
      summary: 'The tocsin CLI builds this instance serves, with their checksums',
      tags: ['helper'],
      access: 'authenticated',
      responses: { 200: { description: 'Built platforms (possibly none)', schema: HelperVersionsResponse } },
      handler: async () => {
        const builds = await helper.versions();
        return { body: { data: builds, meta: { total: builds.length, cli_version: helper.cliVersion, supported: HELPER_PLATFORMS } } };
      },
    }),
  ];
}
