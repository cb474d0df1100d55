import { z } from 'zod';
import { HELPER_ARCHES, HELPER_OSES } from '../../shared/helper/platforms.ts';
import { ErrorResponse, timestamp } from './common.ts';

export const HelperDownloadQuery = z.object({
  os: z
    .string()
    .trim()
    .min(1)
    .max(20)
    .optional()
    .describe(`One of ${HELPER_OSES.join(', ')}; default: read from User-Agent`),
  arch: z
    .string()
    .trim()
    .min(1)
    .max(20)
    .optional()
    .describe(`One of ${HELPER_ARCHES.join(', ')}; default: read from User-Agent`),
});

const PlatformSchema = z.object({ os: z.enum(HELPER_OSES), arch: z.enum(HELPER_ARCHES) });

export const HelperBuildSchema = z
  .object({
    os: z.enum(HELPER_OSES),
    arch: z.enum(HELPER_ARCHES),
    platform: z.string().describe('`<os>-<arch>`'),
    filename: z.string().describe('`tocsin`, or `tocsin.exe` on Windows'),
    size: z.number().int().describe('Bytes'),
    sha256: z.string().describe('Lowercase hex SHA-256 of the executable, as in X-Checksum-SHA256'),
    built_at: timestamp(),
    download_url: z.string().describe('Path of GET /helper/download for this platform'),
  })
  .meta({
    id: 'HelperBuild',
    example: {
      os: 'linux',
      arch: 'x64',
      platform: 'linux-x64',
      filename: 'tocsin',
      size: 124325056,
      sha256: '9eb27454d2744db5358204d71ca1bee1b48078e7ff60b853adc448d1ed7d1443',
      built_at: '2026-11-23T15:54:00.000Z',
      download_url: '/api/v1/helper/download?os=linux&arch=x64',
    },
  });

export const HelperVersionsResponse = z.object({
  data: z.array(HelperBuildSchema).describe('The platforms built on this instance'),
  meta: z.object({
    total: z.number().int(),
    cli_version: z.string().describe('The tocsin CLI version every build is of'),
    supported: z.array(PlatformSchema).describe('Every platform a build can exist for'),
  }),
});

/** The 422 of a missing or unsupported platform carries the supported ones; a malformed query's does not. */
export const HelperPlatformErrorResponse = ErrorResponse.extend({
  supported: z.array(PlatformSchema).optional().describe('Every platform a build can exist for'),
}).meta({
  id: 'HelperPlatformError',
  description: 'A 422 of GET /helper/download: `supported` lists the platforms when none or an unsupported one was asked for.',
});

export const HelperBinarySchema = z.string().meta({ format: 'binary', description: 'The executable' });
