import { describe, expect, it } from 'vitest';
import type { PermissionRequest } from '../decision';
import {
  describeSessionKey,
  normalizeFilePath,
  requestMatchesRule,
  rulesAlwaysWouldSave,
} from './approval-scope';
import { createPermissionEngine } from './create-permission-engine';
import { bashSessionKey, fileWriteSessionKey, toolSessionKey } from './session-key';

const write = (path: string): PermissionRequest => ({
  tool: 'write_file',
  input: {},
  subject: { kind: 'file', access: 'write', path },
});
const bash = (command: string): PermissionRequest => ({ tool: 'Bash', input: { command }, cwd: '/repo' });

describe('describeSessionKey', () => {
  it('reads the keys the engine builds', () => {
    expect(describeSessionKey(fileWriteSessionKey)).toBe(
      'every file write inside the project, for this session',
    );
    expect(describeSessionKey(bashSessionKey('git   push', '/repo'))).toBe(
      'this exact command (git push) in /repo, for this session',
    );
    expect(describeSessionKey(toolSessionKey('WebSearch'))).toBe('every websearch call in this session');
    const fetch = createPermissionEngine().decide({
      tool: 'web_fetch',
      input: { url: 'https://example.com/a' },
    });
    expect(describeSessionKey(fetch.sessionKey)).toBe('every webfetch call to example.com in this session');
    expect(describeSessionKey('my-key')).toBe('every call with the session key "my-key" in this session');
  });
});

describe('normalizeFilePath', () => {
  it('folds `.` and `..` as the engine does before matching', () => {
    expect(normalizeFilePath('src/../package.json', '/repo')).toEqual({
      absolute: '/repo/package.json',
      relative: 'package.json',
    });
    expect(normalizeFilePath('./src/b.ts', '/repo')).toEqual({
      absolute: '/repo/src/b.ts',
      relative: 'src/b.ts',
    });
    expect(normalizeFilePath('../other/x', '/repo')).toEqual({ absolute: '/other/x' });
    expect(normalizeFilePath('', '/repo')).toBeUndefined();
  });

  it('without any cwd, gives no relative form to an absolute path or one that climbs out', () => {
    expect(normalizeFilePath('./src/b.ts', undefined)?.relative).toBe('src/b.ts');
    expect(normalizeFilePath('src/', undefined)?.relative).toBe('src');
    expect(normalizeFilePath('/src/b.ts', undefined)?.relative).toBeUndefined();
    expect(normalizeFilePath('../src/b.ts', undefined)?.relative).toBeUndefined();
    expect(normalizeFilePath('src/../../src/b.ts', undefined)?.relative).toBeUndefined();
  });
});

describe('a session answer for a file write', () => {
  it('covers writes inside the project only: one outside is not cacheable', () => {
    const engine = createPermissionEngine({ cwd: '/repo' });
    for (const path of ['src/a.ts', './src/b.ts', '/repo/README.md']) {
      const decision = engine.decide(write(path));
      expect([decision.behavior, decision.cacheable, decision.sessionKey], path).toEqual([
        'ask',
        true,
        'file-write',
      ]);
    }
    for (const path of ['/etc/hosts', '../other/x', 'src/../../x', '/tmp/out.txt']) {
      const decision = engine.decide(write(path));
      expect([decision.behavior, decision.cacheable], path).toEqual(['ask', false]);
    }
    // Reads are not session-keyed as writes, and keep their grants.
    expect(
      engine.decide({
        tool: 'read_file',
        input: {},
        subject: { kind: 'file', access: 'read', path: '/etc/hosts' },
      }).cacheable,
    ).toBe(true);
  });
});

describe('an engine that knows no working directory', () => {
  // Project-relative globs are about the project; with no cwd the engine cannot tell where
  // an absolute path or a `..` path lands, so no such glob covers it (it asks).
  const engine = createPermissionEngine({ rules: { allow: ['Write(src/**)', 'Write(**)', 'Read(**)'] } });
  const decide = (request: PermissionRequest) => engine.decide(request).behavior;
  const read = (path: string): PermissionRequest => ({
    tool: 'read_file',
    input: {},
    subject: { kind: 'file', access: 'read', path },
  });

  it('matches relative paths inside the project as before', () => {
    expect(decide(write('src/a.ts'))).toBe('allow');
    expect(decide(write('./src/b.ts'))).toBe('allow');
    expect(decide(read('.'))).toBe('allow');
  });

  it('does not let a project glob cover a path outside it', () => {
    for (const path of ['/src/a.ts', '/etc/hosts', '../src/a.ts', 'src/../../x']) {
      expect(decide(write(path)), path).toBe('ask');
      expect(decide(read(path)), path).toBe('ask');
    }
    expect(engine.cwd).toBeUndefined();
  });

  it('with a cwd, an absolute path inside it still matches', () => {
    const rooted = createPermissionEngine({ cwd: '/repo', rules: { allow: ['Write(src/**)'] } });
    expect(rooted.cwd).toBe('/repo');
    expect(rooted.decide(write('/repo/src/a.ts')).behavior).toBe('allow');
    expect(rooted.decide(write('/src/a.ts')).behavior).toBe('ask');
  });
});

describe('requestMatchesRule', () => {
  it('matches file paths after normalization', () => {
    expect(requestMatchesRule(write('src/../package.json'), 'Write(src/**)', { cwd: '/repo' })).toBe(false);
    expect(requestMatchesRule(write('./src/b.ts'), 'Write(src/**)', { cwd: '/repo' })).toBe(true);
    expect(requestMatchesRule(write('/repo/src/b.ts'), 'Edit(src/**)', { cwd: '/repo' })).toBe(true);
  });

  it('needs every command of a compound covered, and the floor still holds', () => {
    expect(requestMatchesRule(bash('npm run build'), 'Bash(npm run:*)')).toBe(true);
    expect(requestMatchesRule(bash('npm run build && curl x | sh'), 'Bash(npm run:*)')).toBe(false);
    expect(requestMatchesRule(bash('cat .env'), 'Bash(cat:*)')).toBe(false);
  });

  it('rejects a rule it cannot parse', () => {
    expect(() => requestMatchesRule(bash('ls'), 'Bash(')).toThrow();
  });
});

describe('rulesAlwaysWouldSave', () => {
  it('proposes nothing when an ask rule decided', () => {
    const engine = createPermissionEngine({ cwd: '/repo', rules: { ask: ['Bash(git push:*)'] } });
    const asked = engine.decide(bash('git push origin main'));
    expect(asked.behavior).toBe('ask');
    expect(rulesAlwaysWouldSave(asked)).toEqual([]);
    const plain = createPermissionEngine({ cwd: '/repo' }).decide(bash('npm run build'));
    expect(rulesAlwaysWouldSave(plain)).toEqual(plain.proposedRules);
    expect(rulesAlwaysWouldSave(plain).length).toBeGreaterThan(0);
  });
});
