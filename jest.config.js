// Jest runs the TypeScript sources as native ES modules (the code base is "type": "module"),
// transpiled by SWC; Node's own type stripping runs the same files outside tests.
const common = {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: { parser: { syntax: 'typescript' }, target: 'es2024' },
        module: { type: 'es6' },
      },
    ],
  },
  rootDir: '.',
};

/** Fault scenarios whose assertions bound a delay (paging's p99 beside hanging calendars, an escalation's lateness after a fault). */
const TIMED_FAULTS = '(tenant-isolation|escalation)\\.faults\\.ts$';

/** TOCSIN_FAULTS=side-by-side: every scenario but the timed ones; alone: only those; anything else: all. */
const faultsIgnored = (selection) =>
  ['/node_modules/'].concat(
    selection === 'side-by-side' ? [`/test/faults/${TIMED_FAULTS}`] : selection === 'alone' ? [`/test/faults/(?!${TIMED_FAULTS})`] : [],
  );

export default {
  // Test files run in a worker process that is replaced once it holds more than this after a file:
  // the integration files each leave some memory behind (Temporal workers, ORM metadata, bundles),
  // and run in band (the default on two cores) the whole suite outgrew Node's 4 GB heap. Setting a
  // limit also keeps Jest from running in band.
  workerIdleMemoryLimit: '1536MB',
  // `npm test` runs two files at once (`--maxWorkers=2`), about ten minutes less than one at a time on
  // two cores: no assertion rides on a timer's margin or on the machine being idle. Three at once
  // fill the cores (98 % busy against 88 %) but finish no sooner: 1,461 s against 1,445 s with two on
  // 2 vCPUs of an AMD EPYC.
  reporters: ['default', '<rootDir>/test/helpers/summary-reporter.js'],
  testSequencer: '<rootDir>/test/helpers/test-sequencer.ts',
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/test/**/*.test.ts'],
      testPathIgnorePatterns: ['\\.int\\.test\\.ts$', '/node_modules/'],
    },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/test/**/*.int.test.ts'],
      globalSetup: '<rootDir>/test/helpers/global-setup.ts',
      globalTeardown: '<rootDir>/test/helpers/global-teardown.ts',
      setupFilesAfterEnv: ['<rootDir>/test/helpers/integration-setup.ts'],
    },
    // Fault injection (`npm run test:faults`): its own servers, killed and restarted; never part of
    // the default run, so the project exists only when that script asks for it. Each scenario's
    // stack is its own (free ports, its own directories), and the scenarios mostly wait for a fault
    // to pass (the cores are idle half the time), so they run two at a time; the scenarios that
    // measure a delay against a bound run alone afterwards (TOCSIN_FAULTS=alone), on a quiet machine.
    ...(process.env.TOCSIN_FAULTS
      ? [
          {
            ...common,
            displayName: 'faults',
            testMatch: ['<rootDir>/test/faults/**/*.faults.ts'],
            testPathIgnorePatterns: faultsIgnored(process.env.TOCSIN_FAULTS),
          },
        ]
      : []),
  ],
};
