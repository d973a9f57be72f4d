/**
 * Credential printers (issue 27): commands whose output is a credential are denied by the
 * floor whatever the rules say, read from the command table (`commands/table/credentials.ts`
 * and the entries of gh, kubectl, op, terraform and doppler); their neighbours that print no
 * credential stay allowed under a prefix rule. The commands are only analysed as strings,
 * never run.
 */
import { describe, expect, it } from 'vitest';
import { evaluateBash } from '../src/engine/evaluate-bash';
import { compileRuleSet } from '../src/rules/compile-rule-set';

/** Every tool below allowed by a prefix rule: only the floor stands between it and the model. */
const tools = compileRuleSet({
  allow: [
    'Bash(gh:*)',
    'Bash(gcloud:*)',
    'Bash(az:*)',
    'Bash(aws:*)',
    'Bash(kubectl:*)',
    'Bash(git:*)',
    'Bash(security:*)',
    'Bash(secret-tool:*)',
    'Bash(gpg:*)',
    'Bash(sops:*)',
    'Bash(vault:*)',
    'Bash(op:*)',
    'Bash(gopass:*)',
    'Bash(lpass:*)',
    'Bash(rclone:*)',
    'Bash(keyring:*)',
    'Bash(chamber:*)',
    'Bash(bw:*)',
    'Bash(pass:*)',
    'Bash(docker-credential-desktop:*)',
    'Bash(docker-credential-ecr-login:*)',
    'Bash(terraform:*)',
    'Bash(doppler:*)',
    'Bash(pulumi:*)',
  ],
});

const decide = (command: string) => evaluateBash(command, tools, { cwd: '/repo' }).behavior;

describe('a command that prints a credential is denied', () => {
  it.each([
    'gh auth token',
    'gh auth status -t',
    'gh auth status --show-token',
    'gh -R x/y auth token',
    'gcloud auth print-access-token',
    'gcloud --project p auth print-access-token',
    'gcloud auth application-default print-access-token',
    'gcloud beta auth print-identity-token',
    'gcloud secrets versions access latest --secret=x',
    'gcloud config config-helper --format=json',
    'gcloud --verbosity debug auth print-access-token',
    'az account get-access-token',
    'az keyvault secret show --name x --vault-name v',
    'aws secretsmanager get-secret-value --secret-id x',
    'aws --profile p secretsmanager get-secret-value --secret-id x',
    'aws ssm get-parameter --name x --with-decryption',
    'aws ssm get-parameters-by-path --path / --with-decryption --recursive',
    'aws configure export-credentials',
    'aws configure get aws_secret_access_key',
    'aws sso get-role-credentials --role-name x',
    'aws sts get-session-token',
    'aws sts assume-role --role-arn x --role-session-name y',
    'aws codeartifact get-authorization-token --domain d',
    'aws --region us-east-1 --output json sts get-session-token',
    'kubectl config view --raw',
    'kubectl config view --flatten',
    'kubectl create token sa',
    'kubectl view-secret x',
    'kubectl get secret x -o yaml',
    'kubectl -n prod get -o yaml secret y',
    'kubectl get secrets -o json',
    "kubectl get secret x -o jsonpath='{.data.password}'",
    'kubectl --context c get secret x -ojson',
    'git credential fill',
    'git credential-store get',
    'git credential-osxkeychain get',
    'security find-generic-password -s x -w',
    'security find-generic-password -s x -gw',
    'security find-internet-password -s x -g',
    'security dump-keychain',
    'secret-tool lookup service x',
    'gpg --export-secret-keys me',
    'gpg --armor --export-secret-subkeys me',
    'gpg --export-secret-key me',
    'gpg --export-secret me',
    'sops -d secrets.yaml',
    'sops --decrypt secrets.yaml',
    'vault read secret/x',
    'vault kv get secret/x',
    'vault print token',
    'op read op://v/i/password',
    'op item get x --reveal',
    'gopass show x',
    'gopass cat x',
    'lpass show x',
    'rclone config show',
    'rclone config dump',
    'keyring get svc me',
    'chamber read svc key',
    'chamber export svc',
    'bw get password x',
    'bw get item x',
    'pass x',
    'pass show x',
    'docker-credential-desktop get',
    // Helpers are an open set: any `docker-credential-*`, any `git credential-*` (table names by prefix).
    'docker-credential-ecr-login get',
    'git credential-osxkeychain get',
    'git -c credential.helper=store credential-store --file x get',
    'terraform show -json plan.tfplan',
    'terraform output -json',
    'doppler secrets delete X',
    'doppler secrets',
    'pulumi config get dbPassword',
    'pulumi config --show-secrets',
  ])('%s', (command) => {
    expect(decide(command)).toBe('deny');
  });
});

describe('its neighbours that print none stay allowed', () => {
  it.each([
    'gh auth status',
    'gcloud auth list',
    'aws ssm get-parameter --name x',
    'aws configure get region',
    'aws sts get-caller-identity',
    'kubectl config view',
    'kubectl get secret -o name',
    'kubectl get secret',
    'kubectl get pods -o yaml',
    'git status',
    'security find-generic-password -s x',
    'gpg --export me',
    'sops secrets.yaml',
    'vault status',
    'op item get x',
    'rclone config file',
    'bw get folder x',
    'pass ls',
    'pass -c x',
    'pass --qrcode x',
    'pass git log',
    'chamber list svc',
    'docker-credential-ecr-login list',
    'git credential-store store',
  ])('%s', (command) => {
    expect(decide(command)).toBe('allow');
  });
});
