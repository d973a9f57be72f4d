/**
 * Stable, machine-readable codes for the parser's opaque reasons. The reasons themselves are
 * English for people (`'command substitution in [[ ]]'`, `'syntax error near offset 12'`,
 * `'sudo: unknown option -Z'`) and may be reworded; a code names the kind of construct and
 * does not change. Where a reason is found (`… in [[ ]]`, `… in a nested script`) is not part
 * of its code. A reason no entry knows maps to `other` (a test holds that every reason the
 * parser gives on the corpora has a code of its own).
 */

/** The codes, each with the reasons it stands for (first match wins). */
const CODES: ReadonlyArray<readonly [string, RegExp]> = [
  // Input the parser refused or could not finish.
  ['not_a_string', /^input is not a string$/],
  ['rejected_character', /^rejected: /],
  ['length_cap', /^input longer than the length cap$/],
  ['command_cap', /^more commands than the command cap$/],
  ['depth_cap', /^nesting deeper than the depth cap$/],
  ['fallback_scan', /^best-effort scan /],
  ['internal_error', /^internal parser error$/],
  ['syntax_error', /^syntax error|^unterminated |^backslash at end of input$/],
  // Words computed at run time.
  ['parameter_expansion', /^parameter expansion$/],
  ['command_substitution', /^command substitution$/],
  ['arithmetic_expansion', /^arithmetic expansion$/],
  ['process_substitution', /^process substitution$/],
  ['glob', /^unquoted glob$/],
  ['brace_expansion', /^brace expansion$/],
  ['tilde_expansion', /^tilde expansion$/],
  ['locale_escape', /^ANSI-C string with locale-dependent escapes$/],
  ['locale_string', /^locale-translated string$/],
  ['dynamic_assignment', /^dynamic assignment$/],
  ['dynamic_word', /^dynamic word$/],
  ['dynamic_redirection', /^dynamic redirection target$/],
  ['subscript_evaluation', /^array subscript evaluated as arithmetic/],
  ['continuation_in_expansion', /^line continuation inside an expansion$/],
  // Constructs whose effect the analysis does not follow.
  ['here_document', /^here-document$/],
  ['named_fd_redirection', /^redirection to a named file descriptor$/],
  ['arithmetic_command', /^arithmetic (?:command|for loop)$/],
  ['function_definition', /^function definition$/],
  ['coproc', /^coproc$/],
  ['reserved_word_position', /^reserved word as a /],
  ['conditional_expression', /^(?:empty|unrecognized) \[\[ \]\]/],
  // Commands that run other commands from text or input.
  ['stdin_script', /^a shell runs a here-document or here-string as a script$/],
  ['eval', /^eval runs its arguments as a script$/],
  ['trap', /^trap (?:runs its action as a script|with a non-literal action)$/],
  [
    'script_string',
    /^\S+ (?:-c runs a script string|-c with a non-literal script|runs a script string|runs its arguments through sh -c|-c with a non-literal script)$|^env: -S /,
  ],
  ['starts_shell', /^\S+ starts (?:a shell|an interactive shell)/],
  // `./script`: a wrapper's name run from the project's tree (decision 0061), no shell claimed.
  ['project_program', /^\S+ is a program of the project, not /],
  [
    'input_arguments',
    /^(?:xargs appends arguments read from input|parallel builds commands from its input)$/,
  ],
  ['find_exec', /^find -\S+ substitutes file names$/],
  [
    'wrapper_option',
    /^\S+: (?:unknown option|option -|dynamic word where|-e edits files|dynamic duration|-u$|command not understood)/,
  ],
];

const SUFFIX = / in (?:\[\[ \]\]|a nested script)$/;

/** Codes already worked out, by reason (reasons repeat; bounded, as hostile input may not). */
const known = new Map<string, string>();

/** The stable code of one opaque reason (`'command substitution in [[ ]]'` → `command_substitution`). */
export function opaqueReasonCode(reason: string): string {
  let code = known.get(reason);
  if (code === undefined) {
    code = codeOf(reason);
    if (known.size >= 1024) known.clear();
    known.set(reason, code);
  }
  return code;
}

function codeOf(reason: string): string {
  let text = reason;
  // A reason can carry both (`… in [[ ]] in a nested script`).
  while (SUFFIX.test(text)) text = text.replace(SUFFIX, '');
  for (const [code, pattern] of CODES) if (pattern.test(text)) return code;
  return 'other';
}

/** The codes of a list of reasons, each once, in the order they first appear. */
export function opaqueReasonCodes(reasons: readonly string[]): string[] {
  const codes: string[] = [];
  for (const reason of reasons) {
    const code = opaqueReasonCode(reason);
    if (!codes.includes(code)) codes.push(code);
  }
  return codes;
}

/** Every code `opaqueReasonCode` can return, `other` last. */
export const OPAQUE_REASON_CODES: readonly string[] = [...CODES.map(([code]) => code), 'other'];
