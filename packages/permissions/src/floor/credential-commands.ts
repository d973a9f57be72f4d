/**
 * Commands whose output IS a credential: `gh auth token`, `gcloud auth print-access-token`,
 * `kubectl config view --raw`, `kubectl get secret -o yaml`, `git credential fill`,
 * `security find-generic-password -w`, … Printing one hands the model a live token.
 *
 * Inside a command substitution the token becomes another command's argument instead of
 * output (`curl -H "Authorization: Bearer $(gcloud auth print-access-token)"`, a common
 * and benign form), so that context is not a read; the outer command is opaque anyway.
 */

import { CREDENTIAL_NAMES, readCommand, readingPrintsCredentials } from '../commands';
import { commandWordBasename } from '../shell/command-word';
import type { SimpleCommand } from '../shell/types';

type Rule = (args: readonly string[]) => boolean;

const has = (args: readonly string[], ...words: string[]) => words.some((word) => args.includes(word));
const startsWith = (args: readonly string[], ...words: string[]) =>
  words.every((word, index) => args[index] === word);
/** True when `words` occur in `args` in this order (other words, such as options, between). */
const follows = (args: readonly string[], ...words: string[]) => {
  let at = 0;
  for (const arg of args) if (arg === words[at] && ++at === words.length) return true;
  return false;
};
/** kubectl options that take the next word as their value. */
const KUBECTL_VALUE_OPTIONS = new Set([
  '-o',
  '--output',
  '-n',
  '--namespace',
  '-l',
  '--selector',
  '--context',
  '--cluster',
  '--user',
  '--kubeconfig',
  '--field-selector',
  '--sort-by',
  '--template',
  '-L',
  '--label-columns',
  '-s',
  '--server',
]);
/** The resource `kubectl … get [OPTIONS] RESOURCE` names, or ''. */
function kubectlResource(args: readonly string[]): string {
  const get = args.indexOf('get');
  if (get < 0) return '';
  for (let index = get + 1; index < args.length; index++) {
    const arg = args[index]!;
    if (KUBECTL_VALUE_OPTIONS.has(arg)) index++;
    else if (!arg.startsWith('-')) return arg;
  }
  return '';
}
const SECRET_RESOURCE = /(?:^|,)secrets?(?:$|[/,])/;
const CREDENTIAL_COMMAND = /^credential(?:-[\w-]+)?$/;
/** aws global options that take the next word as their value. */
const AWS_VALUE_OPTIONS = new Set([
  '--profile',
  '--region',
  '--output',
  '--endpoint-url',
  '--query',
  '--color',
  '--ca-bundle',
  '--cli-read-timeout',
  '--cli-connect-timeout',
  '--cli-binary-format',
]);
/** aws's words without its global options (`aws --profile p configure get …`). */
function awsWords(args: readonly string[]): readonly string[] {
  if (!args.some((arg) => arg.startsWith('-'))) return args;
  const words: string[] = [];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (AWS_VALUE_OPTIONS.has(arg)) index++;
    else if (!arg.startsWith('-')) words.push(arg);
  }
  return words;
}
/** Secret values aws prints: Secrets Manager, SSM parameters decrypted. */
function awsPrints(words: readonly string[], args: readonly string[]): boolean {
  if (words[0] === 'secretsmanager') return /^(?:batch-)?get-secret-value$/.test(words[1] ?? '');
  return words[0] === 'ssm' && /^get-parameter/.test(words[1] ?? '') && args.includes('--with-decryption');
}
/** Output formats that print a resource's names only, never its data. */
const NAME_ONLY_OUTPUT = /^(?:name|wide)$/;
/** True when kubectl's `-o`/`--output` asks for a format that prints the secret's data. */
function showsSecretData(args: readonly string[]): boolean {
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    let value: string | undefined;
    if (arg === '-o' || arg === '--output') value = args[index + 1];
    else if (arg.startsWith('--output=')) value = arg.slice('--output='.length);
    else if (arg.startsWith('-o')) value = arg.slice(arg[2] === '=' ? 3 : 2);
    if (value !== undefined && !NAME_ONLY_OUTPUT.test(value)) return true;
  }
  return false;
}

const RULES: ReadonlyMap<string, Rule> = new Map(
  Object.entries({
    gh: (args) =>
      startsWith(args, 'auth', 'token') ||
      (startsWith(args, 'auth', 'status') && has(args, '-t', '--show-token')),
    gcloud: (args) =>
      follows(args, 'secrets', 'versions', 'access') ||
      // `config config-helper` prints the active account's access token.
      follows(args, 'config', 'config-helper') ||
      args.some(
        (arg) =>
          arg === 'print-access-token' || arg === 'print-identity-token' || arg === 'print-refresh-token',
      ),
    az: (args) =>
      startsWith(args, 'account', 'get-access-token') || follows(args, 'keyvault', 'secret', 'show'),
    aws: (all) => {
      const args = awsWords(all);
      return (
        awsPrints(args, all) ||
        startsWith(args, 'configure', 'export-credentials') ||
        startsWith(args, 'sso', 'get-role-credentials') ||
        (startsWith(args, 'configure', 'get') && args.some((arg) => /secret|token|key/i.test(arg))) ||
        (args[0] === 'sts' &&
          /^(?:get-session-token|get-federation-token|assume-role\S*)$/.test(args[1] ?? '')) ||
        startsWith(args, 'codeartifact', 'get-authorization-token')
      );
    },
    // Global options (`-n prod`, `--context x`) may come first and `-o yaml` before the
    // resource (`kubectl -n x get -o yaml secret y`): the words are looked for in order.
    kubectl: (args) =>
      // `--flatten` embeds the certificate and key data instead of redacting it.
      (follows(args, 'config', 'view') && has(args, '--raw', '--flatten')) ||
      follows(args, 'create', 'token') ||
      args.includes('view-secret') ||
      (SECRET_RESOURCE.test(kubectlResource(args)) && showsSecretData(args)),
    // `git credential fill`, and the helpers themselves: `git credential-store get`.
    // `fill`/`get` first: cheaper, and absent from nearly every git command (see `printsCredential`).
    git: (args) => has(args, 'fill', 'get') && args.some((arg) => CREDENTIAL_COMMAND.test(arg)),
    security: (args) =>
      ((args[0] === 'find-generic-password' || args[0] === 'find-internet-password') &&
        has(args, '-w', '-g', '-gw')) ||
      args[0] === 'dump-keychain',
    'secret-tool': (args) => args[0] === 'lookup',
    // gpg takes abbreviations: `--export-secret-key`, `--export-secret-sub`.
    gpg: (args) => args.some((arg) => arg.startsWith('--export-secret')),
    sops: (args) => args.some((arg) => arg === '-d' || arg === '--decrypt'),
    vault: (args) =>
      args[0] === 'read' || startsWith(args, 'kv', 'get') || startsWith(args, 'print', 'token'),
    op: (args) => args[0] === 'read' || (startsWith(args, 'item', 'get') && has(args, '--reveal')),
    gopass: (args) => args[0] === 'show' || args[0] === 'cat',
    lpass: (args) => args[0] === 'show',
    // rclone's config holds its remotes' OAuth tokens and keys (`config file` prints only the path).
    rclone: (args) => follows(args, 'config', 'show') || follows(args, 'config', 'dump'),
    keyring: (args) => args[0] === 'get',
    chamber: (args) => args[0] === 'read',
    bw: (args) => args[0] === 'get' && /^(?:password|totp|item|notes)$/.test(args[1] ?? ''),
    pass: (args) =>
      args[0] === 'show' || (args.length === 1 && !args[0]!.startsWith('-') && args[0] !== 'ls'),
  } satisfies Record<string, Rule>),
);
const dockerCredentialHelper: Rule = (args) => args[0] === 'get';

/**
 * Every command name with a rule here or in the command table (and `docker-credential-*`, by
 * prefix): any other prints none.
 */
export const CREDENTIAL_COMMANDS: readonly string[] = [...new Set([...RULES.keys(), ...CREDENTIAL_NAMES])];

/**
 * True when `command` prints a credential to its output. `name` is the command name of the
 * unwrapped argv when the caller already has it.
 */
export function printsCredential(
  command: SimpleCommand,
  name: string = commandWordBasename(command.unwrapped.argv[0] ?? ''),
): boolean {
  if (command.context === 'command-substitution') return false;
  // git's rule needs `fill` or `get`, which nearly every git command lacks: look for them
  // before copying the arguments.
  if (name === 'git' && !hasFillOrGet(command.unwrapped.argv)) return false;
  const rule =
    RULES.get(name) ?? (name.startsWith('docker-credential-') ? dockerCredentialHelper : undefined);
  if (rule?.(command.unwrapped.argv.slice(1))) return true;
  // The command table's facts, in every reading of the argv (any one printing is enough).
  if (!CREDENTIAL_NAMES.has(name)) return false;
  return (readCommand(command.unwrapped.argv, 0, name) ?? []).some(readingPrintsCredentials);
}

/** True when a word after the command word is `fill` or `get`. */
function hasFillOrGet(argv: readonly string[]): boolean {
  for (let i = 1; i < argv.length; i++) {
    if (argv[i] === 'fill' || argv[i] === 'get') return true;
  }
  return false;
}
