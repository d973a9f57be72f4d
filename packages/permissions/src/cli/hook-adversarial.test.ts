/**
 * The adversarial table (test/adversarial-cases.ts) through the hook: every attack as a
 * Claude Code `PreToolUse` Bash event and as a Gemini CLI `run_shell_command` event, answered
 * by `answerHookEvent` — the binary's code path without the process (hook.test.ts covers the
 * process) — under the settings files a team would have: none, a typical allow list, a deny
 * list. Nothing may come back `allow`; floor attacks are denied under every set, and attacks
 * that really run `rm` or `curl` are denied under the deny list. Benign commands are never
 * denied. The counts printed here are the ones docs/guides/guard-your-agent.md cites.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { attackCases, benignCases } from '../../test/adversarial-cases';
import { answerHookEvent, hookAdapters } from './hook';
import { parseHookOptions } from './hook-options';

const directory = mkdtempSync(path.join(os.tmpdir(), 'dexter-hook-adversarial-'));
const home = mkdtempSync(path.join(os.tmpdir(), 'dexter-hook-adversarial-home-'));
afterAll(() => {
  rmSync(directory, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

const settings = {
  none: {},
  allowList: {
    permissions: {
      allow: [
        'Bash(git status:*)',
        'Bash(ls:*)',
        'Bash(cat:*)',
        'Bash(grep:*)',
        'Bash(sort:*)',
        'Bash(find:*)',
        'Bash(echo:*)',
      ],
    },
  },
  denyList: { permissions: { deny: ['Bash(rm:*)', 'Bash(curl:*)'] } },
} as const;

function settingsFile(name: keyof typeof settings): string {
  const file = path.join(directory, `${name}.json`);
  writeFileSync(file, JSON.stringify(settings[name]));
  return file;
}

function decide(agent: 'claude-code' | 'gemini-cli', command: string, file: string): string {
  const event =
    agent === 'claude-code'
      ? { hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command }, cwd: directory }
      : {
          hook_event_name: 'BeforeTool',
          tool_name: 'run_shell_command',
          tool_input: { command },
          cwd: directory,
        };
  const answer = answerHookEvent(
    hookAdapters[agent]!,
    JSON.stringify(event),
    parseHookOptions(['--settings', file]),
    {
      env: {},
      homeDir: home,
      cwd: directory,
    },
  );
  if (answer.code !== 0) return 'blocked';
  if (answer.outcome?.kind !== 'decision') return 'pass';
  return answer.outcome.decision.behavior;
}

describe.each(['claude-code', 'gemini-cli'] as const)('the adversarial table through hook %s', (agent) => {
  it('allows no attack; denies floor attacks always and hidden rm/curl under the deny list', () => {
    const summary: string[] = [];
    for (const name of Object.keys(settings) as Array<keyof typeof settings>) {
      const file = settingsFile(name);
      const counts = { allow: 0, ask: 0, deny: 0, other: 0 };
      const allowed: string[] = [];
      const floorMisses: string[] = [];
      const bypasses: string[] = [];
      for (const attack of attackCases) {
        const behavior = decide(agent, attack.command, file);
        if (behavior === 'allow') {
          counts.allow++;
          allowed.push(attack.command);
        } else if (behavior === 'ask') counts.ask++;
        else if (behavior === 'deny') counts.deny++;
        else counts.other++;
        if (attack.floor && behavior !== 'deny') floorMisses.push(attack.command);
        if (name === 'denyList' && attack.hidesDenied && behavior !== 'deny') bypasses.push(attack.command);
      }
      summary.push(
        `${name}: ${attackCases.length} attacks → ${counts.deny} deny, ${counts.ask} ask, ${counts.allow} allow, ${counts.other} other; ${floorMisses.length} floor misses, ${bypasses.length} deny bypasses`,
      );
      expect({ name, allowed, floorMisses, bypasses }).toEqual({
        name,
        allowed: [],
        floorMisses: [],
        bypasses: [],
      });
      expect(counts.other).toBe(0);
    }
    console.log(`hook ${agent}, Bash events:\n  ${summary.join('\n  ')}`);
  }, 180_000);

  it('denies no benign command', () => {
    const denied: string[] = [];
    for (const name of Object.keys(settings) as Array<keyof typeof settings>) {
      const file = settingsFile(name);
      for (const benign of benignCases)
        if (decide(agent, benign.command, file) === 'deny') denied.push(`${name}: ${benign.command}`);
    }
    expect(denied).toEqual([]);
    console.log(`hook ${agent}: ${benignCases.length} benign commands × 3 settings, 0 denied`);
  }, 180_000);
});
