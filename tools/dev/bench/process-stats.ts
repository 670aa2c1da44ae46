import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** A loopback port free at this moment, for a server the benchmark starts. */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A process's CPU time so far (user + system, all its threads) in ms, from the kernel's accounting. */
export function cpuMs(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

/** The processes started by `pid`, their children and so on (not `pid` itself). */
export function descendantsOf(pid: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ');
      parentOf.set(Number(entry), Number(fields[1]));
    } catch {
      // Gone since the folder was listed.
    }
  }
  const found: number[] = [];
  let frontier = [pid];
  while (frontier.length > 0) {
    const next: number[] = [];
    for (const [child, parent] of parentOf) if (frontier.includes(parent)) next.push(child);
    found.push(...next);
    frontier = next;
  }
  return found;
}

/**
 * Resolves once the processes this one started (the browser) used at most `quietMs` of CPU in a window of `windowMs`,
 * or after `limitMs` whatever they do; answers the ms it waited.
 */
export async function childrenQuiet({
  windowMs = 100,
  quietMs = 10,
  limitMs = 15_000,
} = {}): Promise<number> {
  const started = performance.now();
  const used = () => descendantsOf(process.pid).reduce((sum, pid) => sum + (cpuMs(pid) || 0), 0);
  let before = used();
  while (performance.now() - started < limitMs) {
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    const now = used();
    if (now - before <= quietMs) break;
    before = now;
  }
  return performance.now() - started;
}
