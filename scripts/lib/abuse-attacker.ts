/**
 * The attacker's process of `npm run bench:abuse`: `tsx abuse-attacker.ts <attack> <server url>`.
 * Prepares the attack, says `ready` on stdout, attacks until its stdin closes (or says `stop`),
 * then prints its counts as one JSON line and exits.
 */
import { ATTACKS, isAttackName } from './abuse-attacks';

const [name, url] = process.argv.slice(2);
if (!name || !url || !isAttackName(name)) {
  console.error(`usage: abuse-attacker.ts <${Object.keys(ATTACKS).join('|')}> <server url>`);
  process.exit(2);
}
const attack = ATTACKS[name]();
await attack.prepare(url);
let stopped = false;
const stop = () => (stopped = true);
process.stdin.on('data', (data: Buffer) => {
  if (data.toString().includes('stop')) stop();
});
process.stdin.on('end', stop);
console.log('ready');
await attack.run(() => stopped);
await attack.close();
console.log(JSON.stringify(attack.counts));
process.exit(0);
