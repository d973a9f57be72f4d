/**
 * Pattern and program words from the command table (issue 27): each fact the old walkers of
 * pattern-positions.ts knew, and the safe direction — a word another reading may read as a
 * path stays checked.
 */
import { describe, expect, it } from 'vitest';
import { JQ_FAMILY, PATTERN_COMMANDS, patternWordIndexes, programFileNames } from './pattern-positions';

const patterns = (line: string) => {
  const argv = line.split(' ');
  return [...patternWordIndexes(argv)].sort((a, b) => a - b).map((index) => argv[index]);
};

describe('pattern words from the command table', () => {
  it.each([
    ['rg .env src', ['.env']],
    ['rg -e .env -e id_rsa src', ['.env', 'id_rsa']],
    ['rg --regexp=.env src', ['--regexp=.env']],
    ['rg -f words .env', []],
    ['rg --color never .env src', ['.env']],
    ['rg -A 3 .env src', ['.env']],
    ['ag .env src', ['.env']],
    ['ag -G .env KEY', ['.env', 'KEY']],
    ['ack .env src', ['.env']],
    ['ack --match .env src', ['.env']],
    ['ack -A 3 .env src', ['.env']],
    ['sed -n s/.env/x/p f', ['s/.env/x/p']],
    ['sed -i.bak -e s/a/b/ .env', ['s/a/b/']],
    ['sed -f script.sed .env', []],
    ['awk -F : {print} .env', ['{print}']],
    ['gawk -e {print} .env', ['{print}']],
    ['awk -f prog.awk .env', []],
    ['jq .a .env', ['.a']],
    ['jq --arg k .env .a f', ['.a']],
    ['jq -n --rawfile k .env .k', ['.k']],
    ['jq -nf prog.jq x', []],
    ['jq -- .a x', ['.a']],
    ['yq .a x.yml', ['.a']],
    // names left out are never read
    ['diff -r -x .env a b', ['.env']],
    ['tar czf out.tgz --exclude=.env .', ['--exclude=.env']],
    ['rsync -a --exclude .env a b', ['.env']],
    ['fd -E .env -x cat', ['.env']],
    ['rg token --glob !*.pem', ['token', '!*.pem']],
    ['rg token -g!.env', ['token', '-g!.env']],
    ['rg token -g .env', ['token']],
    ['grep -r --color KEY /root', ['KEY']],
  ])('%s: %j', (line, expected) => {
    expect(patterns(line)).toEqual(expected);
  });

  it('keeps a word checked when an option the table does not know may take it as a value', () => {
    // `--frob` may take `.env` as its value: then `.env` is no pattern, so it stays checked.
    expect(patterns('rg --frob .env src')).toEqual([]);
    expect(patterns('sed --frob s/a/b/ .env')).toEqual([]);
  });

  it('finds file names inside programs by the language the table gives', () => {
    expect(programFileNames(['sed', 'r .env'], 1)).toEqual(['.env']);
    expect(programFileNames(['gawk', '{ getline < "/root/.netrc" }'], 1)).toEqual(['/root/.netrc']);
    expect(programFileNames(['yq', 'load("/root/.kube/config")'], 1)).toEqual([
      '/root/.kube/config',
      '/root/.kube/config.jq',
      '/root/.kube/config.json',
    ]);
    expect(programFileNames(['cat', '"x"'], 1)).toEqual([]);
    expect([...JQ_FAMILY].sort()).toEqual(['gojq', 'jaq', 'jq', 'yq']);
    for (const name of ['rg', 'ag', 'ack', 'sed', 'awk', 'jq', 'yq', 'echo', 'git'])
      expect(PATTERN_COMMANDS.has(name)).toBe(true);
  });
});
