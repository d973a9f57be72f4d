/**
 * The floor's word roles from the command table (decision 0045): output options, keys and
 * keystores used, ssh's identity settings, zip's exclusion lists, rsync's remote shell, the
 * kubeconfig after any subcommand and git's subcommands that name files only — each a table
 * fact, with the benign command it keeps undenied, the read it still denies, and a mutation
 * check: the fact dropped from the table (and the entry's examples, which would refuse it at
 * load), the benign command is denied again (or the read allowed).
 */
import { describe, expect, it } from 'vitest';
import type { CommandFact } from '../commands/types';
import { analyzeShell } from '../shell';
import { checkFloor } from './check-floor';
import { floorWithout } from './test-support';

/** The first floor violation among every command of a real parse. */
function floor(source: string) {
  for (const command of analyzeShell(source).commands) {
    const violation = checkFloor(command);
    if (violation) return violation;
  }
  return undefined;
}

describe('benign commands naming keys, outputs and excluded secrets are not denied', () => {
  it.each([
    'openssl req -new -key k.pem -out req.csr',
    'openssl req -new -sha256 -key filename.key -out filename.csr',
    'openssl req -new -x509 -newkey rsa:4096 -keyout filename.key -out filename.cert -subj "/CN=x" -days 365',
    'openssl genrsa -out server.key 2048',
    'openssl genpkey -algorithm ED25519 -out path/to/private.key',
    'openssl x509 -in cert.pem -noout -text',
    'openssl x509 -req -in x.csr -signkey server.key -out x.crt -days 365',
    'openssl s_client -connect host:443 -cert client.pem -key client.key',
    'openssl ts -verify -in f.tsr -queryfile f.tsq -partial_chain -CAfile ca.pem',
    'ssh -i ~/.ssh/id_ed25519 host',
    'ssh -p 2222 -o IdentityFile=~/.ssh/deploy host uptime',
    'sftp -i ~/.ssh/id_ed25519 host',
    'scp -o IdentityFile=deploy.pem dist.tgz h:/tmp',
    'plink -ssh -i key.ppk u@h',
    'keytool -list -v -keystore release.keystore',
    'bundletool build-apks --bundle b.aab --ks key.keystore --ks-key-alias k --output o.apks',
    'mvn -B -s ~/.m2/settings.xml package',
    'terraform apply -var-file prod.tfvars -auto-approve',
    'terraform plan -var-file=secrets.tfvars',
    'kubectl get pods --kubeconfig ~/.kube/config',
    'kubectl logs pod-1 --kubeconfig ~/.kube/config',
    'kubectl config view --kubeconfig ~/.kube/config',
    'helm list --kubeconfig ~/.kube/config',
    'zip -r a.zip . -x .env',
    "zip -r a.zip . -x .env '*.pem' ~/.ssh/id_rsa -q",
    "rsync -av -e 'ssh -i ~/.ssh/k' src/ host:dst",
    "rsync -av --rsh='ssh -o IdentityFile=~/.ssh/k -p 22' src/ host:dst",
    'git status -- .env',
    'git status --short .env',
    'git log --oneline -- .env',
    'git log --stat --follow -- ~/.ssh/id_rsa',
    'git ls-files -- .env',
    'git check-ignore -v .env',
    'git rm --cached .env',
  ])('allows %s', (source) => {
    expect(floor(source)).toBeUndefined();
  });
});

describe('reads stay denied', () => {
  it.each([
    'git log -p -- .env',
    'git log --patch-with-stat -- .env',
    'git log -U3 -- .env',
    'git log -L 1,5:.env',
    'git log -c -- .env',
    'git status -v -- .env',
    'git -C . rm .env',
    'openssl rsa -in k.pem',
    'openssl pkey -in server.key',
    'openssl enc -base64 -in server.key',
    'openssl x509 -in c.crt -out c.pem -passin file:.env',
    'openssl foo -key k.pem',
    'ssh -F ~/.ssh/config host',
    "ssh -o 'ProxyCommand cat ~/.ssh/id_rsa' host",
    'ssh -o IdentityFile=k.pem host cat .env',
    "rsync -e 'ssh -F ~/.ssh/config' a h:",
    "rsync -e 'cat ~/.ssh/id_rsa' a h:",
    'rsync -avz -e ssh -i key.pem a h:',
    'zip out.zip .env -x foo',
    'zip -r out.zip . -x foo -i .env',
    'zip -r out.zip . -x foo -r .env',
    'kubectl --kubeconfig=kc config view --raw',
    'kubectl apply -f .env --kubeconfig k',
    'keytool -printcert -file ~/.ssh/id_rsa',
    'terraform apply -state ~/.aws/credentials',
  ])('denies %s', (source) => {
    expect(floor(source)?.check).toBe('secret-read');
  });
});

type Sub = NonNullable<CommandFact['subcommands']>[string];

/** `entry` (named `name`) with `edit` applied to its subcommand `sub`. */
function editSub(name: string, sub: string, edit: (fact: Sub) => Sub) {
  return (entry: CommandFact): CommandFact =>
    entry.names[0] !== name
      ? entry
      : { ...entry, subcommands: { ...entry.subcommands, [sub]: edit(entry.subcommands![sub]!) } };
}

describe('mutation checks: each fact dropped, a decision changes', () => {
  it('without the role `certificate`, openssl x509 -in cert.pem is a read again', async () => {
    const drop = editSub('openssl', 'x509', (fact) => ({
      ...fact,
      values: { ...fact.values, '-in': 'read' },
    }));
    expect(await floorWithout(drop, 'openssl x509 -in cert.pem -noout -text')).toBe('secret-read');
  });

  it('without `writesOnly`, openssl genrsa -out server.key is a read again', async () => {
    const drop = editSub('openssl', 'genrsa', ({ writesOnly: _dropped, ...fact }) => fact);
    expect(await floorWithout(drop, 'openssl genrsa -out server.key 2048')).toBe('secret-read');
  });

  it('without the role `uses` of -key, openssl req -key k.pem is a read again', async () => {
    const drop = editSub('openssl', 'req', (fact) => ({
      ...fact,
      values: { ...fact.values, '-key': 'unknown' },
    }));
    expect(await floorWithout(drop, 'openssl req -new -key k.pem -out req.csr')).toBe('secret-read');
  });

  it("without ssh's `settingRoles`, -o IdentityFile=KEY is a read again", async () => {
    const drop = (entry: CommandFact): CommandFact => {
      if (entry.names[0] !== 'ssh') return entry;
      const { settingRoles: _dropped, ...rest } = entry;
      return rest;
    };
    expect(await floorWithout(drop, 'ssh -o IdentityFile=~/.ssh/k host uptime')).toBe('secret-read');
  });

  it("without zip's `valueLists`, a second excluded name is a read again", async () => {
    const drop = (entry: CommandFact): CommandFact => {
      if (entry.names[0] !== 'zip') return entry;
      const { valueLists: _dropped, ...rest } = entry;
      return rest;
    };
    expect(await floorWithout(drop, "zip -r a.zip . -x .env '*.pem'")).toBe('secret-read');
  });

  it("without kubectl's `persistentOptions`, --kubeconfig after a subcommand is a read again", async () => {
    const drop = (entry: CommandFact): CommandFact => {
      if (entry.names[0] !== 'kubectl') return entry;
      const { persistentOptions: _dropped, ...rest } = entry;
      return rest;
    };
    expect(await floorWithout(drop, 'kubectl get pods --kubeconfig ~/.kube/config')).toBe('secret-read');
  });

  it("without rsync's `-e` role `script`, the remote shell's key is a read again", async () => {
    const drop = (entry: CommandFact): CommandFact => {
      if (entry.names[0] !== 'rsync') return entry;
      const { '-e': _dropped, ...values } = entry.values!;
      return { ...entry, values };
    };
    expect(await floorWithout(drop, "rsync -av -e 'ssh -i ~/.ssh/k' src/ host:dst")).toBe('secret-read');
  });

  it("without git log's `printsNoContent`, git log --oneline -- .env is a read again", async () => {
    const drop = editSub('git', 'log', ({ printsNoContent: _dropped, ...fact }) => fact);
    expect(await floorWithout(drop, 'git log --oneline -- .env')).toBe('secret-read');
  });

  it('without the effect `prints-content` of -p, git log -p -- .env is no longer denied', async () => {
    const drop = editSub('git', 'log', (fact) => {
      const { '-p': _dropped, ...effects } = fact.effects!;
      return { ...fact, effects };
    });
    expect(await floorWithout(drop, 'git log -p -- .env')).toBeUndefined();
  });
});
