import { toolCacheDir } from '../shared/load-config.ts';

export interface ToolInstallContext {
  cacheDir: string;
  log: (message: string) => void;
}

/**
 * The shape of every `npm run <tool>:install`: progress on stderr and the installed paths on
 * stdout, one per line, so `$(npm run -s …)` captures just them; a failure exits 1 with its reason.
 */
export async function runToolInstall(install: (context: ToolInstallContext) => Promise<string | string[]>): Promise<void> {
  try {
    const paths = await install({ cacheDir: toolCacheDir(), log: (message) => process.stderr.write(`${message}\n`) });
    for (const path of [paths].flat()) process.stdout.write(`${path}\n`);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
