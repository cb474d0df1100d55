import { HELPER_PLATFORMS } from '../../shared/helper/platforms.ts';
import { ErrorResponse } from '../schemas/common.ts';
import { HelperBinarySchema, HelperDownloadQuery, HelperPlatformErrorResponse, HelperVersionsResponse } from '../schemas/helper.schemas.ts';
import type { HelperDownloadService } from '../services/helper-download.service.ts';
import { defineRoute } from './route.ts';
import { helperDocs } from '../docs/helper.ts';

export function helperRoutes(helper: HelperDownloadService) {
  return [
    defineRoute({
      method: 'get',
      path: '/helper/download',
      operationId: 'downloadHelper',
      summary: 'Download the tocsin CLI executable for a platform',
      description: helperDocs.downloadHelper,
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
