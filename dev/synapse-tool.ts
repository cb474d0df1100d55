import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { run, type ToolDeclaration } from './tool-cache.ts';

/** Synapse, the Matrix homeserver the Matrix channel's tests talk to (SQLite, loopback only). */
export const SYNAPSE_VERSION = '1.163.2';
const PACKAGE = `matrix-synapse==${SYNAPSE_VERSION}`;

/**
 * `synapse` runs the homeserver through the venv's Python, found from its own path: pip's console
 * scripts name the staging folder they were installed in, and the folder is renamed afterwards.
 */
const RELOCATABLE_LAUNCHER = '#!/bin/sh\nexec "$(dirname "$0")/python" -m synapse.app.homeserver "$@"\n';

/** matrix-synapse from PyPI in a virtualenv (its Rust part ships as a wheel: no compiler needed). */
export const SYNAPSE_TOOL: ToolDeclaration = {
  name: 'synapse',
  version: SYNAPSE_VERSION,
  entry: join('bin', 'synapse'),
  executable: true,
  sources: [
    {
      describe: `PyPI's ${PACKAGE} in a virtualenv`,
      async fetch({ stage, log }) {
        log(`pip install ${PACKAGE} (a first install takes a few minutes)`);
        await run('python3', ['-m', 'venv', stage]);
        await run(join(stage, 'bin', 'python'), ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', PACKAGE], {
          maxBuffer: 16 * 1024 * 1024,
        });
        await writeFile(join(stage, 'bin', 'synapse'), RELOCATABLE_LAUNCHER, { mode: 0o755 });
      },
    },
  ],
};
