import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { type ChannelListener, listenChannel } from './listen.ts';

const pgUrl = process.env.TEST_DATABASE_URL || undefined;

/** Waits until `condition` holds, looking again after each turn of I/O; fails after many looks. */
async function until(condition: () => boolean | Promise<boolean>, what: string) {
  for (let i = 0; i < 2_000; i++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`never happened: ${what}`);
}

describe.skipIf(!pgUrl)('listening on a PostgreSQL channel', () => {
  const opened: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((o) => o.close()));
  });

  async function admin() {
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    opened.push({ close: () => client.end() });
    return client;
  }

  it('hears notifications, and after losing its connection connects again and says what it may have missed', async () => {
    const heard: string[] = [];
    let gaps = 0;
    const channel: ChannelListener = listenChannel(pgUrl!, 'kit_listen_test', {
      applicationName: 'kit-listen-test',
      onNotify: (payload) => heard.push(payload),
      onGap: () => gaps++,
      reconnectMs: 20,
    });
    opened.push(channel);
    await channel.ready();
    expect(channel.listening).toBe(true);
    const other = await admin();
    await other.query(`select pg_notify('kit_listen_test', 'one'), pg_notify('another_channel', 'no')`);
    await until(() => heard.length === 1, 'the first notification');
    expect(heard).toEqual(['one']);
    expect(gaps).toBe(0);

    await other.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'kit-listen-test'`,
    );
    await until(() => gaps === 1 && channel.listening, 'listening again after the loss');
    await other.query(`select pg_notify('kit_listen_test', 'two')`);
    await until(() => heard.length === 2, 'a notification after the loss');
    expect(heard).toEqual(['one', 'two']);

    await channel.close();
    expect(channel.listening).toBe(false);
  }, 60_000);
});
