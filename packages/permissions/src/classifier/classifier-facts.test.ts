/**
 * The classifier's last lists keyed by command name are table facts (decision 0059): nohup's
 * `nohup.out` (`writesFiles`), `command -v` (`unwrap.onlyPrintsWith`), the variables that hold
 * options (`optionsEnv`), the words by which zip, rsync and 7z read the names they act on from
 * their input or a list file (`reads-listed`, `listOperands`), npm's and pnpm's option reader
 * (`optionStyle: 'nopt'`) and `git remote show` contacting the remote (`contactsRemote`). Each
 * decides as the list did; dropping the fact from its entry changes the decision (a mutation
 * check), and the entry's example then contradicts it when the table loads.
 */
import { describe, expect, it } from 'vitest';
import { loadCommandTable } from '../commands';
import { ENTRIES } from '../commands/table';
import { changeEntry, withSub, withTableChanged } from '../commands/test-support';
import type { CommandFact } from '../commands/types';
import { evaluateBash } from '../engine/evaluate-bash';
import { compileRuleSet } from '../rules/compile-rule-set';
import { analyzeShell } from '../shell/analyze-shell';
import { classifyCommand } from './classify-command';

const verdict = (source: string) => classifyCommand(analyzeShell(source).commands[0]!);
const decide = (source: string, rules: ReturnType<typeof compileRuleSet>) =>
  evaluateBash(source, rules, { cwd: '/repo' }).behavior;

/** The verdict with the table changed by `change`, every derived set derived again. */
async function changedVerdicts(
  change: (entry: CommandFact) => CommandFact,
  sources: readonly string[],
): Promise<ReturnType<typeof verdict>[]> {
  return withTableChanged(change, async () => {
    const shell = await import('../shell/analyze-shell');
    const classifier = await import('./classify-command');
    return sources.map((source) => classifier.classifyCommand(shell.analyzeShell(source).commands[0]!));
  });
}

/** `entry` changed, its examples kept: `loadCommandTable` must refuse it. */
function refused(name: string, mutate: (entry: CommandFact) => CommandFact): () => void {
  return () =>
    loadCommandTable(ENTRIES.map((entry) => (entry.names[0] === name ? mutate(entry) : entry))).checkAll();
}

describe('the classifier facts of the table', () => {
  it.each([
    ['nohup ls', 'mutating', 'nohup'],
    ['command -v ls', 'read-only', undefined],
    ['command -V ls', 'read-only', undefined],
    ['command -p ls', 'read-only', undefined],
    ['TAR_OPTIONS=--to-command=sh tar -tf a.tar', 'unknown', 'TAR_OPTIONS=--to-command=sh'],
    ['GREP_OPTIONS=-r grep KEY', 'unknown', 'GREP_OPTIONS=-r'],
    ['TAR_OPTIONS=-v ls', 'unknown', 'TAR_OPTIONS=-v'],
    ['zip x.zip -@', 'unknown', '-@'],
    ['zip -r@ x.zip', 'unknown', '-r@'],
    ['zip x.zip --names-stdin', 'unknown', '--names-stdin'],
    ['zip -r x.zip . -x@exclude.lst', 'unknown', '-x@exclude.lst'],
    ['rsync -a --files-from=- . host:dst', 'unknown', '--files-from=-'],
    ['rsync -a --files-from list . host:dst', 'unknown', '--files-from'],
    ['7z a x.7z @list.txt', 'unknown', '@list.txt'],
    ['7z a -ir@list x.7z', 'unknown', '-ir@list'],
    ['7z a -ai@list x.7z', 'unknown', '-ai@list'],
    ['nm @opts a.out', 'unknown', '@opts'],
    ['objdump -d @opts', 'unknown', '@opts'],
    ['nm -C a.out', 'read-only', undefined],
    ['git remote show origin', 'unknown', 'show'],
    ['git remote show -n origin', 'read-only', undefined],
    ['npm test --script-shell=./x', 'mutating', '--script-shell=./x'],
    ['pnpm test --node-options=--require=./x', 'mutating', '--node-options=--require=./x'],
  ])('%s is %s, blaming %s', (source, classification, flag) => {
    const result = verdict(source);
    expect(result.classification).toBe(classification);
    expect(result.flag).toBe(flag);
  });

  it('words that read no list leave the prefix rule to cover them', () => {
    for (const source of [
      'zip -r x.zip dir -x "*.o"',
      '7z a -ir!*.txt x.7z dir',
      'rsync -a --exclude-from=x . h:b',
    ])
      expect(verdict(source).prefixExcluded, source).toBeUndefined();
  });

  it('a prefix rule covers neither the remote nor a list read from the input; one naming the word does', () => {
    const git = compileRuleSet({ allow: ['Bash(git:*)', 'Bash(zip:*)'] });
    const named = compileRuleSet({ allow: ['Bash(git remote show:*)', 'Bash(zip -@:*)'] });
    expect(decide('git remote show origin', git)).toBe('ask');
    expect(decide('git remote show -n origin', git)).toBe('allow');
    expect(decide('git remote show origin', named)).toBe('allow');
    expect(decide('zip -@ x.zip', git)).toBe('ask');
    expect(decide('zip -@ x.zip', named)).toBe('allow');
  });

  describe('mutation: a fact dropped changes the decision, and the entry refuses its examples', () => {
    it('nohup without writesFiles', async () => {
      const drop = (entry: CommandFact) => {
        const { writesFiles: _dropped, ...rest } = entry;
        return rest;
      };
      const [after] = await changedVerdicts(changeEntry('nohup', drop), ['nohup ls']);
      expect(after!.classification).not.toBe('mutating');
      expect(refused('nohup', drop)).toThrow(/nohup make` writes ""/);
    });

    it('command without onlyPrintsWith', async () => {
      const drop = (entry: CommandFact) => {
        const { onlyPrintsWith: _dropped, ...unwrap } = entry.unwrap!;
        return { ...entry, unwrap };
      };
      const [after] = await changedVerdicts(changeEntry('command', drop), ['command -v ls']);
      expect(after!.classification).toBe('unknown');
      expect(refused('command', drop)).toThrow(/command -v rm` does not only print/);
    });

    it('tar and grep without optionsEnv', async () => {
      const drop = (entry: CommandFact) => {
        const { optionsEnv: _dropped, ...rest } = entry;
        return rest;
      };
      const [tar, grep] = await changedVerdicts(changeEntry('tar', drop), [
        'TAR_OPTIONS=--to-command=sh tar -tf a.tar',
        'GREP_OPTIONS=-r grep KEY',
      ]);
      expect(tar!.flag).not.toBe('TAR_OPTIONS=--to-command=sh');
      expect(grep!.flag).toBe('GREP_OPTIONS=-r');
      expect(refused('tar', drop)).toThrow(/TAR_OPTIONS gives no options/);
      expect(refused('grep', drop)).toThrow(/GREP_OPTIONS gives no options/);
    });

    it('nm and objdump without optionFiles', async () => {
      const drop = (entry: CommandFact) => {
        const { optionFiles: _dropped, ...rest } = entry;
        return rest;
      };
      const [nm] = await changedVerdicts(changeEntry('nm', drop), ['nm @opts a.out']);
      expect(nm!.prefixExcluded).toBeUndefined();
      const [objdump] = await changedVerdicts(changeEntry('size', drop), ['objdump -d @opts']);
      expect(objdump!.prefixExcluded).toBeUndefined();
      expect(refused('nm', drop)).toThrow(/nm @opts a.out` lacks the effect reads-options/);
      expect(refused('size', drop)).toThrow(/objdump @opts x.o` lacks the effect reads-options/);
    });

    it('zip without the reads-listed effect of -@', async () => {
      const drop = (entry: CommandFact) => {
        const { '-@': _dropped, ...effects } = entry.effects!;
        return { ...entry, effects };
      };
      const [after] = await changedVerdicts(changeEntry('zip', drop), ['zip -r@ x.zip']);
      expect(after!.prefixExcluded).toBeUndefined();
      expect(refused('zip', drop)).toThrow(/zip -r@ x.zip` lacks the effect reads-listed/);
    });

    it('rsync without the reads-listed effect of --files-from', async () => {
      const drop = (entry: CommandFact) => {
        const { '--files-from': _dropped, ...effects } = entry.effects!;
        return { ...entry, effects };
      };
      const [after] = await changedVerdicts(changeEntry('rsync', drop), ['rsync -a --files-from=- . h:b']);
      expect(after!.prefixExcluded).toBeUndefined();
      expect(refused('rsync', drop)).toThrow(/lacks the effect reads-listed/);
    });

    it("7z's add without listOperands", async () => {
      const drop = (entry: CommandFact) =>
        withSub(entry, ['a'], (sub) => {
          const { listOperands: _dropped, ...rest } = sub;
          return rest;
        });
      const [after] = await changedVerdicts(changeEntry('7z', drop), ['7z a x.7z @list.txt']);
      expect(after!.prefixExcluded).toBeUndefined();
      expect(refused('7z', drop)).toThrow(/7z a x.7z @list.txt` lacks the effect reads-listed/);
    });

    it('npm without optionStyle', async () => {
      const drop = (entry: CommandFact) => {
        const { optionStyle: _dropped, ...rest } = entry;
        return rest;
      };
      const [after] = await changedVerdicts(changeEntry('npm', drop), ['npm test --script-shell=./x']);
      expect(after!.classification).toBe('unknown');
    });

    it('java without its -D option: -Dkey=value may take the next word', () => {
      const drop = (entry: CommandFact) => {
        const { short: _dropped, ...rest } = entry;
        return rest;
      };
      expect(refused('java', drop)).toThrow(/java -Dverbose Main arg` has 2 readings, not 1/);
    });

    it('git remote show without contactsRemote', async () => {
      const drop = (entry: CommandFact) =>
        withSub(entry, ['remote', 'show'], (sub) => {
          const { contactsRemote: _dropped, ...rest } = sub;
          return rest;
        });
      const [after] = await changedVerdicts(changeEntry('git', drop), ['git remote show origin']);
      expect(after!.classification).toBe('read-only');
      expect(refused('git', drop)).toThrow(/git remote show origin` contacts no remote/);
    });
  });
});
