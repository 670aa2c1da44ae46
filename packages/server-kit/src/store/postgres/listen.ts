import pg from 'pg';

export interface ChannelListener {
  /** Settles once notifications sent from now on are heard here (the LISTEN is in place), or the attempt failed. */
  ready(): Promise<void>;
  /** Whether the LISTEN is in place now: while it is not, notifications may be missed. */
  readonly listening: boolean;
  close(): Promise<void>;
}

export interface ListenOptions {
  /** Each notification's payload, in the order the server sent them. */
  onNotify: (payload: string) => void;
  /**
   * After the listening connection was lost and regained: notifications sent meanwhile were missed, so whoever
   * listens catches up by reading what they stand for.
   */
  onGap?: () => void;
  onError?: (error: unknown) => void;
  /** Wait before connecting again after a loss; 1 s unless given. */
  reconnectMs?: number;
  applicationName: string;
}

/**
 * `LISTEN` on one PostgreSQL channel, on a connection of its own, connecting again after a loss (decision 0082):
 * how instances on one database tell each other that something was written. Notifications carry hints only; what
 * they stand for is read from the tables, so one missed during a loss is found through `onGap`.
 */
export function listenChannel(url: string, channel: string, options: ListenOptions): ChannelListener {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  let client: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;
  let listening = false;
  let everConnected = false;

  /** Lets the current connection go: nothing is heard on it any more. */
  function release(c: pg.Client): Promise<void> {
    client = undefined;
    connecting = undefined;
    listening = false;
    c.removeAllListeners('notification');
    return c.end().catch(() => {});
  }

  function connect(): Promise<void> {
    if (connecting) return connecting;
    const c = new pg.Client({ connectionString: url, application_name: options.applicationName });
    const lost = (error?: unknown) => {
      if (client !== c) return;
      void release(c);
      if (error) options.onError?.(error);
      if (!closed) {
        retry = setTimeout(() => void connect(), options.reconnectMs ?? 1_000);
        retry.unref();
      }
    };
    client = c;
    c.on('notification', (n: pg.Notification) => {
      if (n.channel === channel) options.onNotify(n.payload ?? '');
    });
    c.on('error', lost);
    c.on('end', () => lost());
    connecting = (async () => {
      try {
        await c.connect();
        await c.query(`listen ${channel}`);
      } catch (error) {
        lost(error);
        return;
      }
      listening = true;
      if (everConnected) options.onGap?.();
      everConnected = true;
    })();
    return connecting;
  }

  void connect();
  return {
    ready: () => connecting ?? Promise.resolve(),
    get listening() {
      return listening;
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      if (client) await release(client);
    },
  };
}
