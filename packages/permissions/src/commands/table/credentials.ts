/**
 * Commands whose output is a credential, beyond those the floor's own list still holds
 * (`floor/credential-commands.ts`): infrastructure state and configuration printed with its
 * secrets, platform configuration variables, a secrets manager's secrets.
 */
import type { CommandFact } from '../types';

/** pulumi's `--show-secrets`: secret values in clear instead of `[secret]`. */
const SHOW_SECRETS = {
  summary: 'prints secret values in clear with --show-secrets',
  long: 'show-secrets json stack= cwd=',
  abbreviations: true,
  printsCredentials: ['--show-secrets'],
} as const;

export const CREDENTIALS: readonly CommandFact[] = [
  {
    names: ['pulumi'],
    summary: 'infrastructure as code',
    long: 'cwd= color= non-interactive',
    permute: false,
    subcommands: {
      stack: { ...SHOW_SECRETS, subcommands: { output: SHOW_SECRETS, export: SHOW_SECRETS } },
      config: SHOW_SECRETS,
      preview: SHOW_SECRETS,
      up: SHOW_SECRETS,
      update: SHOW_SECRETS,
      refresh: SHOW_SECRETS,
      destroy: SHOW_SECRETS,
    },
    examples: [
      { argv: ['pulumi', 'stack', 'output', '--show-secrets'], credentials: true },
      { argv: ['pulumi', 'config', '--show-secrets', '--json'], credentials: true },
      { argv: ['pulumi', 'stack', 'output'], credentials: false },
    ],
  },
  {
    names: ['heroku'],
    summary: 'the Heroku CLI',
    subcommands: {
      'auth:token': { summary: 'prints the API token', printsCredentials: 'always' },
      // An app's configuration variables: its database URL, API keys.
      config: { summary: 'prints the configuration variables', printsCredentials: 'always' },
      'config:get': { summary: 'prints one configuration variable', printsCredentials: 'always' },
    },
    examples: [
      { argv: ['heroku', 'config', '-a', 'app'], credentials: true },
      { argv: ['heroku', 'apps'], credentials: false },
    ],
  },
  {
    names: ['vercel'],
    summary: 'the Vercel CLI',
    subcommands: {
      env: {
        summary: 'environment variables',
        subcommands: {
          // Writes the project's environment, secrets in clear, to `.env.local` (or a named file).
          pull: { summary: 'writes the environment to a dotenv file', printsCredentials: 'always' },
        },
      },
    },
    examples: [
      { argv: ['vercel', 'env', 'pull'], credentials: true },
      { argv: ['vercel', 'env', 'ls'], credentials: false },
    ],
  },
];
