#!/usr/bin/env node
// The `gatehouse` operator command. npm puts the pinned Node 24 first on PATH, which runs the TypeScript sources directly.
import { runCli } from '../src/cli/main.ts';

process.exitCode = await runCli(process.argv.slice(2));
