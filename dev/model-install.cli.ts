import { toolCacheDir } from '../shared/load-config.ts';
import { loadConfig } from '../shared/load-config.ts';
import { LOCAL_MODEL_IDS, type LocalModelId } from '../shared/search/local-models.ts';
import { installLocalModel } from './model-install.ts';

// `npm run model:install [-- <model>…]`: fetches local embedding models (by default the configured
// LOCAL_EMBEDDINGS_MODEL) into the tool cache; prints each one's directory.
const asked = process.argv.slice(2);
const models = asked.length ? asked : [loadConfig().LOCAL_EMBEDDINGS_MODEL];
try {
  for (const model of models) {
    if (!(LOCAL_MODEL_IDS as string[]).includes(model)) throw new Error(`unknown model ${model}; one of ${LOCAL_MODEL_IDS.join(', ')}`);
    const dir = await installLocalModel({
      cacheDir: toolCacheDir(),
      model: model as LocalModelId,
      log: (message) => process.stderr.write(`${message}\n`),
    });
    process.stdout.write(`${dir}\n`);
  }
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
