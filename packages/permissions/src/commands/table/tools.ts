/**
 * Tools with global options before a subcommand (`npm --prefix x publish`, `docker --context
 * prod rm c`, `kubectl -n prod delete pod x`): a deny or ask rule names the subcommand right
 * after the tool, so the engine also matches the command with these options taken out. Only
 * the options that take the next word as their value are listed; any other may or may not,
 * and both readings are tried. Container and cluster tools also run commands (`docker exec c
 * CMD`): any later word of those subcommands may be the command.
 */
import type { CommandFact } from '../types';

const RUNS = { summary: 'runs a command in a container or pod', wrapper: 'any-later-word' } as const;

export const TOOLS: readonly CommandFact[] = [
  {
    names: ['npm'],
    summary: 'the Node.js package manager',
    short: 'C:w:',
    long: 'prefix= workspace= loglevel= registry= cache= userconfig=',
    permute: false,
    subcommands: {},
    examples: [{ argv: ['npm', '--prefix', 'x', 'publish'], roles: { 2: 'value' } }],
  },
  {
    names: ['pnpm'],
    summary: 'a Node.js package manager',
    short: 'C:F:w:',
    long: 'dir= filter= workspace= loglevel= registry=',
    permute: false,
    subcommands: {},
  },
  {
    names: ['yarn'],
    summary: 'a Node.js package manager',
    long: 'cwd= registry= cache-folder= modules-folder=',
    permute: false,
    subcommands: {},
  },
  {
    names: ['docker'],
    summary: 'the container engine client',
    short: 'c:H:l:',
    long: 'context= host= config= log-level= tlscacert= tlscert= tlskey=',
    permute: false,
    subcommands: { exec: RUNS, run: RUNS },
    examples: [{ argv: ['docker', '--context', 'prod', 'rm', 'c'], roles: { 2: 'value' } }],
  },
  {
    names: ['podman'],
    summary: 'a container engine',
    short: 'c:H:',
    long: 'context= host= url= connection= log-level= root= runroot=',
    permute: false,
    subcommands: { exec: RUNS, run: RUNS },
  },
  {
    names: ['kubectl'],
    summary: 'the Kubernetes client',
    short: 'n:s:',
    long: 'namespace= context= cluster= user= kubeconfig= server= token= as= as-group= request-timeout=',
    permute: false,
    subcommands: { exec: RUNS, run: RUNS, debug: RUNS },
    examples: [{ argv: ['kubectl', '-n', 'prod', 'delete', 'pod', 'x'], roles: { 2: 'value' } }],
  },
  {
    names: ['helm'],
    summary: 'the Kubernetes package manager',
    short: 'n:',
    long: 'namespace= kube-context= kubeconfig= registry-config= repository-config=',
    permute: false,
    subcommands: {},
  },
  {
    names: ['cargo'],
    summary: 'the Rust package manager',
    short: 'C:Z:',
    long: 'config= color=',
    plusOptions: true,
    permute: false,
    subcommands: {},
    examples: [{ argv: ['cargo', '+nightly', '-C', 'x', 'publish'], roles: { 3: 'value' } }],
  },
  { names: ['go'], summary: 'the Go toolchain', short: 'C:', permute: false, subcommands: {} },
  {
    names: ['systemctl'],
    summary: 'the systemd manager client',
    short: 'H:M:',
    long: 'host= machine=',
    permute: false,
    subcommands: {},
  },
  { names: ['terraform'], summary: 'infrastructure as code', permute: false, subcommands: {} },
  { names: ['gh'], summary: 'the GitHub CLI', short: 'R:', long: 'repo=', permute: false, subcommands: {} },
];
