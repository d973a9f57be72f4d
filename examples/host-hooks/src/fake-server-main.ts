/**
 * A fake model server as a process of its own, for runs inside a network namespace (where
 * the test process's loopback is not reachable): `node --import tsx fake-server-main.ts
 * anthropic|gemini TURNS.json DIR`. Writes its URL to DIR/url once listening and every
 * request it received to DIR/requests.json when it gets SIGTERM; exits by itself after ten
 * minutes if nobody stops it.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type FakeModelServer, type ScriptedCall, startFakeAnthropic } from './fake-anthropic';
import { startFakeGemini } from './fake-gemini';

const [kind, turnsFile, directory] = process.argv.slice(2);
if ((kind !== 'anthropic' && kind !== 'gemini') || !turnsFile || !directory) {
  process.stderr.write('usage: fake-server-main.ts anthropic|gemini TURNS.json DIR\n');
  process.exit(2);
}
const turns = JSON.parse(readFileSync(turnsFile, 'utf8')) as ScriptedCall[][];
const server: FakeModelServer =
  kind === 'anthropic' ? await startFakeAnthropic(turns) : await startFakeGemini(turns);
process.on('SIGTERM', () => {
  writeFileSync(path.join(directory, 'requests.json'), JSON.stringify(server.requests));
  void server.close().then(() => process.exit(0));
});
setTimeout(() => process.exit(1), 600_000).unref();
writeFileSync(path.join(directory, 'url.tmp'), server.url);
renameSync(path.join(directory, 'url.tmp'), path.join(directory, 'url'));
