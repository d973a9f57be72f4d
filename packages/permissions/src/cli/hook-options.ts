/**
 * Options of `dexter-permissions hook <agent>`. A mistake here must not turn the guard off:
 * the caller answers every call with a denial while the hook's own command line is wrong.
 */
import { UsageError } from './args';

/** What to answer for a tool the hook does not know. */
export type UnknownToolPolicy = 'ask' | 'deny' | 'pass';

/** A configured mapping: this argument of this tool is a file it reads or writes. */
export interface FileArgument {
  access: 'read' | 'write';
  /** Name of the argument in the tool's input (`path`, `file_path`, ...). */
  argument: string;
}

/** Parsed `hook` options. */
export interface HookOptions {
  /** Extra settings files, read after the standard layers. */
  settings: string[];
  /** Project directory for the standard layers (default: the agent's project dir, else the event's cwd). */
  projectDir?: string;
  /** Tools the hook does not know: `ask` (default), `deny`, or `pass` (no opinion: the agent's own layer decides). */
  unknown: UnknownToolPolicy;
  /** `--file-arg TOOL=read:ARG` / `write:ARG`: MCP (or other) tools whose argument is a file. */
  fileArguments: ReadonlyMap<string, readonly FileArgument[]>;
  /** The hook answers (deny) on its own after this long; below the agents' own hook timeouts. */
  timeoutMs: number;
  /** Gemini CLI has no "ask" answer: `deny` (default) or `defer` to its own confirmation. */
  onAsk: 'deny' | 'defer';
}

/** Default of `--timeout-ms`: well below both agents' 60 s default hook timeout. */
export const defaultHookTimeoutMs = 10_000;

/** Parses the words after `hook <agent>`; throws `UsageError`. */
export function parseHookOptions(argv: readonly string[]): HookOptions {
  const settings: string[] = [];
  const fileArguments = new Map<string, FileArgument[]>();
  let projectDir: string | undefined;
  let unknown: UnknownToolPolicy = 'ask';
  let timeoutMs = defaultHookTimeoutMs;
  let onAsk: 'deny' | 'defer' = 'deny';
  for (let index = 0; index < argv.length; index++) {
    const word = argv[index]!;
    const equals = word.startsWith('--') ? word.indexOf('=') : -1;
    const name = equals > 0 ? word.slice(0, equals) : word;
    const value = () => {
      if (equals > 0) return word.slice(equals + 1);
      const next = argv[index + 1];
      if (next === undefined) throw new UsageError(`${name} needs a value`);
      index++;
      return next;
    };
    switch (name) {
      case '--settings':
        settings.push(value());
        break;
      case '--cwd':
      case '--project-dir':
        projectDir = value();
        break;
      case '--unknown': {
        const policy = value();
        if (policy !== 'ask' && policy !== 'deny' && policy !== 'pass')
          throw new UsageError(`--unknown must be ask, deny or pass (got ${JSON.stringify(policy)})`);
        unknown = policy;
        break;
      }
      case '--on-ask': {
        const policy = value();
        if (policy !== 'deny' && policy !== 'defer')
          throw new UsageError(`--on-ask must be deny or defer (got ${JSON.stringify(policy)})`);
        onAsk = policy;
        break;
      }
      case '--timeout-ms': {
        const text = value();
        const parsed = Number(text);
        if (!/^\d+$/.test(text) || parsed < 100 || parsed > 600_000)
          throw new UsageError(`--timeout-ms must be a whole number from 100 to 600000 (got ${text})`);
        timeoutMs = parsed;
        break;
      }
      case '--file-arg': {
        const text = value();
        const match = /^([^=]+)=(read|write):([^=:,\s]+)$/.exec(text);
        if (!match)
          throw new UsageError(`--file-arg must look like TOOL=read:ARG or TOOL=write:ARG (got ${text})`);
        const list = fileArguments.get(match[1]!) ?? [];
        list.push({ access: match[2] as 'read' | 'write', argument: match[3]! });
        fileArguments.set(match[1]!, list);
        break;
      }
      default:
        throw new UsageError(`unknown hook option ${word}`);
    }
  }
  return {
    settings,
    ...(projectDir === undefined ? {} : { projectDir }),
    unknown,
    fileArguments,
    timeoutMs,
    onAsk,
  };
}
