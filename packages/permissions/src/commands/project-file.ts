/**
 * Which program a command word names. The command table's names are programs found on `PATH`
 * (`script`, `su`), and an absolute path may be one of them (`/usr/bin/script`). A path from the
 * working directory (`./script`, `../bin/su`) names a file of the project, which may share its
 * basename with a program the table knows and do anything else: what the table says that program
 * does with no command (`script` and `su` start a shell that reads their input) is no fact about
 * it. The shell parser still takes such a word off as the wrapper its basename names (`./sudo rm
 * -rf x`), so the deny rules see the command it may run — the safe side — but claims no shell
 * (`shell/unwrap.ts`); the read-only classifier reads only bare names and the system binary
 * directories as the table's entries.
 *
 * A relative path without the leading `.` (`bin/su`) is still read as its basename's program,
 * as before this rule had one place: reading it as the project's would turn a deny into an ask
 * (decision 0061).
 */

/**
 * True when `word` (a command word, quotes removed) starts with `./` or `../`: a program of the
 * project, not one found on `PATH`.
 *
 * @example
 * namesProjectFile('./script'); // true
 * namesProjectFile('../bin/su'); // true
 * namesProjectFile('script'); // false
 * namesProjectFile('/usr/bin/script'); // false
 */
export function namesProjectFile(word: string): boolean {
  return word.startsWith('./') || word.startsWith('../');
}
