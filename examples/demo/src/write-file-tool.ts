/**
 * `write_file`: writes a text file inside the demo's workspace directory. A write, so it is
 * not concurrency-safe and its default approval is `ask`; the permission engine sees the
 * path through `permissionSubject` (rules like `WriteFile(reports/**)` match it).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import { defineTool } from '@dexter/registry';
import { z } from 'zod';

export function createWriteFileTool(workspace: string) {
  const inside = (path: string) => {
    const target = resolve(workspace, path);
    const rel = relative(workspace, target);
    if (rel.startsWith('..') || isAbsolute(rel))
      throw new Error(`${path} is outside the workspace ${workspace}`);
    return target;
  };
  return defineTool({
    name: 'write_file',
    inputSchema: z.object({
      path: z.string().min(1).describe('File path relative to the workspace, e.g. report.md'),
      content: z.string().describe('The full text to write'),
    }),
    description:
      'Writes a text file in the workspace, replacing it if it exists. Use it to save reports the user asked for; do not use it for scratch notes.',
    compactDescription: 'Write a text file in the workspace',
    approval: 'ask',
    permissionSubject: ({ path }) => ({ kind: 'file', access: 'write', path: inside(path) }),
    async execute({ path, content }) {
      const target = inside(path);
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, content, 'utf8');
      return { path: relative(workspace, target), bytes: Buffer.byteLength(content) };
    },
  });
}
