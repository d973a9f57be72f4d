/**
 * De-duplication of simple commands for the floor and deny steps. Those checks look only
 * at a command's own content, so on a huge input (a capped 1 MB paste is mostly repeats)
 * each distinct command needs checking once. The key covers every field a check reads.
 */
import type { SimpleCommand } from '../shell/types';

/** The key of everything a floor or deny check can look at in a command. */
function contentKey(command: SimpleCommand): string {
  let key = `${command.context}${command.readsPipe ? '|' : ''}\u0001${command.unwrapped.opaqueReason ?? ''}`;
  for (const word of command.words)
    key += `\u0001${word.dynamic ? 'd' : ''}${word.glob ? 'g' : ''}${word.quoted ? 'q' : ''}${word.raw}\u0002${word.value}`;
  for (const word of command.unwrapped.words) key += `\u0003${word.value}`;
  for (const assignment of command.assignments)
    key += `\u0004${assignment.form}${assignment.dynamic ? 'd' : ''}${assignment.name}=${assignment.value}`;
  for (const assignment of command.unwrapped.assignments)
    key += `\u0004${assignment.form}${assignment.dynamic ? 'd' : ''}${assignment.name}=${assignment.value}`;
  for (const redirect of command.redirects)
    key += `\u0005${redirect.dynamic ? 'd' : ''}${redirect.fd ?? ''}${redirect.operator}${redirect.target}`;
  for (const reason of command.opaqueReasons) key += `\u0006${reason}`;
  return key;
}

/** The commands of `commands` with distinct content, first occurrence kept, in order. */
export function distinctCommands(commands: readonly SimpleCommand[]): SimpleCommand[] {
  const seen = new Set<string>();
  const out: SimpleCommand[] = [];
  for (const command of commands) {
    const key = contentKey(command);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(command);
  }
  return out;
}
