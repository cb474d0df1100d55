import { toolCacheDir } from '../../shared/load-config.ts';
import { ensureGoGenerator, ensurePythonGenerator } from './tools.ts';

// `npm run clients:install`: the Python and Go client generators (and the Python client's
// runtime) into the tool cache; prints where they are.
const log = (message: string) => process.stderr.write(`${message}\n`);
try {
  const [python, go] = await Promise.all([ensurePythonGenerator(toolCacheDir(), log), ensureGoGenerator(toolCacheDir(), log)]);
  process.stdout.write(`${python.python} ${go.oapiCodegen}\n`);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
