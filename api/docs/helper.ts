// What the OpenAPI document says of each helper operation, by operationId (api/routes/helper.routes.ts).

export const helperDocs = {
  downloadHelper:
    'A single-file executable (no Node.js needed). The platform comes from `os` and `arch`, else from `User-Agent` ' +
    '(the CLI sends `tocsin-cli/<version> (<os>; <arch>)`; a browser on macOS gets x64, which also runs on Apple silicon). ' +
    'Example: `curl -fLo tocsin -H "X-API-Key: $KEY" "$URL/api/v1/helper/download?os=linux&arch=x64"`. ' +
    'Compare `X-Checksum-SHA256` with the file. macOS builds must be signed ad hoc before they run: `codesign --force --sign - ./tocsin`. ' +
    'An unsupported platform is a 422 listing `supported`; a platform not built on this instance is 503 `HELPER_NOT_AVAILABLE`.',
} as const;
