import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { CliError, EXIT } from './exit-codes.ts';

export interface CliConfig {
  url: string;
  api_key: string;
}

/**
 * Where `tocsin login` saves: TOCSIN_CONFIG_DIR, else the platform's per-user configuration
 * directory (XDG_CONFIG_HOME or ~/.config on Linux, ~/Library/Application Support on macOS,
 * %APPDATA% on Windows), in a `tocsin` folder.
 */
export function configFilePath(env: Record<string, string | undefined>, platform: NodeJS.Platform, home: string): string {
  if (env.TOCSIN_CONFIG_DIR) return join(env.TOCSIN_CONFIG_DIR, 'config.json');
  const base =
    platform === 'win32'
      ? env.APPDATA || join(home, 'AppData', 'Roaming')
      : platform === 'darwin'
        ? join(home, 'Library', 'Application Support')
        : env.XDG_CONFIG_HOME || join(home, '.config');
  return join(base, 'tocsin', 'config.json');
}

export const defaultConfigPath = () => configFilePath(process.env, process.platform, homedir());

/** Written with mode 0600 (and its folder 0700): the file holds an API key. */
export async function saveConfig(path: string, config: CliConfig): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  await writeFile(path, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  // writeFile's mode applies only when it creates the file: tighten one left by an older login.
  await chmod(path, 0o600);
}

export async function removeConfig(path: string): Promise<boolean> {
  try {
    await rm(path);
    return true;
  } catch {
    return false;
  }
}

/** The saved login, with TOCSIN_URL and TOCSIN_API_KEY taking precedence (CI, containers). */
export async function loadConfig(path: string, env: Record<string, string | undefined>): Promise<CliConfig> {
  let saved: Partial<CliConfig> = {};
  try {
    saved = JSON.parse(await readFile(path, 'utf8')) as Partial<CliConfig>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      throw new CliError(EXIT.ERROR, 'CONFIG_UNREADABLE', `cannot read ${path}: ${(error as Error).message}`);
  }
  const url = env.TOCSIN_URL || saved.url;
  const apiKey = env.TOCSIN_API_KEY || saved.api_key;
  if (!url || !apiKey)
    throw new CliError(
      EXIT.AUTH,
      'NOT_LOGGED_IN',
      'not logged in: run `tocsin login --url URL --api-key KEY` (or set TOCSIN_URL and TOCSIN_API_KEY)',
    );
  return { url, api_key: apiKey };
}
