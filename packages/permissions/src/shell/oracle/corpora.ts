/**
 * Loading the shared real-world command corpora (`<repo>/../shared/data/corpora`). Test
 * support only; the files are read in place, never copied.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** One corpus: its name and commands. */
export interface Corpus {
  name: string;
  commands: string[];
}

/** Finds `<repo>/../shared/data` by walking up from `from` to the directory with pnpm-workspace.yaml. */
export function findSharedData(from: string): string | undefined {
  let directory = resolve(from);
  for (;;) {
    if (existsSync(join(directory, 'pnpm-workspace.yaml'))) {
      const data = resolve(directory, '../shared/data');
      return existsSync(join(data, 'corpora')) ? data : undefined;
    }
    const parent = dirname(directory);
    if (parent === directory) return undefined;
    directory = parent;
  }
}

/** Loads agent.jsonl (field "command"), nl2bash.txt and tldr.txt (one command per line). */
export function loadCorpora(dataDirectory: string): Corpus[] {
  const directory = join(dataDirectory, 'corpora');
  const lines = (file: string) =>
    readFileSync(join(directory, file), 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '');
  const agent = lines('agent.jsonl').map((line) =>
    String((JSON.parse(line) as { command: unknown }).command),
  );
  return [
    { name: 'agent', commands: agent },
    { name: 'nl2bash', commands: lines('nl2bash.txt') },
    { name: 'tldr', commands: lines('tldr.txt') },
  ];
}
