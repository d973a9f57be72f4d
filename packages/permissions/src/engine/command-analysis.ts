/**
 * What an evaluation works out about one simple command and asks again (decision 0062): the
 * command lines it hands to other programs (`hiddenCommandTexts`: read by the floor's hidden
 * secret reads, the deny rules and the allow step's `commandLinesRun`) and why it runs code the
 * engine cannot see (`unseenCodeReason`: read by the deny rules and the allow step). Each is
 * worked out on first ask and kept with the command, so every step reads the same answer. The
 * argv readings these come from are shared the same way (`readCommand`).
 *
 * Keyed by the command object: the shell layer's commands are not written after the parse
 * (decision 0056 checked that no consumer writes a command's fields), so an answer stays true
 * of its command. `forgetCommandAnalyses` empties it when an evaluation ends; bounded, since
 * hostile input may hold any number of commands (an answer forgotten is worked out again, the
 * same).
 */
import type { SimpleCommand } from '../shell/types';
import { hiddenCommandTexts } from './hidden-commands';
import { unseenCodeReason } from './unseen-code';

interface CommandAnalysis {
  texts: readonly string[] | undefined;
  /** `unseenCodeReason`'s answer once asked (`null`: asked, none). */
  unseen: string | null | undefined;
}

const ANALYSES = new Map<SimpleCommand, CommandAnalysis>();
const ANALYSES_KEPT = 1024;

function analysisOf(command: SimpleCommand): CommandAnalysis {
  let analysis = ANALYSES.get(command);
  if (analysis === undefined) {
    analysis = { texts: undefined, unseen: undefined };
    if (ANALYSES.size >= ANALYSES_KEPT) ANALYSES.clear();
    ANALYSES.set(command, analysis);
  }
  return analysis;
}

/** `hiddenCommandTexts(command)`, once per command and evaluation: read it, do not change it. */
export function commandTexts(command: SimpleCommand): readonly string[] {
  const analysis = analysisOf(command);
  return (analysis.texts ??= hiddenCommandTexts(command));
}

/** `unseenCodeReason(command)`, once per command and evaluation. */
export function unseenReason(command: SimpleCommand): string | undefined {
  const analysis = analysisOf(command);
  if (analysis.unseen === undefined) analysis.unseen = unseenCodeReason(command) ?? null;
  return analysis.unseen ?? undefined;
}

/** Forgets every command's answers: an evaluation's commands are not seen again once it ends. */
export function forgetCommandAnalyses(): void {
  if (ANALYSES.size > 0) ANALYSES.clear();
}
