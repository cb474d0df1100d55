// The registry mirror CI uses does not serve every platform build of packages such as @swc/core,
// so `npm install` here leaves those optional entries out of package-lock.json and `npm ci` then
// refuses the lock (on every machine, online ones included). This adds the missing entries with
// their os/cpu/libc, which npm reads to skip them on other platforms. Run after `npm install`.
import { readFileSync, writeFileSync } from 'node:fs';

const OS = ['darwin', 'win32', 'linux', 'android', 'freebsd', 'openharmony', 'sunos', 'aix', 'netbsd', 'openbsd'];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 's390x', 'loong64', 'riscv64', 'mips64el', 'wasm32'];

type Entry = {
  version?: string;
  optional?: boolean;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  optionalDependencies?: Record<string, string>;
};

const path = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(path, 'utf8')) as { packages: Record<string, Entry> };
let added = 0;
for (const [location, entry] of Object.entries(lock.packages)) {
  for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${location ? `${location}/` : ''}node_modules/${name}`;
    if (lock.packages[nested] || lock.packages[`node_modules/${name}`]) continue;
    if (!/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(spec)) {
      process.stderr.write(`skipped ${name}@${spec}: not an exact version\n`);
      continue;
    }
    const tokens = name.slice(name.lastIndexOf('/') + 1).split('-');
    const os = tokens.filter((token) => OS.includes(token));
    const cpu = tokens.filter((token) => CPU.includes(token));
    const libc = tokens.some((token) => token.startsWith('musl'))
      ? ['musl']
      : tokens.includes('gnu') || tokens.some((token) => token.startsWith('gnueabi'))
        ? ['glibc']
        : [];
    lock.packages[`node_modules/${name}`] = {
      version: spec,
      ...(cpu.length ? { cpu } : {}),
      ...(libc.length ? { libc } : {}),
      optional: true,
      ...(os.length ? { os } : {}),
    };
    added += 1;
  }
}
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
process.stdout.write(`package-lock.json: added ${added} optional platform entries\n`);
