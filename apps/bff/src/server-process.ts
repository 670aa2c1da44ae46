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

const cookiesOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');

/** The whole OAuth sign-in (see `signInSession`); answers where it lands. */
export async function signIn(origin: string): Promise<string> {
  return (await signInSession(origin)).location;
}

/**
 * The whole OAuth sign-in a browser goes through: the BFF's login, the marketplace's sign-in page (its first demo
 * account), the callback, where the BFF exchanges the code with its client secret. Answers where it lands and the
 * session's cookie.
 */
export async function signInSession(origin: string): Promise<{ location: string; cookie: string }> {
  const login = await fetch(`${origin}/bff/login?return_to=%2Forders`, { redirect: 'manual' });
  const authorize = new URL(login.headers.get('location') ?? '', origin);
  const loginCookie = cookiesOf(login);
  const page = await (await fetch(authorize, { headers: { cookie: loginCookie } })).text();
  const userId = /name="user_id" value="(\d+)"/.exec(page)?.[1];
  if (!userId) throw new Error(`no account to choose on the sign-in page:\n${page.slice(0, 500)}`);
  const form = new URLSearchParams(authorize.searchParams);
  form.set('user_id', userId);
  const decided = await fetch(`${origin}/api/authorization`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin, cookie: loginCookie },
    body: form,
  });
  const callback = new URL(decided.headers.get('location') ?? '', origin);
  const done = await fetch(callback, { redirect: 'manual', headers: { cookie: loginCookie } });
  return { location: done.headers.get('location') ?? `(status ${done.status})`, cookie: cookiesOf(done) };
}

/** Whichever comes first: the process serves (`'listening'`), or it exits (its code). */
export function startOutcome(server: ServerProcess): Promise<'listening' | number | null> {
  return Promise.race([server.listening.then(() => 'listening' as const), server.exited]);
}

/** A start expected to fail: how it ended (its exit code, or `'listening'` if it served after all) and what it said. */
export async function refusedStart(
  env: Record<string, string>,
): Promise<{ outcome: 'listening' | number | null; output: string }> {
  const server = startServerProcess(env);
  const outcome = await startOutcome(server);
  await server.stop();
  return { outcome, output: server.output().trim() };
}
