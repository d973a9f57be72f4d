/**
 * Commands whose output is a credential: cloud CLIs' access tokens and secret values, password
 * managers and keychains, decrypted files, infrastructure state and configuration printed with
 * its secrets, platform configuration variables. (gh, kubectl, op, chamber and git — `git
 * credential fill`, `git credential-*` — are in their own families' files.)
 */
import type { CommandFact } from '../types';

/** A configuration key whose name says it holds a secret. */
const SECRET_KEY = '.*(?:secret|token|passw(?:or)?d|pwd|api_?key|private_?key|access_?key|credential).*';

/** pulumi's `--show-secrets`: secret values in clear instead of `[secret]`. */
const SHOW_SECRETS = {
  summary: 'prints secret values in clear with --show-secrets',
  long: 'show-secrets json stack= cwd=',
  abbreviations: true,
  printsCredentials: ['--show-secrets'],
} as const;

type Sub = NonNullable<CommandFact['subcommands']>[string];

/** pass's subcommands that print no password (`pass ls`, `pass git push`, `pass insert x`). */
const PASS_SUBCOMMANDS =
  'init|ls|list|find|search|insert|add|edit|generate|rm|remove|delete|mv|rename|cp|copy|git|otp|help|version';

/** A subcommand that prints a credential whatever its options. */
const PRINTS = (summary: string): Sub => ({ summary, printsCredentials: 'always' });

/**
 * gcloud's ssh commands: `--command=CMD` runs a command line on the VM (or the Cloud Shell), and
 * the words after `-- ` go to ssh after the host, so past ssh's options they are the remote
 * command (`gcloud compute ssh vm -- rm -rf x`), joined and read by the remote shell as ssh's are.
 */
const GCLOUD_SSH: Sub = {
  summary: 'opens an ssh session; --command, or the words after --, run a command line there',
  long:
    'command= zone= container= ssh-flag= ssh-key-file= strict-host-key-checking= worker= ' +
    'internal-ip tunnel-through-iap dry-run plain troubleshoot',
  values: { '--command': 'script' },
  wrapper: 'any-later-word',
  // gcloud reads its options anywhere before `--` (`gcloud compute ssh vm --zone z`).
  permute: true,
  commandAfter: 1,
  loginShell: true,
};

/** gcloud's token printers and ssh commands, at the top and under `alpha`/`beta`. */
const GCLOUD_GROUPS: Record<string, Sub> = {
  compute: {
    summary: 'Compute Engine',
    subcommands: {
      ssh: GCLOUD_SSH,
      tpus: {
        summary: 'Cloud TPUs',
        subcommands: {
          'tpu-vm': { summary: 'TPU VMs', subcommands: { ssh: GCLOUD_SSH } },
          'queued-resources': { summary: 'queued TPU resources', subcommands: { ssh: GCLOUD_SSH } },
        },
      },
    },
  },
  'cloud-shell': { summary: 'Cloud Shell', subcommands: { ssh: GCLOUD_SSH } },
  workstations: { summary: 'Cloud Workstations', subcommands: { ssh: GCLOUD_SSH } },
  auth: {
    summary: 'credentials',
    subcommands: {
      'print-access-token': PRINTS('prints an OAuth access token'),
      'print-identity-token': PRINTS('prints an identity token'),
      'print-refresh-token': PRINTS('prints a refresh token'),
      'application-default': {
        summary: 'application default credentials',
        subcommands: { 'print-access-token': PRINTS('prints an OAuth access token') },
      },
    },
  },
  secrets: {
    summary: 'Secret Manager',
    subcommands: {
      versions: {
        summary: 'secret versions',
        subcommands: { access: PRINTS("prints a secret version's value") },
      },
    },
  },
  // `config config-helper` prints the active account's access token.
  config: { summary: 'configuration', subcommands: { 'config-helper': PRINTS('prints an access token') } },
};

/** aws's `ssm get-parameter…`: decrypted SecureString values with `--with-decryption`. */
const SSM_GET: Sub = {
  summary: 'gets parameters; decrypted with --with-decryption',
  long: 'with-decryption no-with-decryption name= names= path=',
  printsCredentials: ['--with-decryption'],
};

/** sops's `exec-env` and `exec-file`: the file, then the command line run with its secrets. */
const SOPS_EXEC = {
  summary: 'runs a command line with the secrets of a file',
  long: 'background no-fifo user= filename= pristine same-process input-type= output-type=',
  operands: ['unknown', 'script'],
} as const;

export const CREDENTIALS: readonly CommandFact[] = [
  {
    names: ['pulumi'],
    summary: 'infrastructure as code',
    long: 'cwd= color= non-interactive',
    permute: false,
    subcommands: {
      stack: { ...SHOW_SECRETS, subcommands: { output: SHOW_SECRETS, export: SHOW_SECRETS } },
      config: {
        ...SHOW_SECRETS,
        subcommands: {
          // Prints one value, a secret one decrypted: denied when the key's name says it is a
          // secret (`dbPassword`, `apiToken`), as `printenv NAME` is; other keys stay as they were.
          get: {
            summary: 'prints one configuration value, decrypted',
            short: 'jC:s:',
            long: 'json open path stack= cwd= config-file=',
            printsCredentials: [`@0=${SECRET_KEY}`],
          },
        },
      },
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
      { argv: ['pulumi', 'config', 'get', 'app:dbPassword'], credentials: true },
      { argv: ['pulumi', 'config', 'get', '--path', 'stripe.apiKey'], credentials: true },
      { argv: ['pulumi', 'config', 'get', 'aws:region'], credentials: false },
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
  {
    names: ['gcloud'],
    summary: 'the Google Cloud CLI',
    long: 'project= account= configuration= format= verbosity= impersonate-service-account= billing-project= flags-file= quiet log-http',
    values: { '--project': 'name', '--account': 'name', '--configuration': 'name' },
    subcommands: {
      ...GCLOUD_GROUPS,
      alpha: { summary: 'alpha commands', subcommands: GCLOUD_GROUPS },
      beta: { summary: 'beta commands', subcommands: GCLOUD_GROUPS },
    },
    examples: [
      { argv: ['gcloud', '--project', 'p', 'auth', 'print-access-token'], credentials: true },
      { argv: ['gcloud', 'beta', 'auth', 'application-default', 'print-access-token'], credentials: true },
      { argv: ['gcloud', 'secrets', 'versions', 'access', 'latest', '--secret=x'], credentials: true },
      { argv: ['gcloud', 'auth', 'list'], credentials: false },
      {
        argv: ['gcloud', 'compute', 'ssh', 'vm', '--zone', 'z', '--command=rm -rf x'],
        commandLines: ['rm -rf x'],
      },
      {
        argv: ['gcloud', 'beta', 'compute', 'tpus', 'tpu-vm', 'ssh', 'tpu', '--command', 'ls'],
        commandLines: ['ls'],
      },
      { argv: ['gcloud', 'compute', 'ssh', 'vm'], commandLines: [], runs: [] },
      { argv: ['gcloud', 'compute', 'ssh', 'vm', '--zone', 'z', '--', 'rm', '-rf', 'x'], runs: ['rm -rf x'] },
      { argv: ['gcloud', 'compute', 'ssh', 'vm', '--command=ls'], runs: [] },
    ],
  },
  {
    names: ['az'],
    summary: 'the Azure CLI',
    // `az vm list`: every subcommand is a group of actions.
    groupedSubcommands: true,
    subcommands: {
      account: { summary: 'accounts', subcommands: { 'get-access-token': PRINTS('prints an access token') } },
      keyvault: {
        summary: 'Key Vault',
        subcommands: {
          secret: { summary: 'secrets', subcommands: { show: PRINTS("prints a secret's value") } },
        },
      },
    },
    examples: [
      { argv: ['az', 'account', 'get-access-token'], credentials: true },
      { argv: ['az', 'keyvault', 'secret', 'show', '--name', 'x', '--vault-name', 'v'], credentials: true },
      { argv: ['az', 'keyvault', 'secret', 'list'], credentials: false },
      { argv: ['az', 'vm', 'list'], prefix: ['az', 'vm', 'list'] },
    ],
  },
  {
    names: ['aws'],
    summary: 'the AWS CLI',
    // `aws s3 ls`: every subcommand (a service) is a group of actions.
    groupedSubcommands: true,
    long: 'profile= region= output= endpoint-url= query= color= ca-bundle= cli-read-timeout= cli-connect-timeout= cli-binary-format= debug no-verify-ssl no-paginate no-sign-request',
    values: { '--profile': 'name', '--region': 'name' },
    subcommands: {
      secretsmanager: {
        summary: 'Secrets Manager',
        subcommands: {
          'get-secret-value': PRINTS("prints a secret's value"),
          'batch-get-secret-value': PRINTS('prints secret values'),
        },
      },
      ssm: {
        summary: 'Systems Manager',
        subcommands: {
          'get-parameter': SSM_GET,
          'get-parameters': SSM_GET,
          'get-parameters-by-path': SSM_GET,
          'get-parameter-history': SSM_GET,
        },
      },
      configure: {
        summary: 'configuration',
        subcommands: {
          'export-credentials': PRINTS('prints the credentials in use'),
          // `configure get aws_secret_access_key`: a setting whose name says it is a secret.
          get: {
            summary: 'prints one setting',
            long: 'profile=',
            printsCredentials: ['@0=.*(?:secret|token|key).*'],
          },
        },
      },
      sso: {
        summary: 'single sign-on',
        subcommands: { 'get-role-credentials': PRINTS('prints role credentials') },
      },
      sts: {
        summary: 'Security Token Service',
        subcommands: {
          'get-session-token': PRINTS('prints temporary credentials'),
          'get-federation-token': PRINTS('prints temporary credentials'),
          'assume-role': PRINTS('prints temporary credentials'),
          'assume-role-with-saml': PRINTS('prints temporary credentials'),
          'assume-role-with-web-identity': PRINTS('prints temporary credentials'),
        },
      },
      codeartifact: {
        summary: 'CodeArtifact',
        subcommands: { 'get-authorization-token': PRINTS('prints a repository token') },
      },
    },
    examples: [
      { argv: ['aws', '--profile', 'p', 'configure', 'get', 'aws_secret_access_key'], credentials: true },
      { argv: ['aws', 'configure', 'get', 'region'], credentials: false },
      { argv: ['aws', 'ssm', 'get-parameter', '--name', 'x', '--with-decryption'], credentials: true },
      { argv: ['aws', 'ssm', 'get-parameter', '--name', 'x'], credentials: false },
      { argv: ['aws', 'sts', 'get-caller-identity'], credentials: false },
      { argv: ['aws', 's3', 'ls'], prefix: ['aws', 's3', 'ls'] },
    ],
  },
  {
    names: ['security'],
    summary: "macOS's keychain tool",
    subcommands: {
      // `-w` prints only the password, `-g` the password with the item's attributes.
      'find-generic-password': {
        summary: 'finds a password item',
        short: 'a:s:c:C:D:G:j:l:r:k:gw',
        printsCredentials: ['-g', '-w'],
      },
      'find-internet-password': {
        summary: 'finds an internet password item',
        short: 'a:s:c:C:d:D:j:l:p:P:r:t:gw',
        printsCredentials: ['-g', '-w'],
      },
      'dump-keychain': PRINTS("prints a keychain's items"),
    },
    examples: [
      { argv: ['security', 'find-generic-password', '-s', 'x', '-gw'], credentials: true },
      { argv: ['security', 'find-generic-password', '-s', 'x'], credentials: false },
    ],
  },
  {
    names: ['secret-tool'],
    summary: "the Secret Service's command-line client",
    subcommands: { lookup: PRINTS("prints a secret's value") },
    examples: [{ argv: ['secret-tool', 'lookup', 'service', 'x'], credentials: true }],
  },
  {
    names: ['gpg', 'gpg2'],
    summary: 'GnuPG',
    // `--export-secret-keys`, `--export-secret-subkeys` and their abbreviations.
    printsCredentials: ['--export-secret*'],
    // `--photo-viewer CMD`: the command line it runs to show a key's photo (`%i` the image).
    long: 'photo-viewer=',
    abbreviations: true,
    values: { '--photo-viewer': 'script' },
    examples: [
      { argv: ['gpg', '--photo-viewer', 'rm x', '--list-keys'], commandLines: ['rm x'] },
      { argv: ['gpg', '--armor', '--export-secret-keys', 'me'], credentials: true },
      { argv: ['gpg', '--export-secret-sub', 'me'], credentials: true },
      { argv: ['gpg', '--export', 'me'], credentials: false },
    ],
  },
  {
    names: ['sops'],
    summary: 'encrypted files (SOPS)',
    short: 'd',
    long: 'decrypt',
    printsCredentials: ['-d', '--decrypt'],
    subcommands: {
      decrypt: PRINTS('prints a file decrypted'),
      // `exec-env FILE CMD`, `exec-file FILE CMD`: a shell command line run with the secrets
      // in its environment or in a file (decision 0067).
      'exec-env': SOPS_EXEC,
      'exec-file': SOPS_EXEC,
    },
    examples: [
      { argv: ['sops', 'exec-env', 's.yaml', 'rm -rf x'], commandLines: ['rm -rf x'] },
      { argv: ['sops', '-d', 'secrets.yaml'], credentials: true },
      { argv: ['sops', 'decrypt', 'secrets.yaml'], credentials: true },
      { argv: ['sops', 'secrets.yaml'], credentials: false },
    ],
  },
  {
    names: ['vault'],
    summary: 'HashiCorp Vault',
    subcommands: {
      read: PRINTS("prints a path's secret data"),
      kv: { summary: 'key/value secrets', subcommands: { get: PRINTS("prints a secret's data") } },
      print: { summary: 'prints settings', subcommands: { token: PRINTS('prints the token in use') } },
    },
    examples: [
      { argv: ['vault', 'kv', 'get', 'secret/x'], credentials: true },
      { argv: ['vault', 'status'], credentials: false },
    ],
  },
  {
    names: ['gopass'],
    summary: 'a password manager',
    subcommands: { show: PRINTS('prints a secret'), cat: PRINTS('prints a secret') },
    examples: [{ argv: ['gopass', 'show', 'x'], credentials: true }],
  },
  {
    names: ['lpass'],
    summary: 'the LastPass CLI',
    subcommands: { show: PRINTS('prints an entry') },
    examples: [{ argv: ['lpass', 'show', 'x'], credentials: true }],
  },
  {
    names: ['rclone'],
    summary: 'cloud storage sync',
    subcommands: {
      // The config holds its remotes' OAuth tokens and keys (`config file` prints only the path).
      config: {
        summary: 'configuration',
        subcommands: { show: PRINTS('prints the configuration'), dump: PRINTS('prints the configuration') },
      },
    },
    examples: [
      { argv: ['rclone', 'config', 'show'], credentials: true },
      { argv: ['rclone', 'config', 'file'], credentials: false },
    ],
  },
  {
    names: ['keyring'],
    summary: "Python's keyring CLI",
    subcommands: { get: PRINTS('prints a password') },
    examples: [{ argv: ['keyring', 'get', 'svc', 'me'], credentials: true }],
  },
  {
    names: ['bw'],
    summary: 'the Bitwarden CLI',
    subcommands: {
      get: {
        summary: 'gets an object',
        subcommands: {
          password: PRINTS('prints a password'),
          totp: PRINTS('prints a one-time code'),
          item: PRINTS('prints an item'),
          notes: PRINTS("prints an item's notes"),
        },
      },
    },
    examples: [
      { argv: ['bw', 'get', 'password', 'x'], credentials: true },
      { argv: ['bw', 'get', 'folder', 'x'], credentials: false },
    ],
  },
  {
    names: ['pass'],
    summary: 'the standard Unix password manager: `pass NAME` is `pass show NAME`',
    // `-c`/`--clip`, `-q`/`--qrcode`: the password goes to the clipboard or a QR code.
    short: 'c::q::',
    long: 'clip=? qrcode=?',
    effects: { '-c': ['no-output'], '--clip': ['no-output'], '-q': ['no-output'], '--qrcode': ['no-output'] },
    operands: ['name'],
    // A first operand that is no other subcommand is a name shown (`show` and `grep` print too;
    // `otp`, an extension, also adds and appends codes: left as it was, unread).
    printsCredentials: [`@0=(?!(?:${PASS_SUBCOMMANDS})$)[^-].*`],
    examples: [
      { argv: ['pass', 'show', 'x'], credentials: true },
      { argv: ['pass', 'github/token'], credentials: true },
      { argv: ['pass', 'ls'], credentials: false },
      { argv: ['pass', 'git', 'push'], credentials: false },
      { argv: ['pass', '-c', 'x'], credentials: false },
      { argv: ['pass'], credentials: false },
    ],
  },
  {
    names: ['docker-credential-*'],
    summary: "docker's credential helpers (`docker-credential-desktop`, `-osxkeychain`, `-pass` …)",
    subcommands: { get: PRINTS('prints the credential for the server named on input') },
    examples: [
      { argv: ['docker-credential-desktop', 'get'], credentials: true },
      { argv: ['docker-credential-desktop', 'list'], credentials: false },
    ],
  },
  {
    names: ['keyctl'],
    summary: "the kernel's key management: `print`, `pipe` and `read` give a key's payload",
    subcommands: {
      print: PRINTS("prints a key's payload"),
      pipe: PRINTS("writes a key's raw payload to its output"),
      read: PRINTS("prints a key's payload as hex"),
    },
    examples: [
      { argv: ['keyctl', 'print', '%user:token'], credentials: true },
      { argv: ['keyctl', 'show'], credentials: false },
    ],
  },
];
