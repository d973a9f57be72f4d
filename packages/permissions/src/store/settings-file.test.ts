import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSettingsText, readSettingsFile } from './settings-file';

describe('settings files', () => {
  it('reads the three lists and the scalars', () => {
    const layer = parseSettingsText(
      JSON.stringify({
        other: { kept: true },
        permissions: {
          allow: ['Bash(git status:*)'],
          ask: ['WriteFile'],
          deny: ['Bash(rm:*)'],
          defaultMode: 'deny',
          readOnlyAutoAllow: true,
        },
      }),
      'f.json',
      'project',
    );
    expect(layer.errors).toEqual([]);
    expect(layer.allow).toEqual([{ kind: 'prefix', tool: 'Bash', argv: ['git', 'status'] }]);
    expect(layer.ask).toEqual([{ kind: 'tool', tool: 'WriteFile' }]);
    expect(layer.deny).toHaveLength(1);
    expect(layer.defaultMode).toBe('deny');
    expect(layer.readOnlyAutoAllow).toBe(true);
  });

  it('names file, line and column of a JSON syntax error', () => {
    const layer = parseSettingsText(
      '{\n  "permissions": {\n    "allow": ["ls",]\n  }\n}\n',
      '/x/settings.json',
      'local',
    );
    expect(layer.errors).toHaveLength(1);
    const [error] = layer.errors;
    expect(error!.code).toBe('settings_invalid_json');
    expect(error!.file).toBe('/x/settings.json');
    expect(error!.line).toBe(3);
    expect(error!.column).toBe(20);
    expect(error!.message).toMatch(/^\/x\/settings\.json:3:20: invalid JSON/);
  });

  it('names the line of a bad entry and keeps the valid deny rules', () => {
    const text = [
      '{',
      '  "permissions": {',
      '    "allow": ["Bash(ls:*)", 7],',
      '    "deny": ["Bash(rm:*)", "Bash(oops"],',
      '    "defaultMode": "maybe",',
      '    "alow": []',
      '  }',
      '}',
    ].join('\n');
    const layer = parseSettingsText(text, 's.json', 'project');
    const summary = layer.errors.map((error) => [error.code, error.line, error.column]);
    expect(summary).toEqual([
      ['settings_invalid_shape', 6, 13],
      ['settings_invalid_shape', 3, 29],
      ['rule_invalid', 4, 28],
      ['settings_invalid_shape', 5, 20],
    ]);
    expect(layer.deny).toEqual([{ kind: 'prefix', tool: 'Bash', argv: ['rm'] }]);
  });

  it('rejects a non-object document and non-array lists', () => {
    expect(parseSettingsText('[]', 'a', 'a').errors[0]!.code).toBe('settings_invalid_shape');
    expect(parseSettingsText('{"permissions": []}', 'a', 'a').errors[0]!.message).toContain(
      'permissions must be an object',
    );
    expect(
      parseSettingsText('{"permissions": {"deny": "Bash(rm:*)"}}', 'a', 'a').errors[0]!.message,
    ).toContain('must be an array');
  });

  it('treats a missing file as an empty layer and an unreadable one as an error', () => {
    const directory = mkdtempSync(path.join(os.tmpdir(), 'dexter-settings-'));
    const missing = readSettingsFile(path.join(directory, 'nope.json'), 'user');
    expect(missing).toMatchObject({ exists: false, errors: [] });
    const unreadable = readSettingsFile(directory, 'user'); // a directory: EISDIR
    expect(unreadable.errors[0]!.code).toBe('settings_io');
    const file = path.join(directory, 'bom.json');
    writeFileSync(file, '\uFEFF{"permissions":{"allow":["Bash(ls:*)"]}}');
    expect(readSettingsFile(file, 'user').allow).toHaveLength(1);
  });
});
