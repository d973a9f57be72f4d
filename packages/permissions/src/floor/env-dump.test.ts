/**
 * Environment dumps from the command table (decision 0045): `ps e`, awk's `ENVIRON`, jq's and
 * yq's `env`, a remote `env` (`ssh HOST env`, `docker exec c env`) and compgen's names are
 * entry facts (`printsEnvironment`), each with the benign neighbours it keeps undenied, and a
 * mutation check: the fact dropped from the table (with the entry's examples, which would
 * refuse it at load), the dump is no longer denied.
 */
import { describe, expect, it } from 'vitest';
import type { CommandFact } from '../commands/types';
import { analyzeShell } from '../shell';
import { checkFloor } from './check-floor';
import { floorWithout } from './test-support';

/** The first floor violation among every command of a real parse. */
function floor(source: string) {
  for (const command of analyzeShell(source).commands) {
    const violation = checkFloor(command);
    if (violation) return violation;
  }
  return undefined;
}

describe('environment dumps are denied', () => {
  it.each([
    'ps eww',
    'ps auxe',
    'ps -ef e',
    'ps -auxE',
    'ps -o pid,args e',
    'jq -n env',
    "jq -n '$ENV'",
    'jq -rn env.GITHUB_TOKEN',
    "yq -n 'strenv(GITHUB_TOKEN)'",
    "yq '.a | envsubst' x.yml",
    "yq e 'env' x.yml",
    "awk 'BEGIN{for(k in ENVIRON) print k, ENVIRON[k]}'",
    'docker exec web env',
    'docker exec -it web printenv',
    'docker compose -f c.yml exec web env',
    'docker container exec web env',
    'podman exec c set',
    'kubectl exec pod -- printenv',
    'kubectl -n prod exec -it pod -- env',
    'ssh host env',
    'ssh -p 2222 host printenv',
    'compgen -v | head',
    'echo $(compgen -e)',
    'for v in $(compgen -A export); do echo "${!v}"; done',
  ])('denies %s', (source) => {
    expect(floor(source)?.check).toBe('env-dump');
  });

  it.each([
    'ps aux',
    'ps -ef',
    'ps -e',
    'ps -u alice',
    'ps -C node',
    'ps --sort size',
    'ps -eo pid,comm',
    'ps axjf',
    "jq '$ENV.HOME'",
    'jq --arg env prod .x',
    "jq -r '.env' config.json",
    'awk \'BEGIN{print ENVIRON["HOME"]}\'',
    'docker exec web ls',
    'docker compose exec web ls',
    'kubectl run x --image=y -- env',
    'ssh host uptime',
    'compgen -v',
    'compgen -A variable',
    'compgen -c | head',
  ])('allows %s', (source) => {
    expect(floor(source)).toBeUndefined();
  });
});

/** `entry` named `name` without its `printsEnvironment`. */
function quiet(name: string) {
  return (entry: CommandFact): CommandFact => {
    if (entry.names[0] !== name) return entry;
    const { printsEnvironment: _dropped, ...rest } = entry;
    return rest;
  };
}

describe('mutation checks: each environment fact dropped, the dump is no longer denied', () => {
  it.each<[string, string]>([
    ['ps', 'ps eww'],
    ['ps', 'ps -auxE'],
    ['compgen', 'compgen -v | head'],
    ['awk', "awk 'BEGIN{for(k in ENVIRON) print k}'"],
    ['jq', 'jq -n env'],
    ['yq', "yq '.a | envsubst' x.yml"],
    ['ssh', 'ssh host env'],
  ])('without the printsEnvironment of %s, %s', async (name, source) => {
    expect(floor(source)?.check).toBe('env-dump');
    expect(await floorWithout(quiet(name), source)).toBeUndefined();
  });

  it('without `exec` printing its environment, docker exec web env is no longer denied', async () => {
    const drop = (entry: CommandFact): CommandFact => {
      if (entry.names[0] !== 'docker') return entry;
      const { printsEnvironment: _dropped, ...exec } = entry.subcommands!.exec!;
      return { ...entry, subcommands: { ...entry.subcommands, exec } };
    };
    expect(await floorWithout(drop, 'docker exec web env')).toBeUndefined();
  });

  it("without compgen's `names-only`, compgen -v on its own is denied", async () => {
    const drop = (entry: CommandFact): CommandFact =>
      entry.names[0] !== 'compgen' ? entry : { ...entry, effects: {} };
    expect(floor('compgen -v')).toBeUndefined();
    expect(await floorWithout(drop, 'compgen -v')).toBe('env-dump');
  });
});
