/**
 * Commands whose output IS a credential: `gh auth token`, `gcloud auth print-access-token`,
 * `kubectl config view --raw`, `kubectl get secret -o yaml`, `git credential fill`,
 * `security find-generic-password -w`, … Printing one hands the model a live token.
 *
 * Inside a command substitution the token becomes another command's argument instead of
 * output (`curl -H "Authorization: Bearer $(gcloud auth print-access-token)"`, a common
 * and benign form), so that context is not a read; the outer command is opaque anyway.
 */

import { commandWordBasename } from '../shell/command-word';
import type { SimpleCommand } from '../shell/types';

type Rule = (args: readonly string[]) => boolean;

const has = (args: readonly string[], ...words: string[]) => words.some((word) => args.includes(word));
const startsWith = (args: readonly string[], ...words: string[]) =>
  words.every((word, index) => args[index] === word);
const SECRET_OUTPUT = /^(?:-o|--output)(?:=?(?:yaml|json|jsonpath.*|go-template.*|template.*))?$/;

const RULES: ReadonlyMap<string, Rule> = new Map(
  Object.entries({
    gh: (args) =>
      startsWith(args, 'auth', 'token') ||
      (startsWith(args, 'auth', 'status') && has(args, '-t', '--show-token')),
    gcloud: (args) =>
      args.some(
        (arg) =>
          arg === 'print-access-token' || arg === 'print-identity-token' || arg === 'print-refresh-token',
      ),
    az: (args) => startsWith(args, 'account', 'get-access-token'),
    aws: (args) =>
      startsWith(args, 'configure', 'export-credentials') ||
      (startsWith(args, 'configure', 'get') && args.some((arg) => /secret|token|key/i.test(arg))) ||
      (args[0] === 'sts' &&
        /^(?:get-session-token|get-federation-token|assume-role\S*)$/.test(args[1] ?? '')) ||
      startsWith(args, 'codeartifact', 'get-authorization-token'),
    kubectl: (args) =>
      (startsWith(args, 'config', 'view') && has(args, '--raw')) ||
      startsWith(args, 'create', 'token') ||
      (args[0] === 'get' &&
        /^secrets?$|^secrets?\//.test(args[1] ?? '') &&
        args.some(
          (arg, index) => SECRET_OUTPUT.test(arg) && (arg.includes('=') || args[index + 1] !== undefined),
        )),
    git: (args) => args.includes('credential') && has(args, 'fill', 'get'),
    security: (args) =>
      ((args[0] === 'find-generic-password' || args[0] === 'find-internet-password') &&
        has(args, '-w', '-g', '-gw')) ||
      args[0] === 'dump-keychain',
    'secret-tool': (args) => args[0] === 'lookup',
    heroku: (args) => args[0] === 'auth:token',
    gpg: (args) => args.some((arg) => /^--export-secret-(?:sub)?keys$/.test(arg)),
    sops: (args) => args.some((arg) => arg === '-d' || arg === '--decrypt'),
    vault: (args) =>
      args[0] === 'read' || startsWith(args, 'kv', 'get') || startsWith(args, 'print', 'token'),
    op: (args) => args[0] === 'read' || (startsWith(args, 'item', 'get') && has(args, '--reveal')),
    bw: (args) => args[0] === 'get' && /^(?:password|totp|item|notes)$/.test(args[1] ?? ''),
    pass: (args) =>
      args[0] === 'show' || (args.length === 1 && !args[0]!.startsWith('-') && args[0] !== 'ls'),
  } satisfies Record<string, Rule>),
);
const dockerCredentialHelper: Rule = (args) => args[0] === 'get';

/**
 * True when `command` prints a credential to its output. `name` is the command name of the
 * unwrapped argv when the caller already has it.
 */
export function printsCredential(
  command: SimpleCommand,
  name: string = commandWordBasename(command.unwrapped.argv[0] ?? ''),
): boolean {
  if (command.context === 'command-substitution') return false;
  const rule =
    RULES.get(name) ?? (name.startsWith('docker-credential-') ? dockerCredentialHelper : undefined);
  return rule?.(command.unwrapped.argv.slice(1)) ?? false;
}
