// `npm run docs:config`: writes the configuration reference from the config schema.
import { writeFileSync } from 'node:fs';
import { CONFIG_REFERENCE_PATH, renderConfigReference } from './config-reference.ts';

writeFileSync(CONFIG_REFERENCE_PATH, renderConfigReference());
console.log(`wrote ${CONFIG_REFERENCE_PATH}`);
