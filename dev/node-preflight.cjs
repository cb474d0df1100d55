// Runs before any .ts entry point (`npm start`, `npm run api`, `npm run worker`), under whatever
// Node the machine has: older Nodes cannot strip types and fail with an obscure
// ERR_UNKNOWN_FILE_EXTENSION, so this says what is wrong in one line instead. Deliberately plain
// CommonJS with old syntax, so that it parses on any Node version.
'use strict';

var REQUIRED = [22, 18];

/** The one-line problem with this Node version, or null when it can run Tocsin. */
function versionProblem(version) {
  var parts = String(version).replace(/^v/, '').split('.').map(Number);
  var major = parts[0] || 0;
  var minor = parts[1] || 0;
  if (major > REQUIRED[0] || (major === REQUIRED[0] && minor >= REQUIRED[1])) return null;
  return (
    'Tocsin needs Node.js ' +
    REQUIRED.join('.') +
    ' or newer (it runs TypeScript natively), but this is ' +
    version +
    ': install Node 22 (`nvm install` reads .nvmrc; or https://nodejs.org) and run the command again.'
  );
}

module.exports = { versionProblem: versionProblem, REQUIRED: REQUIRED };

if (require.main === module) {
  var problem = versionProblem(process.versions.node);
  if (problem) {
    process.stderr.write(problem + '\n');
    process.exit(1);
  }
}
