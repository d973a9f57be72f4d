/**
 * Network clients whose words name the hosts they connect to (URLs, `host port`): the network
 * floor (network/network-targets.ts) reads every word of theirs for hosts — a cloud metadata
 * address is denied, a loopback or private one asked unless a rule names it. `curl`, `wget`
 * and `ftp` say so in their own entries. Only that fact is listed here, not their options.
 */
import type { CommandFact } from '../types';

export const CLIENTS: readonly CommandFact[] = [
  {
    names: ['http', 'https', 'httpie'],
    summary: 'HTTPie: `:3000/x` is a URL on localhost',
    reachesHosts: 'localhost-shorthand',
  },
  { names: ['xh', 'xhs'], summary: 'xh, an HTTPie-like client', reachesHosts: 'localhost-shorthand' },
  { names: ['aria2c'], summary: 'a download utility', reachesHosts: true },
  { names: ['lynx', 'links', 'w3m'], summary: 'a text web browser', reachesHosts: true },
  {
    names: ['nc', 'ncat', 'netcat'],
    summary: 'reads and writes TCP and UDP connections',
    reachesHosts: true,
  },
  { names: ['telnet'], summary: 'the telnet client', reachesHosts: true },
  {
    names: ['socat'],
    summary: 'relays between two addresses',
    reachesHosts: true,
    // An address `EXEC:CMD` runs a program, `SYSTEM:CMD` a shell command line (decision 0067).
    commandWords: 'socat-address',
    examples: [
      { argv: ['socat', '-', 'EXEC:rm -rf x'], commandLines: ['rm -rf x'] },
      { argv: ['socat', '-u', 'system:ls,pty', 'TCP:h:80'], commandLines: ['ls,pty'] },
      { argv: ['socat', 'TCP-LISTEN:80', 'TCP:h:80'], commandLines: [] },
    ],
  },
];
