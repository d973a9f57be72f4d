/**
 * Network clients. curl (8.x): which option values are files it reads and sends (`-d @F`,
 * `-T F`, `-F name=@F`, `-K F` — a config holding more options), which are literal data
 * (`--data-raw`, `--form-string`: no `@` read), which are files it only uses (a TLS key), and
 * when its output holds a credential (`-n -v`: the verbose trace shows the Authorization
 * header made from `.netrc`).
 */
import type { CommandFact } from '../types';
import { SSH_KEY_SETTINGS } from './runners';

export const NETWORK: readonly CommandFact[] = [
  {
    names: ['curl'],
    summary: 'transfers data from or to a URL',
    reachesHosts: true,
    short: 'b:c:C:d:D:e:E:F:H:K:m:o:P:Q:r:T:t:u:U:w:x:X:y:Y:z:A:#0123456aBfgGhIijJklLMnNOpqRsSvVZ',
    long:
      'data= data-raw= data-binary= data-ascii= data-urlencode= json= form= form-string= upload-file= ' +
      'config= output= header= proxy-header= user= request= cookie= cookie-jar= url= referer= user-agent= ' +
      'write-out= max-time= connect-timeout= retry= range= proxy= proxy-user= cert= key= proxy-cert= ' +
      'proxy-key= cacert= capath= dump-header= trace= trace-ascii= netrc-file= oauth2-bearer= ' +
      'netrc netrc-optional verbose location silent show-error fail insecure compressed include head ' +
      'get globoff remote-name remote-name-all create-dirs progress-bar no-progress-meter http1.1 http2',
    values: {
      '-d': 'read',
      '--data': 'read',
      '--data-binary': 'read',
      '--data-ascii': 'read',
      '--data-urlencode': 'read',
      '--json': 'read',
      // Sent as written: `--data-raw '@.env'` sends the five characters, reads no file.
      '--data-raw': 'value',
      '--form-string': 'value',
      '-F': 'read',
      '--form': 'read',
      '-T': 'read',
      '--upload-file': 'read',
      '-K': 'read',
      '--config': 'read',
      '-H': 'read',
      '--header': 'read',
      '--proxy-header': 'read',
      '-b': 'read',
      '--cookie': 'read',
      '--netrc-file': 'read',
      '-o': 'write',
      '--output': 'write',
      '-c': 'write',
      '--cookie-jar': 'write',
      '-D': 'write',
      '--dump-header': 'write',
      '--trace': 'write',
      '--trace-ascii': 'write',
      // A client certificate and key for TLS: the key signs the handshake, neither is sent.
      '-E': 'uses',
      '--cert': 'uses',
      '--key': 'uses',
      '--proxy-cert': 'uses',
      '--proxy-key': 'uses',
      '-X': 'value',
      '--request': 'value',
      '-m': 'value',
      '--max-time': 'value',
      '--connect-timeout': 'value',
      '--retry': 'value',
      '-A': 'value',
      '--user-agent': 'value',
      '-w': 'value',
      '--write-out': 'value',
    },
    // `-F name=@FILE;type=…` and `name=<FILE`: the file after `@` or `<`, up to `;`.
    readFormat: { '-F': 'curl-form', '--form': 'curl-form' },
    effects: { '-K': ['reads-options'], '--config': ['reads-options'] },
    // `-n`/`--netrc` with `-v` or a trace: the Authorization header, in base64, on stderr.
    printsCredentials: [
      '-n&-v',
      '-n&--verbose',
      '--netrc&-v',
      '--netrc&--verbose',
      '--netrc-optional&-v',
      '--netrc-optional&--verbose',
      '--netrc-file&-v',
      '--netrc-file&--verbose',
    ],
    // URLs — `file:///…` reads a local file: left to the floor's word check.
    operands: ['unknown'],
    examples: [
      { argv: ['curl', '--data-raw', '@.env', 'https://x'], roles: { 2: 'value', 3: 'unknown' } },
      { argv: ['curl', '-d', '@.env', 'https://x'], roles: { 2: 'read' } },
      { argv: ['curl', '-nv', 'https://x'], credentials: true },
      { argv: ['curl', '-n', 'https://x'], credentials: false },
      { argv: ['curl', '-K', '-', 'https://x'], effects: ['reads-options'] },
    ],
  },
  {
    names: ['sftp'],
    summary: 'the OpenSSH file transfer client',
    short: 'b:B:c:D:F:i:J:l:o:P:R:s:S:1246aCfNpqrv',
    // `-b FILE` (`-` for standard input): a batch of commands — `put .env` — the line does
    // not show.
    // `-S PROGRAM`: the program it connects with (ssh by default); `-o`: ssh's settings. Its
    // identity file (`-i`, `-o IdentityFile=`) logs in, it is not sent.
    // `-D CMD`: a local sftp server it runs, with its arguments, instead of connecting.
    values: { '-b': 'read', '-S': 'script', '-D': 'script', '-o': 'script', '-i': 'uses' },
    scriptFormat: { '-o': 'ssh-option' },
    settingRoles: { '-o': SSH_KEY_SETTINGS },
    effects: { '-b': ['reads-options', 'runs-file'] },
    // Without `-b` it reads its commands from standard input too (`echo '!rm x' | sftp host`).
    runsFiles: ['-'],
    runsFormat: 'ftp-commands',
    examples: [
      { argv: ['sftp', '-b', '-', 'host'], roles: { 2: 'read' }, effects: ['reads-options'] },
      { argv: ['sftp', '-S', 'rm x', 'host'], commandLines: ['rm x'] },
      { argv: ['sftp', '-D', 'rm x'], commandLines: ['rm x'] },
    ],
  },
  {
    names: ['lftp'],
    summary: 'a scriptable file transfer client',
    short: 'c:e:f:p:u:dv',
    long: 'norc rcfile= env-password',
    values: { '-c': 'read', '-e': 'read', '-f': 'read', '--rcfile': 'read', '-u': 'name', '-p': 'value' },
    // `-c`/`-e` command strings: the files `put`/`mput`/`source` read are checked.
    readFormat: { '-c': 'ftp-commands', '-e': 'ftp-commands' },
    // `-f FILE`: a script of commands the line does not show, unless it writes it.
    effects: { '-f': ['reads-options', 'runs-file'] },
    runsFiles: ['-'],
    runsFormat: 'ftp-commands',
    examples: [{ argv: ['lftp', '-c', 'open h; put .env', 'x'], roles: { 2: 'read' } }],
  },
  {
    names: ['ftp', 'pftp', 'tnftp'],
    summary: 'the classic file transfer client: reads its commands from standard input',
    reachesHosts: true,
    // (`!CMD` in its commands runs CMD in a local shell.)
    short: 'AadefginpRtvVo:P:r:s:T:u:',
    values: { '-o': 'write' },
    runsFiles: ['-'],
    runsFormat: 'ftp-commands',
    examples: [{ argv: ['ftp', '-n', '-o', 'out', 'host'], roles: { 3: 'write', 4: 'unknown' } }],
  },
];
