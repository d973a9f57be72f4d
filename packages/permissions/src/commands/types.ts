/**
 * The shape of the command table: what one entry says about a real command. Every consumer
 * of command knowledge (the floor's reads and tree reads, global options, unwrapping of
 * runners, hidden command lines, shell names, the classifier's verdict for known writers)
 * reads these facts through `readArgv` instead of keeping a table and a walker of its own.
 */

/**
 * What a word is to the command:
 * - `read`: a file whose content it reads;
 * - `write`: a file it writes, creates or changes (its mode, its owner, a link to it);
 * - `remove`: a file it deletes or moves away (`rm`, `mv`'s sources): a directory removed takes
 *   what is under it along;
 * - `chdir`: a directory the rest of the command is relative to;
 * - `command`: the first word of another command, run with the words after it;
 * - `script`: a command line (shell text) it runs;
 * - `pattern`: a search pattern or program text, never a path;
 * - `name`: a key, variable or other name, never a path;
 * - `value`: a number, colour, mode, format, literal data or other setting, never a path;
 * - `uses`: a file the command uses without printing or sending it (a TLS key, an identity file);
 * - `code`: program text in the interpreter's own language (`python3 -c CODE`, `deno eval CODE`),
 *   never a path and never shell: the floor reads it by the entry's `language`;
 * - `meta`: a file whose name, metadata or size the command uses, never printing or sending its
 *   content (`ls`, `stat`, `wc -l`, `chmod`);
 * - `certificate`: a certificate, request or revocation list the command reads and may print;
 *   anything else there (a private key) it refuses without printing it (`openssl x509 -in F`);
 * - `unknown`: the reader cannot tell (a word after an option it does not know).
 */
export type Role =
  | 'read'
  | 'write'
  | 'remove'
  | 'chdir'
  | 'command'
  | 'script'
  | 'pattern'
  | 'name'
  | 'value'
  | 'uses'
  | 'code'
  | 'meta'
  | 'certificate'
  | 'unknown';

/**
 * What giving an option means for the whole command:
 * - `recursive`: the operands read are trees, read file by file;
 * - `pattern-given`: the pattern came from an option, so no operand is one;
 * - `shows-hidden`: a tree walk includes hidden and ignored files;
 * - `names-only`: prints names, never content;
 * - `no-index`: `git grep/diff --no-index`: works on files outside the repository;
 * - `reads-options`: reads more options or commands from a file or standard input (`curl -K
 *   FILE`, `sftp -b -`), which the command line does not show;
 * - `runs-file`: the option's value is the file of commands run, instead of `runsFiles`
 *   (`just -f FILE`);
 * - `writes`: giving it makes the command change files or state (`git branch -d`, `date -s`):
 *   the read-only classifier's write flags;
 * - `runs`: giving it makes the command run another program (`git log --ext-diff`, `rg --pre`,
 *   `git -p`, the pager);
 * - `reads-listed`: the command reads the files or objects its input or a list file names
 *   (`sort --files0-from=F`, `git cat-file --batch`): what it reads is not on the command line;
 * - `target-given`: an option named the destination (`cp -t DIR`), so no operand is `lastOperand`;
 *   of a runner with `commandAfter`, an option named what its command runs in (`kubectl exec -f
 *   pod.yaml`, `podman exec -l`: the latest container), so the command follows one operand fewer;
 * - `picks-names`: a tree walk reads only the files a name picks (`find -name '*.py'`), a word
 *   the floor checks;
 * - `no-output`: what it would print goes elsewhere or is something else (`pass -c NAME`: to the
 *   clipboard; `declare -f`: functions), so it prints no credential and no environment;
 * - `in-place`: the files it reads are written back (`sed -i`, `perl -i`): its `read` and
 *   `unknown` operands are written too;
 * - `module-path`: the option's value is a directory the command's program loads the modules and
 *   data files it names from (`jq -L DIR`: `import "m" as $m;` reads `DIR/m.json`);
 * - `keeps-directory`: its `chdir` operand is not where the shell goes after all (`pushd -n DIR`
 *   only adds DIR to the directory stack);
 * - `stack-directory`: the shell goes to a directory of its directory stack, which the words do
 *   not name (`popd`);
 * - `prints-content`: a (sub)command that otherwise names files only (`printsNoContent`) prints
 *   what they hold (`git log -p`: a patch; `git status -v`: the staged diff);
 * - `program-given`: the option names the program another way than inline or as the first
 *   operand — a module (`python3 -m json.tool`), a program file (`php -F f.php`, `awk -f
 *   f.awk`): no operand is the program, and standard input is not read as one (unless the
 *   value is `-`: `awk -f -`);
 * - `program-stdin`: the program is read from standard input whatever operands follow (`bash
 *   -s ARGS`: they are its arguments);
 * - `no-program`: no program runs: the command prints and exits (`--version`, `--help`), only
 *   checks or compiles the program (`perl -c`, `node -c`), lists or removes queued jobs (`at -l`,
 *   `crontab -r`), or opens no remote shell (`ssh -N`, `ssh -W HOST:PORT`, `ssh -s SUBSYSTEM`);
 * - `syntax-only`: a shell only reads its commands without running any (`bash -n`), while no
 *   other option is given that takes a value, that the entry does not list, that is spelled
 *   with `+` or that makes it `interactive`;
 * - `interactive`: an interactive shell (`bash -i`), which ignores `syntax-only`;
 * - `appends`: it adds to the files it writes, keeping what they held (`tee -a`).
 */
export type Effect =
  | 'recursive'
  | 'pattern-given'
  | 'shows-hidden'
  | 'names-only'
  | 'no-index'
  | 'reads-options'
  | 'runs-file'
  | 'writes'
  | 'runs'
  | 'reads-listed'
  | 'target-given'
  | 'picks-names'
  | 'no-output'
  | 'in-place'
  | 'module-path'
  | 'keeps-directory'
  | 'stack-directory'
  | 'prints-content'
  | 'program-given'
  | 'program-stdin'
  | 'no-program'
  | 'syntax-only'
  | 'interactive'
  | 'appends';

/**
 * When a command prints a credential (a token, password, key or secret value) to its output:
 * `always`, or when one of these conditions holds — an option given, by spelling;
 * `SPELLING~TEXT` when its value contains TEXT (`kubectl get --raw /api/v1/…/secrets/x`);
 * `SPELLING!A|B` when its value is neither A nor B (`kubectl get secret -o!name|wide`);
 * `PREFIX*` any option spelled so, listed or not (`gpg --export-secret*`); `@N=PATTERN` when
 * operand N matches PATTERN, whole and ignoring case (`kubectl get @0=secrets?`); `A&B` when
 * both hold (`curl -n -v`). A `names-only` effect (`doppler secrets --only-names`) cancels
 * `always`.
 */
export type PrintsCredentials = 'always' | readonly string[];

/** How a command's own arguments are laid out (compact, getopt-like: see `notation.ts`). */
export interface ArgvFacts {
  /**
   * Short options, getopt style: a letter, `:` after it when it takes a value (attached or
   * the next word), `::` when only an attached value counts (`-d::`). Letters in brackets are
   * one option of several letters (zip's `[TT]:`: `-TT CMD` beside `-T`), read before its first
   * letter alone wherever it starts in a cluster (`-qTT CMD`). In a `singleDash` entry, a word
   * that names none of its long options is a cluster of these (`mvn -DskipTests` is `-D
   * skipTests`, as commons-cli reads it).
   */
  short?: string;
  /**
   * Long options separated by blanks: `recursive` (a flag), `file=` (takes a value, attached
   * or the next word), `color=?` (a value only after `=`: `--color[=WHEN]`). A long option may
   * start with one dash where the tool spells it so (`-exec` is written `-exec`, see `singleDash`).
   */
  long?: string;
  /** Long options may be abbreviated to any unique prefix (GNU getopt_long). */
  abbreviations?: boolean;
  /** A dash followed by digits is an option of its own (`ugrep -3`, `head -20`), with this effect. */
  numeric?: readonly Effect[];
  /**
   * Role of each value-taking option's value, by spelling (`-e`, `--file`); default `unknown`
   * (checked as a possible path by the floor, never a pattern).
   */
  values?: Readonly<Record<string, Role>>;
  /**
   * Effects of options, by spelling; `SPELLING=VALUE` (`-d=recurse`, `--directories=recurse`)
   * applies only with that value, `SPELLING=*` with any value given (`git --exec-path=DIR`);
   * `SPELLING*N` when the option is given N times or more (`rg -uu`: hidden files too).
   */
  effects?: Readonly<Record<string, readonly Effect[]>>;
  /**
   * Options that take a second word after their value, with the role of that word (`jq --arg
   * NAME VALUE`, `--rawfile NAME FILE`); the value's own role is in `values`.
   */
  pairs?: Readonly<Record<string, Role>>;
  /**
   * Value-taking options whose value, when it starts with this text, names files left out
   * rather than picked (`rg -g '!*.pem'`): such a value is a pattern, never a path.
   */
  exclusions?: Readonly<Record<string, string>>;
  /** A `read` value that names its file inside other text (`curl -F 'name=@FILE;type=…'`). */
  readFormat?: Readonly<Record<string, ReadFormat>>;
  /** A value-taking option whose value holds a command line in a wrapper format. */
  scriptFormat?: Readonly<Record<string, ScriptFormat>>;
  /**
   * An operand starting with `+` is a command of the program, in this format (`vim '+!rm x'`,
   * `less '+!rm x'`: only what follows its `!` is a shell command).
   */
  plusCommands?: ScriptFormat;
  /**
   * Options whose value is the text the command replaces by each input line in the command it
   * runs (`xargs -I STR`), by spelling, with the text they stand for when given no value
   * (`xargs -i`, `--replace`: `{}`). Where that text is the command word or a shell's script
   * (`xargs -I% sh -c %`), the input is what runs.
   */
  placeholders?: Readonly<Record<string, string>>;
  /**
   * A word of its argv in this format holds a command line wherever it stands — an operand, an
   * option's value, a word after a subcommand the table does not know: `pipe-open` (Perl's `<>`
   * opens its operands with two-argument open, `perl -pe '' 'CMD|'`), `ext-transport` (git runs
   * the command of an `ext::CMD` remote URL, `git clone 'ext::sh -c …'`).
   */
  commandWords?: ScriptFormat;
  /**
   * Value-taking options whose value is a `KEY=VALUE` setting for this run (`git -c K=V`, `git
   * clone --config K=V`): a key among the entry's `commandSettings` holds a command line.
   */
  settingOptions?: readonly string[];
  /**
   * `write` options whose file the command only creates or overwrites, never reading what it
   * held and never printing it (`openssl -out F`, `-keyout F`): the floor reads no secret there;
   * the protected-path check counts it written, as any `write`.
   */
  writesOnly?: readonly string[];
  /**
   * Value-taking options whose value is a setting `KEY=VALUE` (or `KEY VALUE`): the role of the
   * whole value by KEY, compared without case (ssh's `-o IdentityFile=KEY` is `uses`); a value
   * with any other key, or more than one word after its key, keeps the option's role.
   */
  settingRoles?: Readonly<Record<string, Readonly<Record<string, Role>>>>;
  /**
   * Value-taking options whose value runs over the following words up to the next word starting
   * with `-` (zip's `-x .env '*.pem' -r`): each of them has the option's role.
   */
  valueLists?: readonly string[];
  /**
   * Its options may also follow its subcommands, at any depth, and are read there as its own
   * (cobra's persistent flags: `kubectl get pods --kubeconfig F`), where the subcommand does not
   * declare the same spelling; after a subcommand the table does not know, its long options
   * are still read as its own (`kubectl logs pod --kubeconfig F`).
   */
  persistentOptions?: boolean;
  /**
   * Roles of the operands in order; the last one repeats. `pattern` in first place is dropped
   * when an option gave the pattern (`pattern-given`).
   */
  operands?: readonly Role[];
  /**
   * Roles of operands written `KEY=VALUE`, by KEY: the role of the whole word (`dd if=F of=F`:
   * `if=` reads, `of=` writes); any other operand keeps its role from `operands`.
   */
  keyOperands?: Readonly<Record<string, Role>>;
  /**
   * Role of the last operand when there are two or more (`cp SRC… DEST`), unless an option
   * with the effect `target-given` named it (`cp -t DIR SRC…`).
   */
  lastOperand?: Role;
  /**
   * Options and operands may mix (GNU permutation); otherwise the first operand ends the options.
   * Said (`true`) of an `any-later-word` runner: its options are read after its operands too
   * (`gdb ./prog -ex CMD`), every other word still a possible command.
   */
  permute?: boolean;
  /**
   * The operands come first, the options after them form an expression (`find [-H|-L|-P]
   * PATH… -name x -exec CMD {} ;`): these options may come before the operands; any other
   * option, or `(`, `!` or `,`, ends them, and a later word that is no option's value is `unknown`.
   */
  operandsFirst?: readonly string[];
  /**
   * The first word may be a cluster of short options without its dash (`tar czf out.tgz a`):
   * its letters that take a value take the next words, in order (`tar cfb out.tar 20 a`).
   */
  bundledFirst?: boolean;
  /**
   * A package runner (`npx`, `npm exec`, `uv run`, `bundle exec`, `mise exec`): the program
   * its `wrapper` runs is looked up among the project's or a package's tools before `PATH`, so
   * the parser does not unwrap it (an allow rule for `rm` says nothing of a package's `rm`),
   * but the deny rules are matched at that program in every reading (`npx -y rm -rf x`).
   */
  packageRunner?: boolean;
  /**
   * The command runs another one: `after-options` (its first operand is the command word:
   * `sudo`, `op run`), `first-operand` (a multi-call binary runs the applet its first operand
   * names: `busybox sh`), `any-later-word` (a runner whose options the table does not list:
   * any later word may be the command — `ssh host rm`, `nsenter -t 1 rm`).
   */
  wrapper?: 'after-options' | 'first-operand' | 'any-later-word';
  /**
   * Of a runner's subcommand: it runs no command of its words, which are names, options and
   * values (`docker logs c`, `docker image rm x`, `kubectl get pod rm`). A deny rule is not
   * matched at them, and a computed word there is a name. A subcommand the table does not know
   * may run one.
   */
  runsNoCommand?: boolean;
  /**
   * A subcommand is only the word right after the command: after an option the words are
   * operands (`git reflog -n 5 HEAD` shows the log of `5`… as revisions, `git stash -- list`
   * pushes).
   */
  subcommandsFirst?: boolean;
  /**
   * A first operand that names no subcommand is an ordinary operand, not an unknown
   * subcommand: `bun app.js -e X` runs the script app.js (`bun x` and `bun exec` are the
   * subcommands), and the words after it are read as the command's own, as for `node`.
   */
  operandUnlessSubcommand?: boolean;
  /**
   * Every letter of a dash word is an option, and each one that takes a value takes the next
   * word not yet taken, never the rest of its word: tree's `-oa out` is `-o out -a`.
   */
  valuesFollow?: boolean;
  /**
   * An `after-options` wrapper's command follows this many operands of its own (`timeout
   * DURATION CMD`, `chroot DIR CMD`, `flock FILE CMD`); options end at the first of them.
   * Of an `any-later-word` runner: the allow side reads its command after this many operands
   * (`ssh HOST CMD`, `docker exec CONTAINER CMD`: see `commandsRun`); the deny rules are still
   * matched at every later word.
   */
  commandAfter?: number;
  /**
   * Of an `any-later-word` runner: a word that is this text, or ends in it, ends one of its own
   * commands and starts another (tmux's `;`: `tmux new -d ls \; new -d rm x`). A command placed
   * by `commandAfter` is then not placed for sure: every later word may start one.
   */
  commandSeparator?: string;
  /** Effects the command always has (`rgrep` is `grep -r`). */
  implies?: readonly Effect[];
  /**
   * Long options are spelled with one dash (`terraform output -json`, `-chdir=DIR`); a word that
   * names none of them is read as short options only when its first letter is one (`short`).
   */
  singleDash?: boolean;
  /** Words starting with `+` are options without a value (`cargo +nightly build`). */
  plusOptions?: boolean;
  /**
   * Words starting with `+` are clusters of the short options, turned off (`bash +o pipefail`,
   * `set +ex`): a letter that takes a value takes it as with `-`; a `+` option has none of the
   * `-` option's effects or roles.
   */
  plusClusters?: boolean;
  /** The tree it walks when no operand names one (`.`: `grep -r KEY`, `rg KEY`, `find -exec …`). */
  defaultTree?: string;
  /** A tree walk skips hidden and ignored files unless an option says `shows-hidden`. */
  skipsHidden?: boolean;
  /**
   * An operand starting with this text names a file listing more operands (7-Zip's `@list.txt`):
   * a reading with one has the effect `reads-listed`.
   */
  listOperands?: string;
  /**
   * An operand starting with this text names a file of more options, read as if given there
   * (GCC's and binutils' `@FILE`): a reading with one has the effect `reads-options`.
   */
  optionFiles?: string;
}

/**
 * How a `read` value holds its files: `curl-form` — `NAME=@FILE;…` or `NAME=<FILE;…`;
 * `ftp-commands` — an lftp command string, whose `put`/`mput`/`source` operands are read.
 */
export type ReadFormat = 'curl-form' | 'ftp-commands';

/**
 * How a `script` value holds its command line: `after-colon` — ugrep's `--filter=EXTS:CMD`;
 * `after-bang` — an editor or pager command, only what follows its `!` is a shell command;
 * `exec-action` — tar's `--checkpoint-action=exec=CMD` (other actions run none); `ssh-option`
 * — ssh's `-o Key=Value`, of which `ProxyCommand`, `LocalCommand`, `KnownHostsCommand` and
 * `RemoteCommand` hold one; `debugger` — a gdb or lldb command, of which `shell CMD`, `!CMD`
 * and `platform shell CMD` run one; `pipe-open` — a Perl two-argument `open` target, `CMD|` or
 * `|CMD` runs CMD in a shell; `ext-transport` — a git URL `ext::CMD` (`%` before a blank
 * escapes it), other URLs run none; `socat-address` — a socat address, of which `EXEC:CMD`, `SYSTEM:CMD`
 * and `SHELL:CMD` (any case) run one: the rest of the word, its `,OPTION`s included; `comma-argv` — an argv with its words joined by commas
 * (GCC's `-wrapper gdb,--args`), run as a command, never by a shell: read as the command line
 * that quotes each word; `program` — the name of a program run with arguments of the command's
 * own, never by a shell (`wget --use-askpass=PROG`): read as the command line of that one word;
 * `key-actions` — fzf's `--bind KEY:ACTION,…`, of whose actions `execute(CMD)`, `become(CMD)`,
 * `reload(CMD)`, `preview(CMD)`, `transform(CMD)` and their kin run a command line (between
 * brackets or another delimiter of fzf's, or after a `:` to the end): those, a line each.
 */
export type ScriptFormat =
  | 'after-colon'
  | 'after-bang'
  | 'exec-action'
  | 'ssh-option'
  | 'debugger'
  | 'pipe-open'
  | 'ext-transport'
  | 'socat-address'
  | 'comma-argv'
  | 'program'
  | 'key-actions';

/**
 * How the shell parser takes a wrapper off the command it runs (`sudo -u x CMD`, `env X=1
 * CMD`, `timeout 5 CMD`): the options are the entry's own, read by `readArgv`. An option the
 * entry does not list, an option missing its value, or a computed word where an option or the
 * command belongs stops unwrapping, and the command is opaque: never guessed.
 */
export interface Unwrap {
  /** `NAME=value` words before the command are set in its environment (`env`, `sudo`). */
  assignments?: boolean;
  /** Lone `-` words before the command are options (`env -` is `env -i`). */
  dashOperands?: boolean;
  /** Given one of these options, no command runs (`sudo -l`, `command -v`, `ionice -p`). */
  noCommandWith?: readonly string[];
  /**
   * Those of `noCommandWith` with which it only prints what a name is and changes nothing
   * (`command -v NAME`, `command -V NAME`): read-only.
   */
  onlyPrintsWith?: readonly string[];
  /**
   * Given one of these options, the command follows the options even where the entry runs
   * none (`runuser -u USER CMD`).
   */
  commandWith?: readonly string[];
  /** Given one of these options, it is not unwrapped, for the reason given (`sudo -e` edits files). */
  refuse?: Readonly<Record<string, string>>;
  /**
   * With no command (nor script) after it, it starts a shell of its own — an opaque command,
   * for this reason; only given one of `with` when that is set (`sudo -s`). `kept`: it is then
   * not taken off (`su USER ARGS` passes its words to that shell).
   */
  withoutCommand?: { reason: string; with?: readonly string[]; kept?: boolean };
  /** Options whose value the wrapper splits into a command itself (`env -S`): read, never trusted. */
  splitString?: readonly string[];
  /** A script option may also come after the operands (`flock FILE -c CMD`). */
  scriptAfterOperands?: boolean;
  /** The operand at this place (after any lone `-`) is a script it runs (`sg GROUP CMD`). */
  scriptOperand?: number;
  /**
   * How its command runs when not as an argv: `sh-c` — its words are joined and run by `sh
   * -c` (`watch`), unless one of `unless` is given (`watch -x`); `input` — many times, with
   * arguments read from standard input (`xargs`), its words up to one starting with `until`
   * (`parallel CMD ::: a b`; no command when the first does).
   */
  runs?:
    | { as: 'sh-c'; unless?: readonly string[] }
    | {
        as: 'input';
        reason: string;
        until?: string;
        /**
         * With no command, each input line is a command line it runs (`… | parallel`), unless a
         * word starting with `until` gives the arguments instead (`parallel ::: a b`).
         */
        linesWithoutCommand?: boolean;
      };
  /**
   * Deny rules are matched at every later word as well, as for a runner the parser does not
   * unwrap (`chroot`, `su`, `doas`): for when its unwrapping stops.
   */
  everyLaterWord?: boolean;
  /**
   * It execs its command as an argv, never through a shell: each word after the command word is
   * one argument of it (`sudo chown $(whoami) x`, `xargs grep -n 'a b'`), not a command line —
   * unless an option of `withoutCommand.with` hands the words to a shell (`sudo -s`). Not
   * `watch` (`sh -c`), `su`/`runuser` (their shell), `flock -c`, `sg`, `script`, `parallel`.
   */
  argvOnly?: boolean;
  /**
   * It runs the command once, with the command's own words and as the same user, changing only
   * how it runs (its time limit, priority, buffering, session or environment): the read-only
   * classifier's verdict is the command's (`timeout 5 ls`). Not `sudo` (another user), `xargs`
   * (words from its input), `nohup` (writes `nohup.out`), `flock` (creates its lock file).
   */
  transparent?: boolean;
}

/**
 * How a file the command runs (`runsFiles`, a `runs-file` value) holds its shell commands when
 * it is not a shell script: `package-scripts` — the `"NAME": "CMD"` scripts of a package.json,
 * of which the run picks some (`runsScripts`); `ini-commands` — the `commands =` values
 * (`commands_pre`, `commands_post`, continuation lines included) of a tox.ini; `ftp-commands`
 * — an ftp, sftp or lftp command script, whose `!CMD` commands run in a local shell.
 */
export type RunsFormat = 'package-scripts' | 'ini-commands' | 'ftp-commands';

/**
 * Files a command writes without naming them (a crontab installed, `systemctl enable`'s unit
 * links, `git config`'s file): `files`, unless one of the options `unless` is given (`crontab
 * -l` only lists). `options` name another file instead, by spelling: a path, or `=` for the
 * option's value (`git config --global` → `~/.gitconfig`, `--file F` → `F`). `ifChanges`: only
 * when the read-only classifier does not find the command read-only (`git config NAME VALUE`
 * writes, `git config --get NAME` does not).
 */
export interface WritesFiles {
  files: readonly string[];
  unless?: readonly string[];
  options?: Readonly<Record<string, string>>;
  ifChanges?: boolean;
}

/** One example of a role or effect, checked when the table loads (`checkExamples`). */
export interface Example {
  /** The argv, as words. */
  argv: readonly string[];
  /** Word index → the role every reading gives it. */
  roles?: Readonly<Record<number, Role>>;
  /**
   * How many readings the reader makes of it: `1` says the table leaves no option's arity in
   * doubt (`mvn -DskipTests package`: the value is attached, `package` is the goal).
   */
  readings?: number;
  /**
   * The words a prefix rule proposed for it takes (`['gh', 'pr', 'list']`: `Bash(gh pr list:*)`),
   * `[]` for none (`man ls`: only an exact rule), as `prefixLength` reads the entry.
   */
  prefix?: readonly string[];
  /** Effects every reading has. */
  effects?: readonly Effect[];
  /** Effects no reading has. */
  notEffects?: readonly Effect[];
  /** Whether it prints a credential (see `printsCredentials`): some reading does, or none does. */
  credentials?: boolean;
  /** Whether it prints the environment (see `printsEnvironment`): some reading does, or none does. */
  environment?: boolean;
  /**
   * Whether some reading may run a command of its words: `false` when every reading reaches a
   * subcommand that runs none (`runsNoCommand`: `docker logs c`).
   */
  runsCommand?: boolean;
  /**
   * Command lines some reading holds (`script` values, settings that hold a command line: see
   * `commands/command-lines.ts`); `[]` when none does.
   */
  commandLines?: readonly string[];
  /**
   * Variables set for the example's command (`{ RSYNC_RSH: 'rm x' }`), whose command lines
   * (`commandEnv`) `commandLines` counts too.
   */
  variables?: Readonly<Record<string, string>>;
  /** Whether some reading runs the command lines it reads on standard input (see `stdinCommands`). */
  stdinCommands?: boolean;
  /** Whether some reading starts a shell that reads standard input (see `startsShell`). */
  startsShell?: boolean;
  /** Whether some reading turns on alias expansion (see `expandsAliases`). */
  expandsAliases?: boolean;
  /** The texts the readings replace by input lines (see `placeholders`); `[]` for none. */
  placeholders?: readonly string[];
  /** The words it writes to its output, joined by blanks (see `showsOutput: 'operands'`). */
  shows?: string;
  /**
   * The programs it copies, moves or links under another name, by basename (see `copiesFiles`:
   * `cp /bin/rm x` → `['rm']`); `[]` for none.
   */
  copies?: readonly string[];
  /**
   * Whether some reading execs a command of its words as an argv (see `Unwrap.argvOnly`): `false`
   * when it runs none, or every reading gives an option that starts a shell (`sudo -s CMD`).
   */
  execsArgv?: boolean;
  /**
   * Its words after the command word, joined by blanks, as the search for hidden commands reads
   * their `$` (see `dollarNotShell`: `awk '{print $1}'` → `{print _1}`).
   */
  dollars?: string;
  /** The words given as counts, as written (see `countOptions`: `make -j 4` → `['4']`); `[]` for none. */
  counts?: readonly string[];
  /**
   * The commands a runner runs as the allow side reads them (see `commandsRun`), each one's
   * words joined by blanks, in any order; `[]` for none.
   */
  runs?: readonly string[];
  /** Whether every reading prints only ids or names (see `printsIds`). */
  ids?: boolean;
  /** Whether some reading contacts a remote host (see `contactsRemote`). */
  contactsRemote?: boolean;
  /** Whether some reading only prints (see `unwrap.onlyPrintsWith`). */
  onlyPrints?: boolean;
  /**
   * Variables set for the example: one of `optionsEnv` gives its blank-separated words as
   * options before the argv's own, and the roles and effects are checked of that argv.
   */
  env?: Readonly<Record<string, string>>;
  /** Effects every reading of the argv with `env`'s options first has. */
  envEffects?: readonly Effect[];
  /** The files its `writesFiles` fact says it writes, joined by blanks. */
  writes?: string;
}

/** One entry of the table: a command, or a subcommand of one. */
export interface CommandFact extends ArgvFacts {
  /**
   * The names it is run by (the first is the canonical one); a name ending in `*` stands for
   * every name starting so (`docker-credential-*`), as a subcommand's name does
   * (`credential-*`), an exact name coming first.
   */
  names: readonly string[];
  /** One line: what it is. */
  summary: string;
  /**
   * What kind of program it is, for the consumers that group commands:
   * `shell` — runs a script from `-c`, a file operand or standard input;
   * `shell-like` — a shell of another language (csh family): reads its program the same ways,
   *   but the parser never reads its text as sh.
   */
  kind?: 'shell' | 'shell-like';
  /**
   * The language of its `code` words, for an interpreter that takes a program inline
   * (`python`, `node`, `perl`): the floor reads inline programs by it (`floor/interpreter-code.ts`).
   */
  language?: string;
  /**
   * A shell or interpreter that runs the program it reads on standard input when it is given
   * none otherwise — no `code` or `script` word, no `program-given` option, no first operand
   * (the script file) — or when its first operand is `-` or an option has `program-stdin`
   * (`… | python3`, `bash -s`, `python3 - ARGS`). `no-program` and `syntax-only` options make
   * it run none. The engine cannot see such a program (`engine/unseen-code.ts`).
   */
  stdinProgram?: boolean;
  /**
   * It runs the shell command lines it reads on standard input, now or later (`at`'s and
   * `batch`'s jobs, the crontab `crontab` installs), unless an option names them another way
   * (`program-given`: `at -f FILE`; a `script` value: `nix-shell --run CMD`), makes it run none (`no-program`: `at -l`, `crontab -e`),
   * or a `read` operand is the file (`crontab FILE`; `-` is standard input again). A `runs-file`
   * value that is standard input (`make -f -`) is read the same way, with no such fact. What
   * arrives there cannot be seen (`engine/unseen-code.ts`).
   */
  stdinCommands?: boolean;
  /**
   * With no command after its first operand (the host), it runs a login shell that reads its
   * commands on standard input (`… | ssh host`), unless an option opens none (`no-program`:
   * `ssh -N`); its options may follow that operand too (OpenSSH reads `ssh host -p 22` so).
   */
  loginShell?: boolean;
  /**
   * Given no command — no `script` option, and (of a runner) no word its reading places as one —
   * it starts an interactive shell, which reads its commands from standard input (`screen`,
   * `poetry shell`, `multipass shell VM`, `nix-shell -p PKG`), unless an option runs none
   * (`no-program`). What arrives there cannot be seen (`engine/unseen-code.ts`).
   */
  startsShell?: boolean;
  /**
   * A builtin that runs shell code in the current shell: `file` — the script its first operand
   * names (`source FILE`, `. FILE`), as a shell runs its script operand; `words` — its operands,
   * joined (`eval`). A computed word there is code the engine cannot see; a descriptor
   * (`. /dev/stdin`) is a program read from standard input.
   */
  runsShellCode?: 'file' | 'words';
  /**
   * Conditions (as for `printsCredentials`) under which it turns on alias expansion where the
   * shell would not do it (`shopt -s expand_aliases`, `set -o posix`): an alias defined later
   * may then run the words after it under a name no rule knows.
   */
  expandsAliases?: readonly string[];
  /**
   * Its settings define names that run their value as a command, with the words after the name
   * appended (`alias r=sudo`: `r rm x` runs `sudo rm x`); a value ending in a blank expands the
   * next word as such a name too.
   */
  definesAliases?: boolean;
  /**
   * Writes text the line shows to its standard output: `operands` — its operands, after any
   * leading clusters of its flags (`echo -n`), backslash escapes decoded or not (`printf
   * '\x72m'` and `echo -e` write `rm`: both spellings are checked); `copies-input` — what it
   * reads on standard input, where the line shows it (a here-doc or here-string given to `cat` or
   * `tee`, or the output of the command a pipe brings it from). The engine checks such text
   * written into a script the line then runs (`engine/written-scripts.ts`).
   */
  showsOutput?: 'operands' | 'copies-input';
  /**
   * For an interpreter (`language`): its double-quoted strings interpolate variables (`"$x"`,
   * `"#{x}"`), so a run call given one builds its command line at run time (Perl, Ruby, PHP).
   */
  interpolates?: boolean;
  /**
   * For an interpreter whose run calls share their names with other calls (JavaScript's `exec(`
   * is also a regular expression's): the APIs, as regular-expression source, without which no
   * run call counts (`child_process`, `Deno.Command`).
   */
  processApi?: string;
  /**
   * For an interpreter (`language`): the calls of its language that run a command line or an
   * argv (`os.system(`, `execSync(`, Perl's `system`), as regular-expression source. The floor
   * checks the literal command lines they are given; one built at run time is unseen code.
   */
  runCalls?: string;
  /**
   * For an interpreter (`language`): the calls and open modes of its language that change files
   * (or run commands, which may), as regular-expression source (`write(`, `os.rename(`,
   * `open(f, 'w')`, Perl's `'>'`). A program that makes one writes the files its string
   * literals name, for all the engine can tell (`protected/written-paths.ts`).
   */
  writeCalls?: string;
  /**
   * For an interpreter (`language`) or an awk: a `$` before a name or digit outside its strings
   * is its own field or variable (awk's `$1`, `$NF`; Perl's, PHP's `$x`, Ruby's `$0`) or no token
   * at all (Python, JavaScript, Lua), never a shell expansion: the search for hidden commands
   * does not read `{s+=$1}` as a command word computed at run time. Not Tcl (`$x` substitutes as
   * a shell does), nor, for now, bun and deno.
   */
  dollarNotShell?: boolean;
  /** Backquotes and `qx`/`%x` run shell commands in its language (Perl, Ruby, PHP). */
  shellQuotes?: boolean;
  /**
   * Files (relative to the working directory) whose text the command runs as shell commands:
   * a git hook a subcommand fires (`.git/hooks/pre-commit`), `.envrc`, a justfile; `-` is
   * standard input (`ftp` reads its commands there). A script the same command line writes
   * there (or pipes in) is checked by the deny rules; relative paths follow `chdir` values
   * (`git -C sub commit` → `sub/.git/hooks/pre-commit`).
   */
  runsFiles?: readonly string[];
  /** How the files it runs hold their shell commands, when not as a shell script. */
  runsFormat?: RunsFormat;
  /**
   * Which scripts of a `package-scripts` file run, each with its `pre`/`post` scripts: these
   * names, the first operand's (`npm run build`), or the subcommand's when the table does not
   * know it (`yarn build`); none when that word is absent.
   */
  runsScripts?: readonly string[] | 'operand' | 'subcommand';
  /**
   * Settings that move the directory of `runsFiles`: setting → the directory it replaces
   * (`core.hooksPath` → `.git/hooks`), set for one run by an option value `KEY=VALUE` (`git -c
   * core.hooksPath=h commit`) or for later runs by two operands `KEY VALUE` (`git config
   * core.hooksPath h`). Keys compare without case.
   */
  movesRunsFiles?: Readonly<Record<string, string>>;
  /**
   * The command writes its `KEY=VALUE` operands as settings into this file (`npm pkg set
   * scripts.x=CMD` → `package.json`), keeping the rest of it.
   */
  writesSettings?: string;
  /**
   * Settings the (sub)command stores from its operands, `KEY VALUE` or `KEY=VALUE` (`npm config
   * set script-shell CMD`, `npm set shell=CMD`), whose value is a command line the tool runs
   * later: their keys, compared without case. Such a value is checked as a command line now.
   */
  setsCommandSettings?: readonly string[];
  /** Its settings are written `KEY=VALUE` only, never as two words (`alias ls='ls -la'`). */
  assignedSettings?: boolean;
  /**
   * Keys of the settings the command reads whose value is a command line it runs (`core.pager`,
   * `diff.*.textconv`: a `*` stands for one or more characters; compared without case). They are
   * set for one run by a `settingOptions` value (`git -c core.pager=CMD log`) and stored for
   * later runs by `setsCommandSettings` (`git config core.pager CMD`); a leading `!` (git's
   * mark of a shell command) is not part of the command line.
   */
  commandSettings?: readonly string[];
  /**
   * The prefix of the settings that define the command's own aliases (`alias.`): a value
   * starting with `!` is a shell command line, any other one a command line of the command
   * itself (`git -c alias.p=push p` runs `git push`).
   */
  aliasSettings?: string;
  /**
   * The command connects to hosts its words name (URLs, `host port`, `--resolve` values): the
   * network floor reads every word for hosts. `localhost-shorthand`: a word starting with `:`
   * is a URL on localhost as well (`http :3000/x`, httpie and xh).
   */
  reachesHosts?: true | 'localhost-shorthand';
  /** Files the command writes that its words need not name (see `WritesFiles`). */
  writesFiles?: WritesFiles;
  /**
   * Its `NAME=VALUE` operands, and its environment, set variables whose value it may run as a
   * command line: make runs `$(CC)`, `$(RM)`, `$(SHELL)` … in its recipes (`make CC='rm -rf x'`,
   * `CC='rm -rf x' make`).
   */
  commandVariables?: boolean;
  /** The command prints a credential to its output (the floor denies it; see `PrintsCredentials`). */
  printsCredentials?: PrintsCredentials;
  /**
   * The command prints the environment's variables, or one whose name says it holds a secret
   * (the floor's env-dump check): `always`, or conditions as for `printsCredentials`, and also
   * `@empty` (no word after the command: `set`), `@none` (no operand: `printenv`, `declare -p`),
   * `@*=PATTERN` (some operand matches: `printenv GITHUB_TOKEN`), `@word=PATTERN` (some word
   * after the command matches, minding case: `ps -auxE`), `@last=PATTERN` (the last word matches: `ssh HOST
   * env`) and `@program` (its program text — the `pattern` word, or an operand — prints variables, by
   * `programLanguage`: awk's `ENVIRON`, jq's `env`). A `no-output` effect (`declare -f` lists functions) cancels it; a
   * `names-only` effect (`compgen -v`) makes it a list of names, which the floor denies only
   * where the output may be consumed.
   */
  printsEnvironment?: PrintsCredentials;
  /**
   * The command never prints, sends or copies the content of a file its words name: it
   * creates, deletes, changes metadata, counts or uses a key (`mkdir`, `ls`, `wc`, `chmod`,
   * `ssh-keygen`), or prints its words as data (`echo`). The floor reads none of its words.
   * On a subcommand (`git status`, `git log`), the words after the subcommand are not read,
   * unless an option has the effect `prints-content` (`git log -p`).
   */
  printsNoContent?: boolean;
  /**
   * The language of the program its `pattern` operand or option holds, whose file names the
   * floor reads: `sed` (`r FILE`, `w FILE`), `awk` (string literals), `jq` (`import "F"`, yq's
   * `load("F")`). Not an interpreter's `language`: no `code` words.
   */
  programLanguage?: 'sed' | 'awk' | 'jq';
  /**
   * It copies, moves or links the files its operands name to another name (`cp`, `mv`, `ln`,
   * `install`, `rsync`, `scp`, `link`): a program so copied (`cp /bin/rm /tmp/x`, `ln -s "$(which
   * rm)" del`) runs under a name no rule knows. The roles do not say it: `ln` writes every
   * operand, as `touch` does.
   */
  copiesFiles?: boolean;
  /**
   * Options whose value is a count — make's jobs and load (`-j`, `--jobs`, `-l`, …) — given
   * attached (`-j8`, `--jobs=8`) or, as the program takes an optional count, as the next word
   * (`make -j 8`): one number there. A command substitution that prints the processor count
   * (`-j$(nproc)`) is that number, not code.
   */
  countOptions?: readonly string[];
  /**
   * Given a `names-only` option, it prints only ids or names, one a line, none holding a blank or
   * shell syntax (`docker ps -q`, `kubectl get pods -o name`), unless an option its entry does
   * not list is given (`--format` may print anything): a command substitution of it alone
   * (`docker exec -it $(docker ps -qf name=db) psql`) is one word, where a runner takes a name.
   */
  printsIds?: boolean;
  /** The command writes, deletes or changes what its operands name (`rm`): the classifier's `mutating`. */
  mutates?: boolean;
  /**
   * The command runs code or commands given to it that its other facts do not spell out:
   * `program` — a program (a file, a class, inline text) in a language the engine does not read
   * (`java Main`, `julia -e CODE`, `tsx f.ts`, `eval`, `source`, awk's `system()`, make's
   * recipes); `prompt` — commands typed at its prompt or read on its input, some of which reach
   * a shell (`psql`'s `\!`, `sqlite3`'s `.shell`, `ed`'s, an editor's or a pager's `!CMD`, the
   * pager `man` runs). Like a shell's or an interpreter's, its word gets no prefix rule
   * (`Bash(man:*)`), and its words are searched for the command lines they may hold.
   */
  runsCode?: 'program' | 'prompt';
  /**
   * Its subcommands are groups whose first word names the action, listed here or not (`gh pr
   * list`, `aws s3 ls`, `az vm list`): a rule proposed for one names the action too. (A listed
   * subcommand with subcommands of its own is such a group anyway: `git stash list`.)
   */
  groupedSubcommands?: boolean;
  /**
   * The command (or subcommand) only reads: it is on the read-only classifier's allowlist,
   * unless a word says otherwise (a `write`, `command` or `script` role, a `writes`, `runs` or
   * `reads-listed` effect). `listed-options`: an option the entry does not list makes the
   * verdict unknown. `any-option`: no option it does not list writes or runs anything, so
   * such an option is harmless — but a prefix of a listed long option that writes or runs
   * counts as that option.
   */
  readOnly?: 'listed-options' | 'any-option';
  /** Subcommands by name; options before one are the command's global options. */
  subcommands?: Readonly<Record<string, Omit<CommandFact, 'names'> & { names?: readonly string[] }>>;
  /** How the shell parser unwraps it, when it is a wrapper the parser takes off (see `Unwrap`). */
  unwrap?: Unwrap;
  /** Environment variables the command obeys that change what it reads or runs. */
  env?: readonly string[];
  /**
   * Those of `env` whose value the command reads as options before its own (GNU tar's
   * `TAR_OPTIONS`, grep's `GREP_OPTIONS`): options the command line does not show. The read-only
   * classifier leaves any command given one of these variables unknown, and no word rule covers
   * the assignment.
   */
  optionsEnv?: readonly string[];
  /**
   * Those of `env` whose value is a command line the command runs (rsync's `RSYNC_RSH`, as its
   * `-e`): given to it (`RSYNC_RSH='rm -rf x' rsync …`, `env RSYNC_RSH=… rsync …`), the value is
   * read as the command line it is — the deny rules are matched at it and an allow rule on the
   * command does not cover it (`commandLinesIn`).
   */
  commandEnv?: readonly string[];
  /**
   * The (sub)command contacts a remote host — running ssh, a credential helper or the program a
   * setting names — unless one of `unless` is given (`git remote show` without `-n`): the
   * read-only classifier does not call it read-only, and a prefix rule that stops before the
   * subcommand does not cover it (`Bash(git:*)`; `Bash(git remote show:*)` does).
   */
  contactsRemote?: { unless?: readonly string[] };
  /**
   * The command reads its options as npm's nopt does, which the getopt notation does not model:
   * anywhere before `--`, in any case, `_` for `-`, by a prefix either way, pnpm's
   * `--config.NAME=VALUE`. The read-only classifier reads its `runs` and `writes` options that way
   * (`classifier/package-options.ts`).
   */
  optionStyle?: 'nopt';
  /** Examples of each role it declares. */
  examples?: readonly Example[];
}
