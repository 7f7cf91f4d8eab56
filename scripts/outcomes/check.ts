/**
 * `npm run outcomes`: prints the figures of docs/architecture.md's "Domains and surfaces" (files outside
 * the surfaces that import Fastify: 0; places that finish a sign-in: 1) and fails when either is more.
 */
import { globSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { figures, readFrom } from './rules.ts';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../server/src');
const found = figures(globSync('**/*.ts', { cwd: src }), readFrom(src));
console.log(`files outside surfaces that import Fastify: ${found.fastifyOutsideSurfaces.length}`);
for (const file of found.fastifyOutsideSurfaces) console.log(`  ${file}`);
console.log(`places that finish a sign-in: ${found.finishSignIn.length}`);
for (const file of found.finishSignIn) console.log(`  ${file}`);
if (found.fastifyOutsideSurfaces.length > 0 || found.finishSignIn.length > 1) process.exitCode = 1;
