import packageJson from '../../package.json' with { type: 'json' };

export const CLI_VERSION: string = packageJson.version;

/** `tocsin-cli/0.1.0 (linux; x64)`: GET /helper/download reads the platform from it. */
export const userAgent = () => `tocsin-cli/${CLI_VERSION} (${process.platform === 'win32' ? 'windows' : process.platform}; ${process.arch})`;
