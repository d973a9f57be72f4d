/**
 * Two tools over one workspace directory: `bash` (runs a command there) and `write_file`
 * (writes a file inside it). Both declare their `permissionSubject`, so the permission
 * engine sees the command or the path and can classify the call.
 */
import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { defineTool } from '@dexter/registry';
import { z } from 'zod';

const run = promisify(execFile);

export function createWorkspaceTools(workspace: string) {
  const bash = defineTool({
    name: 'bash',
    inputSchema: z.object({ command: z.string() }),
    description: 'Runs a shell command in the workspace directory and returns its output.',
    compactDescription: 'Run a shell command in the workspace',
    permissionSubject: ({ command }) => ({ kind: 'shell', command, cwd: workspace }),
    async execute({ command }, { signal }) {
      const { stdout } = await run('bash', ['-c', command], { cwd: workspace, signal });
      return stdout;
    },
  });

  const writeFileTool = defineTool({
    name: 'write_file',
    inputSchema: z.object({ path: z.string(), content: z.string() }),
    description: 'Writes a text file inside the workspace, replacing it if it exists.',
    compactDescription: 'Write a file in the workspace',
    permissionSubject: ({ path }) => ({ kind: 'file', access: 'write', path }),
    async execute({ path, content }) {
      const target = resolve(workspace, path);
      if (relative(workspace, target).startsWith('..')) throw new Error(`${path} is outside the workspace`);
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, content);
      return `Wrote ${content.length} characters to ${path}`;
    },
  });

  return [bash, writeFileTool] as const;
}
