// `npm run checks` (the start of `npm test`): typecheck, lint and format check at once. Each is
// one process on about one core, so on two cores they take little more than the longest alone.
// A tree every check has passed on (same files, same packages, same Node) is not checked again:
// CI runs them beside Schemathesis and the fault scenarios, and `npm test` after them.
import { fileURLToPath } from 'node:url';
import { runSideBySide } from './side-by-side.ts';
import { checkedTreeKey, checksStampPath, passedBefore, rememberPassed } from './checks-stamp.ts';

const CHECKS = ['typecheck', 'lint', 'format:check'];

const root = fileURLToPath(new URL('..', import.meta.url));
const stamp = checksStampPath(root);
const key = checkedTreeKey(root);
if (passedBefore(stamp, key)) {
  process.stdout.write(`[checks] ${CHECKS.join(', ')}: passed on this same tree before (${stamp}); not run again\n`);
} else {
  const results = await runSideBySide(
    CHECKS.map((script) => ({ name: script, argv: ['npm', 'run', script] as const })),
    ({ name, code, output, seconds }) => {
      process.stdout.write(
        `${output.trimEnd()}\n[checks] ${name}: ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${seconds.toFixed(0)} s\n\n`,
      );
    },
  );
  const failed = results.filter((result) => result.code !== 0).map((result) => result.name);
  if (failed.length) {
    process.stdout.write(`[checks] failed: ${failed.join(', ')}\n`);
    process.exitCode = 1;
  } else if (key !== undefined && checkedTreeKey(root) === key) {
    // Only when nothing was edited while the checks ran: what passed is what the key names.
    rememberPassed(stamp, key);
  }
}
