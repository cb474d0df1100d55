import { loadConfig } from '../shared/load-config.ts';
import { LOCAL_MODEL_IDS, type LocalModelId } from '../shared/search/embedding/local-models.ts';
import { installLocalModel } from './model-install.ts';
import { runToolInstall } from './tool-install-cli.ts';

// `npm run model:install [-- <model>…]`: fetches local embedding models (by default the configured
// LOCAL_EMBEDDINGS_MODEL) into the tool cache; prints each one's directory.
const asked = process.argv.slice(2);
await runToolInstall(async (context) => {
  const models = asked.length ? asked : [loadConfig().LOCAL_EMBEDDINGS_MODEL];
  const dirs: string[] = [];
  for (const model of models) {
    if (!(LOCAL_MODEL_IDS as string[]).includes(model)) throw new Error(`unknown model ${model}; one of ${LOCAL_MODEL_IDS.join(', ')}`);
    dirs.push(await installLocalModel({ ...context, model: model as LocalModelId }));
  }
  return dirs;
});
