// Consumer test: what a user meets after `npm install @dexter/...`.
//
// `packAll` packs every publishable package the way `pnpm release` does (`pnpm pack`,
// which rewrites `workspace:*` to the exact version) and checks each tarball: no
// `workspace:` protocol left in its manifest, its packed size within the budget.
// `consumerTest` installs the tarballs with plain npm into a fresh project outside the
// workspace (with the peers a user would add), imports every entry point of every package
// from ESM (`import`) and from CommonJS (`require`) in separate Node processes, and
// type-checks a consumer that imports every entry point under `moduleResolution` node16,
// bundler and node10.
//
// scripts/check-packages.mjs (the test command's package step) runs both on one set of
// tarballs; `node scripts/consumer-test.mjs` runs them alone. Run after `pnpm build`.
// Needs the npm registry for third-party dependencies, as `pnpm install` does.
// `KEEP=1` keeps the temp project and prints where it is.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Packed size budget per package (issue 19): each tarball under 600 kB. */
export const PACKED_SIZE_BUDGET = 600 * 1000;

const root = new URL('..', import.meta.url).pathname;
const pnpm = ['-y', 'pnpm@12.21.0'];
const run = (command, args, options = {}) =>
  execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...options });
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

function publishable() {
  return readdirSync(join(root, 'packages'))
    .sort()
    .map((name) => {
      const dir = join(root, 'packages', name);
      return { dir, manifest: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) };
    })
    .filter(({ manifest }) => manifest.private !== true);
}

/**
 * Packs every publishable package into `destination` with pnpm.
 * @returns {{ tarballs: Record<string, string>, failures: number }}
 */
export function packAll(destination) {
  const started = Date.now();
  const tarballs = {};
  let failures = 0;
  for (const { dir, manifest } of publishable()) {
    const before = new Set(readdirSync(destination));
    try {
      run('npx', [...pnpm, 'pack', '--pack-destination', destination], { cwd: dir });
    } catch (error) {
      failures += 1;
      console.log(`FAIL pack ${manifest.name}\n${error.stdout ?? ''}${error.stderr ?? ''}`);
      continue;
    }
    const file = readdirSync(destination).find((name) => !before.has(name));
    if (file === undefined) {
      failures += 1;
      console.log(`FAIL pack ${manifest.name}: pnpm pack produced no tarball`);
      continue;
    }
    const path = join(destination, file);
    tarballs[manifest.name] = path;
    const size = statSync(path).size;
    const packedManifest = run('tar', ['-xOzf', path, 'package/package.json']);
    const kB = `${(size / 1000).toFixed(1)} kB`;
    if (packedManifest.includes('workspace:')) {
      failures += 1;
      console.log(`FAIL pack ${manifest.name}: the packed manifest still says workspace:`);
    } else if (size > PACKED_SIZE_BUDGET) {
      failures += 1;
      console.log(
        `FAIL pack ${manifest.name}: ${kB} packed, over the ${PACKED_SIZE_BUDGET / 1000} kB budget`,
      );
    } else console.log(`ok   pack ${manifest.name} ${kB}`);
  }
  console.log(`     packed ${Object.keys(tarballs).length} packages in ${seconds(started)}`);
  return { tarballs, failures };
}

/**
 * Installs `tarballs` with npm into a fresh project outside the workspace and imports and
 * type-checks every entry point. Returns the number of failures.
 * @param {Record<string, string>} tarballs package name → tarball path
 */
export function consumerTest(tarballs) {
  const started = Date.now();
  const work = mkdtempSync(join(tmpdir(), 'dexter-consumer-'));
  let failures = 0;
  const fail = (message) => {
    failures += 1;
    console.log(`FAIL consumer ${message}`);
  };
  const packages = publishable().filter(({ manifest }) => tarballs[manifest.name] !== undefined);

  // Peers: each package's peer ranges, at the versions the workspace tests against — except
  // `openai`, left to npm as a user who installs every package leaves it: `@openai/agents`
  // brings `openai` 7, so the peer ranges must accept it (they said ^6: ERESOLVE).
  const peers = {};
  for (const { manifest } of packages) {
    for (const [name, range] of Object.entries(manifest.peerDependencies ?? {})) {
      if (name.startsWith('@dexter/') || name === 'openai') continue;
      peers[name] = manifest.devDependencies?.[name] ?? peers[name] ?? range;
    }
  }
  const rootManifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  writeFileSync(
    join(work, 'package.json'),
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
    run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: work });
    console.log(
      `ok   consumer: npm install of ${Object.keys(tarballs).length} tarballs (${seconds(started)})`,
    );
  } catch (error) {
    fail(`npm install\n${error.stdout ?? ''}${error.stderr ?? ''}`);
    return cleanUp();
  }

  const entries = [];
  for (const { manifest } of packages) {
    for (const subpath of Object.keys(manifest.exports ?? {})) {
      if (subpath === './package.json') continue;
      entries.push(subpath === '.' ? manifest.name : `${manifest.name}/${subpath.slice(2)}`);
    }
  }
  const empty = (entry) => `throw new Error('${entry}: no exports')`;
  for (const [label, file, source] of [
    [
      'ESM import',
      'imports.mjs',
      entries
        .map(
          (entry, i) =>
            `import * as m${i} from '${entry}';\nif (Object.keys(m${i}).length === 0) ${empty(entry)};`,
        )
        .join('\n'),
    ],
    [
      'CommonJS require',
      'requires.cjs',
      entries
        .map((entry) => `if (Object.keys(require('${entry}')).length === 0) ${empty(entry)};`)
        .join('\n'),
    ],
  ]) {
    writeFileSync(join(work, file), `${source}\nconsole.log('${entries.length} entry points');\n`);
    try {
      console.log(`ok   consumer: ${label} of ${run(process.execPath, [file], { cwd: work }).trim()}`);
    } catch (error) {
      fail(`${label}\n${error.stdout ?? ''}${error.stderr ?? ''}`);
    }
  }

  writeFileSync(
    join(work, 'consumer.ts'),
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
      },
      files: ['consumer.ts'],
    };
    writeFileSync(join(work, `tsconfig.${resolution}.json`), JSON.stringify(config, null, 2));
    try {
      run(join(work, 'node_modules', '.bin', 'tsc'), ['-p', `tsconfig.${resolution}.json`], { cwd: work });
      console.log(`ok   consumer: tsc under moduleResolution ${resolution}`);
    } catch (error) {
      fail(`tsc under moduleResolution ${resolution}\n${error.stdout ?? ''}${error.stderr ?? ''}`);
    }
  }
  return cleanUp();

  function cleanUp() {
    if (process.env.KEEP) console.log(`     kept ${work}`);
    else rmSync(work, { recursive: true, force: true });
    console.log(
      `     consumer test ${failures === 0 ? 'passed' : `failed (${failures})`} in ${seconds(started)}`,
    );
    return failures;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const packs = mkdtempSync(join(tmpdir(), 'dexter-packs-'));
  mkdirSync(packs, { recursive: true });
  const packed = packAll(packs);
  const failures = packed.failures + consumerTest(packed.tarballs);
  rmSync(packs, { recursive: true, force: true });
  process.exit(failures === 0 ? 0 : 1);
}
