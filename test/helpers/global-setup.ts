import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleWorkflows } from '../../worker/worker.ts';
import { createTemplateDatabase, TEMPLATE_DATABASE_ENV } from './test-database.ts';
import { startTestServices } from './test-services.ts';
import { SHARED_WORKFLOW_BUNDLE_ENV } from './shared-workflow-bundle.ts';

/**
 * Jest global setup of the integration project: the real servers every test file shares, a migrated
 * database to copy, and the workflow code bundled once for every test worker (a webpack build per
 * worker start otherwise).
 */
export default async function globalSetup(): Promise<void> {
  const verbose = process.env.TOCSIN_TEST_VERBOSE === '1';
  const bundleDir = await mkdtemp(join(tmpdir(), 'tocsin-bundle-'));
  const [stop] = await Promise.all([
    startTestServices((message) => {
      if (verbose) process.stderr.write(`${message}\n`);
    }).then(async (stopServices) => {
      process.env[TEMPLATE_DATABASE_ENV] = await createTemplateDatabase().catch(async (error: unknown) => {
        await stopServices();
        throw error;
      });
      return stopServices;
    }),
    bundleWorkflows().then(async (bundle) => {
      const codePath = join(bundleDir, 'workflows.js');
      if (!('code' in bundle)) throw new Error('expected the workflow code itself');
      await writeFile(codePath, bundle.code);
      process.env[SHARED_WORKFLOW_BUNDLE_ENV] = codePath;
    }),
  ]);
  (globalThis as { __tocsinStopTestServices?: () => Promise<void> }).__tocsinStopTestServices = async () => {
    await stop();
    await rm(bundleDir, { recursive: true, force: true });
  };
}
