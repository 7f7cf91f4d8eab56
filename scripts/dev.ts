/**
 * Development mode: the server on PORT (default 3000) and Vite with hot reload on 5173, which forwards
 * /api to the server. Open http://acme.localhost:5173/ after creating organisation acme.
 */
import { spawn } from 'node:child_process';

const children = [
  spawn(process.execPath, ['--watch', 'server/src/main.ts'], { stdio: 'inherit' }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js', '--config', 'web/vite.config.ts', 'web'], { stdio: 'inherit' }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    if (code !== 0 && code !== null) {
      stop();
      process.exitCode = code;
    }
  });
