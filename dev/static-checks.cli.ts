// `npm run checks` (the start of `npm test`): typecheck, lint and format check at once. Each is
// one process on about one core, so on two cores they take little more than the longest alone.
import { runSideBySide } from './side-by-side.ts';

const CHECKS = ['typecheck', 'lint', 'format:check'];

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
}
