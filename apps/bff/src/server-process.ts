import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output: () => string;
  /** The origin it listens on, once it says so; rejects if it exits first. */
  listening: Promise<string>;
  /** Its exit code, once it exits. */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

/** Runs the server entry (`apps/bff/src/server.ts`) as `npm start` does, in a process of its own (tests). */
export function startServerProcess(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/bff/src/server.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const chunks: string[] = [];
  const output = () => chunks.join('');
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const listening = new Promise<string>((resolve, reject) => {
    const check = () => {
      const found = /listening on (http:\/\/\S+)/.exec(output());
      if (found) resolve(found[1]!);
    };
    child.stdout?.on('data', (chunk) => {
      chunks.push(String(chunk));
      check();
    });
    child.stderr?.on('data', (chunk) => chunks.push(String(chunk)));
    void exited.then((code) => reject(new Error(`the server exited (${code}):\n${output()}`)));
  });
  listening.catch(() => {});
  return {
    child,
    output,
    listening,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}
