/**
 * Subcommands that always run code or change state whatever their words say: an `implies`
 * effect of the subcommand's entry, which the classifier's proposals read (no prefix rule is
 * proposed up to such a subcommand: `RUNS_CODE_SUBCOMMANDS`).
 */

/**
 * A subcommand that always runs code it is not given on the command line: the project's
 * (`cargo run`, `go generate`, `dotnet run`), a package's (`npm rebuild`, `yarn create`) or a
 * build file's (`docker build` runs the Dockerfile's `RUN` lines). A prefix rule up to it
 * would allow any such code (`subcommandPrefix`, via `RUNS_CODE_SUBCOMMANDS`).
 */
export function runsCode(summary: string): { summary: string; implies: readonly ['runs'] } {
  return { summary, implies: ['runs'] };
}

/**
 * A subcommand that always changes state outside the files it names: a cluster's objects
 * (`kubectl apply`), a listening port (`kubectl proxy`). No prefix rule up to it is proposed.
 */
export function changesState(summary: string): { summary: string; implies: readonly ['writes'] } {
  return { summary, implies: ['writes'] };
}
