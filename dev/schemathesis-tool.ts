import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { run, type ToolDeclaration } from './tool-cache.ts';

const SCHEMATHESIS_VERSION = '4.32.5';
const PACKAGE = `schemathesis==${SCHEMATHESIS_VERSION}`;

/**
 * `st` runs Schemathesis through the Python beside it, found from its own path: pip's console
 * scripts name the staging folder they were installed in, and the folder is renamed afterwards.
 */
const RELOCATABLE_ST = '#!/bin/sh\nexec "$(dirname "$0")/python" -m schemathesis.cli "$@"\n';
const RELOCATABLE_ST_TARGET =
  '#!/bin/sh\nlib="$(cd "$(dirname "$0")/../lib" && pwd)"\nPYTHONPATH="$lib${PYTHONPATH:+:$PYTHONPATH}" exec python3 -m schemathesis.cli "$@"\n';

/**
 * Schemathesis (the contract suite's fuzzer, `npm run test:contract`) from PyPI: a virtualenv, or,
 * where Python has no venv module (Debian without python3-venv), a pip --target folder.
 */
export const SCHEMATHESIS_TOOL: ToolDeclaration = {
  name: 'schemathesis',
  version: SCHEMATHESIS_VERSION,
  entry: join('bin', 'st'),
  executable: true,
  sources: [
    {
      describe: `PyPI's ${PACKAGE} in a virtualenv`,
      async fetch({ stage, log }) {
        log(`pip install ${PACKAGE}`);
        await run('python3', ['-m', 'venv', stage]);
        await run(join(stage, 'bin', 'python'), ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', PACKAGE], {
          maxBuffer: 16 * 1024 * 1024,
        });
        await writeFile(join(stage, 'bin', 'st'), RELOCATABLE_ST, { mode: 0o755 });
      },
    },
    {
      describe: `PyPI's ${PACKAGE} with pip --target`,
      async fetch({ stage, log }) {
        log(`pip install --target ${PACKAGE}`);
        await run('python3', ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', '--target', join(stage, 'lib'), PACKAGE], {
          maxBuffer: 16 * 1024 * 1024,
        });
        await mkdir(join(stage, 'bin'), { recursive: true });
        await writeFile(join(stage, 'bin', 'st'), RELOCATABLE_ST_TARGET, { mode: 0o755 });
      },
    },
  ],
};
