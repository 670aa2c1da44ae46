import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openJson } from '@mostrador/server-kit/store';
import { afterAll, describe, expect, it } from 'vitest';
import { userAad } from '../crypto/user-aad.ts';
import { openStore } from '../db/store.ts';
import { seedStore } from '../seed/seed.ts';
import { SEED_NOW } from '../test-support.ts';

const dir = mkdtempSync(join(tmpdir(), 'mostrador-at-rest-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Phone {
  area_code: string;
  number: string;
}

/** Every personal value the seed wrote, opened with the store's keys. */
async function seededPersonalValues(store: Awaited<ReturnType<typeof openStore>>) {
  const users = await store.db.selectFrom('users').selectAll().execute();
  const values: string[] = [];
  for (const u of users) {
    const id = Number(u.id);
    const open = <T>(sealed: string | null, column: string) =>
      openJson<T>(store.keyring, sealed, userAad(id, column));
    const first = open<string>(u.first_name_enc, 'first_name');
    const last = open<string>(u.last_name_enc, 'last_name');
    const email = open<string>(u.email_enc, 'email');
    const phone = open<Phone>(u.phone_enc, 'phone');
    const alt = open<Phone>(u.alternative_phone_enc, 'alternative_phone');
    const identification = open<{ number: string }>(u.identification_enc, 'identification');
    const address = open<{ address: string }>(u.address_enc, 'address');
    values.push(`${first} ${last}`, email!, phone!.number, identification!.number, address!.address);
    if (alt?.number) values.push(alt.number);
  }
  return { users: users.length, values };
}

describe('personal data at rest (spec 5, item 6)', () => {
  it('leaves no seeded personal value in the database file or its write-ahead log', async () => {
    const file = join(dir, 'marketplace.db');
    const store = await openStore({ file });
    await seedStore(store, { orders: 400, seed: 11, now: SEED_NOW });
    const { users, values } = await seededPersonalValues(store);
    expect(users).toBeGreaterThan(20);
    expect(values.length).toBeGreaterThan(users * 5);

    // While open, the seed's pages are still in the WAL; after close they are checkpointed into the file.
    expect(existsSync(`${file}-wal`)).toBe(true);
    const whileOpen = [readFileSync(file), readFileSync(`${file}-wal`)];
    expect(whileOpen[1]!.length).toBeGreaterThan(100_000);
    await store.close();
    const afterClose = [
      readFileSync(file),
      ...(existsSync(`${file}-wal`) ? [readFileSync(`${file}-wal`)] : []),
    ];

    for (const bytes of [...whileOpen, ...afterClose]) {
      const leaked = values.filter((v) => bytes.includes(Buffer.from(v)));
      expect(leaked).toEqual([]);
      for (const key of ['"first_name"', '"last_name"', '"email"', '"identification"', '"phone"']) {
        expect(bytes.includes(Buffer.from(key)), key).toBe(false);
      }
    }
    // The check can fail: the same values are in plain sight where they are meant to be opened.
    const plain = Buffer.from(JSON.stringify(values));
    expect(values.every((v) => plain.includes(Buffer.from(v)))).toBe(true);
  }, 60_000);
});
