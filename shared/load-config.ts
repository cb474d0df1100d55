import { ConfigError, parseConfig, type Config } from './config.ts';

/** Reads the process environment once at start; on a bad one prints every problem and exits. */
export function loadConfig(): Config {
  try {
    return parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}
