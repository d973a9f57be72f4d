/**
 * Commands whose output IS a credential, read from the command table (`table/credentials.ts`
 * and the entries of gh, git, kubectl, op, chamber, terraform, doppler): `gh auth token`,
 * `gcloud auth print-access-token`, `kubectl config view --raw`, `git credential fill`, `git
 * credential-store get`, `docker-credential-desktop get`, `pass NAME`, `chamber read`, … Printing
 * one hands the model a live token.
 *
 * Inside a command substitution the token becomes another command's argument instead of
 * output (`curl -H "Authorization: Bearer $(gcloud auth print-access-token)"`, a common
 * and benign form), so that context is not a read; the outer command is opaque anyway.
 */

import { mayPrintCredential, readCommand, readingPrintsCredentials } from '../commands';
import { commandWordBasename } from '../shell/command-word';
import type { SimpleCommand } from '../shell/types';

/**
 * True when `command` prints a credential to its output, in some reading of its argv (the
 * command table's facts). `name` is the command name of the unwrapped argv when the caller
 * already has it.
 */
export function printsCredential(
  command: SimpleCommand,
  name: string = commandWordBasename(command.unwrapped.argv[0] ?? ''),
): boolean {
  if (command.context === 'command-substitution' || !mayPrintCredential(name)) return false;
  const argv = command.unwrapped.argv;
  return (readCommand(argv, 0, name) ?? []).some((reading) => readingPrintsCredentials(reading, argv));
}
