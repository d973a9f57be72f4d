/**
 * Which redirects count as writes for the allow step. A write redirect creates or
 * truncates a file, so no word rule may allow it — except the three device files that
 * cannot be harmed by writing (`2>/dev/null` is in most agent commands). A redirect to
 * bash's network devices counts too, reading included: `cat < /dev/tcp/host/80` opens a
 * connection, which no rule about `cat` covers.
 */
import type { ShellRedirect, SimpleCommand } from '../shell/types';

const harmlessTargets = new Set(['/dev/null', '/dev/stdout', '/dev/stderr']);

/** True for bash's network devices, `/dev/tcp/…` and `/dev/udp/…` (two prefix tests: no regex call per redirect). */
function isNetworkDevice(target: string): boolean {
  return target.startsWith('/dev/tcp/') || target.startsWith('/dev/udp/');
}

/**
 * True when the redirect writes to a file other than `/dev/null`, `/dev/stdout`,
 * `/dev/stderr`, or opens a network connection (`/dev/tcp/…`, `/dev/udp/…`).
 */
export function isWriteRedirect(redirect: ShellRedirect): boolean {
  if (isNetworkDevice(redirect.target) && !redirect.operator.startsWith('<<')) return true;
  if (!redirect.write) return false;
  return redirect.dynamic || !harmlessTargets.has(redirect.target);
}

/** True when any redirect of the command writes a file (see `isWriteRedirect`). */
export function hasWriteRedirect(command: SimpleCommand): boolean {
  // An index loop: this runs for every command that gets a proposal, most with no redirect.
  const redirects = command.redirects;
  for (let i = 0; i < redirects.length; i++) if (isWriteRedirect(redirects[i]!)) return true;
  return false;
}

/**
 * The text a command reads on standard input when the engine can see all of it: the last
 * redirect of standard input is a literal here-document or here-string (`python3 <<'EOF'`,
 * `sh <<< 'echo hi'`). Undefined for a file, a pipe or computed text.
 */
export function literalStdin(command: SimpleCommand): string | undefined {
  let last: ShellRedirect | undefined;
  for (const redirect of command.redirects) {
    if ((redirect.fd === undefined || redirect.fd === 0) && redirect.operator.startsWith('<'))
      last = redirect;
  }
  return last?.text;
}
