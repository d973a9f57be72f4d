// `pnpm bench`: runs every benchmark file (packages/*/bench/*.bench.ts, bench/*.bench.ts)
// one after another — never in parallel, so one does not skew another on a 2-core box.
// Each file prints its own side-by-side table with ratios.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const filter = process.argv[2];
const files = [];
const dirs = [
  join(root, 'bench'),
  ...readdirSync(join(root, 'packages')).map((p) => join(root, 'packages', p, 'bench')),
];
for (const dir of dirs) {
  if (!existsSync(dir)) continue;
  for (const file of readdirSync(dir).sort()) if (file.endsWith('.bench.ts')) files.push(join(dir, file));
}
let failed = 0;
for (const file of files) {
  if (filter && !file.includes(filter)) continue;
  console.log(`\n=== ${relative(root, file)} ===`);
  const result = spawnSync(
    process.execPath,
    ['--conditions=@dexter/source', '--expose-gc', '--import', 'tsx', file],
    { cwd: root, stdio: 'inherit' },
  );
  if (result.status !== 0) failed += 1;
}
process.exit(failed === 0 ? 0 : 1);
