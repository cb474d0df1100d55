// `npm run lint:deps`: no import cycles (type-only ones included), and dev/ never imports clients/
// (the clients' build tools are declared in dev/ beside the others).
module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
    { name: 'dev-not-clients', severity: 'error', from: { path: '^dev/' }, to: { path: '^clients/' } },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', 'console/dist', 'clients/typescript/dist'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
