import { join } from 'node:path';
import { goTool } from './go-install.ts';
import { run, type ToolDeclaration } from './tool-cache.ts';

// Pinned: a generator upgrade changes the committed clients, so it is a deliberate commit.
export const PYTHON_GENERATOR_VERSION = '0.29.1';
export const GO_GENERATOR_VERSION = '2.8.2';
// What the generated Python package imports at run time (the generator brings httpx and attrs).
const PYTHON_RUNTIME_PACKAGES = ['python-dateutil==2.9.0.post0'];
const PYTHON_GENERATOR_PACKAGE = `openapi-python-client==${PYTHON_GENERATOR_VERSION}`;

/**
 * A venv holding openapi-python-client (from PyPI) and the generated client's runtime
 * dependencies; the Python smoke test runs with it too. The venv is used through `bin/python -m`,
 * which does not care that it was built in the staging folder and renamed.
 */
export const PYTHON_GENERATOR_TOOL: ToolDeclaration = {
  name: 'openapi-python-client',
  version: PYTHON_GENERATOR_VERSION,
  entry: join('bin', 'python'),
  requires: [join('bin', 'openapi-python-client'), join('bin', 'ruff')],
  executable: true,
  sources: [
    {
      describe: `PyPI's ${PYTHON_GENERATOR_PACKAGE} in a virtualenv`,
      async fetch({ stage, log }) {
        log(`pip install ${PYTHON_GENERATOR_PACKAGE}`);
        await run(process.env.PYTHON ?? 'python3', ['-m', 'venv', stage]);
        await run(
          join(stage, 'bin', 'python'),
          ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', PYTHON_GENERATOR_PACKAGE, ...PYTHON_RUNTIME_PACKAGES],
          { maxBuffer: 16 * 1024 * 1024 },
        );
      },
    },
  ],
};

/** oapi-codegen v2, `go install`ed from the Go module proxy. */
export const GO_GENERATOR_TOOL = goTool({
  name: 'oapi-codegen',
  version: GO_GENERATOR_VERSION,
  module: 'github.com/oapi-codegen/oapi-codegen/v2/cmd/oapi-codegen',
});
