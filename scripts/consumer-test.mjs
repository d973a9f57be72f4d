// Consumer test: what a user meets after `npm install @dexter/...`.
//
// 1. Packs every publishable package the way `pnpm release` does (`pnpm pack`, which
//    rewrites `workspace:*` to the exact version), and checks each tarball: no `workspace:`
//    protocol left in its manifest, and its packed size within the budget.
// 2. Installs the tarballs with plain npm into a fresh project outside the workspace (a
//    temp dir), with the peers a user would add.
// 3. Imports every entry point of every package from ESM (`import`) and from CommonJS
//    (`require`), in separate Node processes.
// 4. Type-checks a consumer that imports every entry point under `moduleResolution`
//    node16, bundler and node10.
//
// Run after `pnpm build` (the test command does). Needs the npm registry for the
// third-party dependencies (zod, the optional peers), as `pnpm install` does.
// `KEEP=1` keeps the temp project and prints where it is.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Packed size budget per package (issue 19): each tarball under 600 kB. */
export const PACKED_SIZE_BUDGET = 600 * 1000;

const root = new URL('..', import.meta.url).pathname;
const pnpm = ['-y', 'pnpm@12.21.0'];
const started = Date.now();
const work = mkdtempSync(join(tmpdir(), 'dexter-consumer-'));
const packs = join(work, 'packs');
const app = join(work, 'app');
mkdirSync(packs);
mkdirSync(app);
let failures = 0;
const fail = (message) => {
  failures += 1;
  console.log(`FAIL ${message}`);
};
const run = (command, args, options = {}) =>
  execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...options });

const packages = readdirSync(join(root, 'packages'))
  .sort()
  .map((name) => {
    const dir = join(root, 'packages', name);
    return { dir, manifest: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) };
  })
  .filter(({ manifest }) => manifest.private !== true);

// 1. Pack.
const tarballs = {};
for (const { dir, manifest } of packages) {
  const before = new Set(readdirSync(packs));
  run('npx', [...pnpm, 'pack', '--pack-destination', packs], { cwd: dir });
  const file = readdirSync(packs).find((name) => !before.has(name));
  if (file === undefined) {
    fail(`${manifest.name}: pnpm pack produced no tarball`);
    continue;
  }
  const path = join(packs, file);
  tarballs[manifest.name] = path;
  const size = statSync(path).size;
  const packed = run('tar', ['-xOzf', path, 'package/package.json']);
  if (packed.includes('workspace:')) fail(`${manifest.name}: packed manifest still says workspace:`);
  if (size > PACKED_SIZE_BUDGET) {
    fail(
      `${manifest.name}: ${(size / 1000).toFixed(1)} kB packed, over the ${PACKED_SIZE_BUDGET / 1000} kB budget`,
    );
  } else {
    console.log(`ok   pack ${manifest.name} ${(size / 1000).toFixed(1)} kB`);
  }
}

// 2. Install with plain npm, outside the workspace. Peers: each package's peer ranges,
// with the versions the workspace tests against (its devDependencies) where it has them.
const peers = {};
for (const { manifest } of packages) {
  for (const [name, range] of Object.entries(manifest.peerDependencies ?? {})) {
    if (name.startsWith('@dexter/')) continue;
    peers[name] = manifest.devDependencies?.[name] ?? peers[name] ?? range;
  }
}
const rootManifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
writeFileSync(
  join(app, 'package.json'),
  `${JSON.stringify(
    {
      name: 'dexter-consumer',
      private: true,
      version: '0.0.0',
      dependencies: {
        ...Object.fromEntries(Object.entries(tarballs).map(([name, path]) => [name, `file:${path}`])),
        ...peers,
      },
      devDependencies: {
        typescript: rootManifest.devDependencies.typescript,
        '@types/node': rootManifest.devDependencies['@types/node'],
      },
    },
    null,
    2,
  )}\n`,
);
try {
  run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: app });
  console.log(`ok   npm install of ${Object.keys(tarballs).length} tarballs into ${app}`);
} catch (error) {
  fail(`npm install\n${error.stdout ?? ''}${error.stderr ?? ''}`);
  finish();
}

// 3. Import every entry point from ESM and CommonJS.
const entries = [];
for (const { manifest } of packages) {
  for (const subpath of Object.keys(manifest.exports ?? {})) {
    if (subpath === './package.json') continue;
    entries.push(subpath === '.' ? manifest.name : `${manifest.name}/${subpath.slice(2)}`);
  }
}
for (const [label, file, source] of [
  [
    'ESM',
    'imports.mjs',
    entries
      .map(
        (entry, i) =>
          `import * as m${i} from '${entry}';\nif (Object.keys(m${i}).length === 0) throw new Error('${entry}: no exports');`,
      )
      .join('\n'),
  ],
  [
    'CommonJS',
    'requires.cjs',
    entries
      .map(
        (entry) =>
          `if (Object.keys(require('${entry}')).length === 0) throw new Error('${entry}: no exports');`,
      )
      .join('\n'),
  ],
]) {
  writeFileSync(join(app, file), `${source}\nconsole.log('${entries.length} entry points');\n`);
  try {
    console.log(`ok   ${label} ${run(process.execPath, [file], { cwd: app }).trim()}`);
  } catch (error) {
    fail(`${label} import\n${error.stdout ?? ''}${error.stderr ?? ''}`);
  }
}

// 4. Type-check a consumer under three module resolutions.
writeFileSync(
  join(app, 'consumer.ts'),
  `${entries.map((entry, i) => `import * as m${i} from '${entry}';`).join('\n')}\nexport const all = [${entries
    .map((_, i) => `m${i}`)
    .join(', ')}];\n`,
);
for (const [resolution, module] of [
  ['node16', 'node16'],
  ['bundler', 'esnext'],
  ['node10', 'commonjs'],
]) {
  const config = {
    compilerOptions: {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      target: 'ES2022',
      lib: ['ES2023', 'DOM'],
      module,
      moduleResolution: resolution,
      types: ['node'],
      ...(resolution === 'node10' ? { ignoreDeprecations: '5.0' } : {}),
    },
    files: ['consumer.ts'],
  };
  writeFileSync(join(app, `tsconfig.${resolution}.json`), JSON.stringify(config, null, 2));
  try {
    run(join(app, 'node_modules', '.bin', 'tsc'), ['-p', `tsconfig.${resolution}.json`], { cwd: app });
    console.log(`ok   tsc moduleResolution ${resolution}`);
  } catch (error) {
    fail(`tsc moduleResolution ${resolution}\n${error.stdout ?? ''}${error.stderr ?? ''}`);
  }
}
finish();

function finish() {
  if (process.env.KEEP) console.log(`kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
  console.log(
    `consumer test: ${failures === 0 ? 'passed' : `${failures} failure(s)`} in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  process.exit(failures === 0 ? 0 : 1);
}
