/**
 * The browsers of `npm run bench:events`, in a process of their own so that reading a hundred event streams does not
 * hold back the process that posts notifications and times their answers. Started by `events.ts` with the server's
 * URL and the sessions' cookies; over IPC it is told when a phase starts (`{ phase }`) and asked for what it saw
 * (`{ report: true }`), which it answers with each event's delay and the number of deliveries.
 *
 * Each event's delay runs from the earliest notification it answers (the poster puts the time of the post in the
 * notification's `_id`: `bench-<n>-<epoch ms>`) or else from the marketplace's change (`changed_at`). The contract is
 * checked on each stream's first event; after that only those two fields are read.
 */
import { liveEventSchema } from '@mostrador/contracts';

type Message = { phase: string } | { report: true } | { stop: true };

const { url, cookies } = JSON.parse(process.env.BENCH_EVENT_CLIENTS ?? '{}') as {
  url: string;
  cookies: string[];
};
let phase: string | null = null;
const seen = new Map<string, { delays: number[]; deliveries: number }>();
const aborts: AbortController[] = [];
const POSTED = /"notification_ids":\["bench-\d+-(\d+)"/;
const CHANGED = /"changed_at":"([^"]+)"/;

function record(data: string, arrived: number) {
  if (!phase) return;
  let entry = seen.get(phase);
  if (!entry) {
    entry = { delays: [], deliveries: 0 };
    seen.set(phase, entry);
  }
  const posted = POSTED.exec(data);
  const from = posted ? Number(posted[1]) : Date.parse(CHANGED.exec(data)?.[1] ?? '');
  if (Number.isFinite(from)) entry.delays.push(arrived - from);
  entry.deliveries++;
}

async function read(cookie: string): Promise<void> {
  const abort = new AbortController();
  aborts.push(abort);
  const res = await fetch(`${url}/bff/events`, { headers: { cookie }, signal: abort.signal });
  if (res.status !== 200 || !res.body) throw new Error(`stream refused: ${res.status}`);
  const decoder = new TextDecoder();
  let buffer = '';
  let checked = false;
  try {
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      const arrived = Date.now();
      if (!opened.has(cookie)) {
        opened.add(cookie);
        if (opened.size === cookies.length) process.send?.({ ready: true });
      }
      buffer += decoder.decode(chunk, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end !== -1) {
        const message = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const at = message.indexOf('\ndata: ');
        const data =
          at === -1 ? (message.startsWith('data: ') ? message.slice(6) : null) : message.slice(at + 7);
        if (data !== null) {
          if (!checked) liveEventSchema.parse(JSON.parse(data));
          checked = true;
          record(data, arrived);
        }
        end = buffer.indexOf('\n\n');
      }
    }
  } catch (error) {
    if (!abort.signal.aborted) throw error;
  }
}

// Ready once every stream's first bytes arrived.
const opened = new Set<string>();
for (const cookie of cookies) read(cookie).catch((error) => process.send?.({ error: String(error) }));

process.on('message', (message: Message) => {
  if ('phase' in message) phase = message.phase;
  else if ('report' in message) {
    phase = null;
    process.send?.({ report: Object.fromEntries(seen) });
  } else if ('stop' in message) {
    for (const abort of aborts) abort.abort();
    process.disconnect?.();
  }
});
