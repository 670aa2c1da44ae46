// `npm run dev`: the BFF (restarted on change by tsx watch) plus Vite's dev server, which serves the SPA with hot
// reload and forwards /api and /bff to the BFF (see server.proxy in vite.config.ts). Open the URL Vite prints.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const bin = (name) => join(root, 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);
const bffPort = process.env.BFF_PORT ?? '3001';

const children = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'apps/bff/src/server.ts'], {
    cwd: root,
    stdio: 'inherit',
    // Browsers talk to Vite's origin: sign-in redirects and cookies must name it (docs/decisions/0034-bff-session.md).
    env: {
      ...process.env,
      PORT: bffPort,
      PUBLIC_ORIGIN: process.env.PUBLIC_ORIGIN ?? 'http://127.0.0.1:5173',
    },
  }),
  spawn(bin('vite'), ['--host', '127.0.0.1'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, BFF_PORT: bffPort },
  }),
];

let exiting = false;
function stopAll(code) {
  if (exiting) return;
  exiting = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
}

for (const child of children) child.on('exit', (code) => stopAll(code ?? 1));
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
