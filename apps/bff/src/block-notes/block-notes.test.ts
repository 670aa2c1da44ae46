import {
  BLOCK_NOTES_MAX,
  blockAuditPageSchema,
  blockNoteListSchema,
  blockNoteSchema,
  errorBodySchema,
} from '@mostrador/contracts';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrateBff } from '../db/migrate.ts';
import { type Browser, createKit, type Kit } from '../test-support.ts';
import { createBlockNoteRepository } from './block-note-repository.ts';

let kit: Kit;
let seller: Browser;
let sellerId: number;
let buyerId: number;

const json = { 'content-type': 'application/json' };

/** Writes the browser's note about a buyer on the order blocklist. */
const putNote = (browser: Browser, buyer: number, reason: string, note: string) =>
  browser.write(`/bff/block-notes/order/${buyer}`, {
    method: 'PUT',
    headers: json,
    body: JSON.stringify({ reason, note }),
  });

beforeAll(async () => {
  kit = await createKit();
  seller = kit.browser();
  await seller.signIn('TIENDA_PALERMO');
  sellerId = kit.user('TIENDA_PALERMO').id;
  buyerId = kit.user('COMPRADORA_SAMPA').id;
});

describe('the audit trail of blocks made through /api', () => {
  it('records a block and an unblock with who, whom, which list and when, newest first', async () => {
    const before = kit.now();
    const blocked = await seller.write(`/api/users/${sellerId}/questions_blacklist`, {
      headers: json,
      body: JSON.stringify({ user_id: buyerId }),
    });
    expect(blocked.status).toBe(200);
    kit.advance(1000);
    const unblocked = await seller.write(`/api/users/${sellerId}/questions_blacklist/${buyerId}`, {
      method: 'DELETE',
    });
    expect(unblocked.status).toBe(200);

    const res = await seller.request(`/bff/block-audit?list=questions&buyer_id=${buyerId}`);
    expect(res.status).toBe(200);
    const page = blockAuditPageSchema.parse(await res.json());
    expect(page.paging).toEqual({ total: 2, offset: 0, limit: 20 });
    expect(page.entries.map((e) => e.action)).toEqual(['unblocked', 'blocked']);
    expect(page.entries[1]).toMatchObject({
      seller_id: sellerId,
      buyer_id: buyerId,
      list: 'questions',
      actor: { user_id: sellerId, nickname: 'TIENDA_PALERMO' },
      at: new Date(before).toISOString(),
    });
  });

  it('records an unblock in the spec’s order of ids, buyer first, on the seller', async () => {
    const blocked = await seller.write(`/api/users/${sellerId}/order_blacklist`, {
      headers: json,
      body: JSON.stringify({ user_id: buyerId }),
    });
    expect(blocked.status).toBe(200);
    kit.advance(1000);
    const unblocked = await seller.write(`/api/users/${buyerId}/order_blacklist/${sellerId}`, {
      method: 'DELETE',
    });
    expect(unblocked.status).toBe(200);
    const page = blockAuditPageSchema.parse(
      await (await seller.request(`/bff/block-audit?list=order&buyer_id=${buyerId}`)).json(),
    );
    expect(page.entries.map((e) => [e.action, e.seller_id, e.buyer_id])).toEqual([
      ['unblocked', sellerId, buyerId],
      ['blocked', sellerId, buyerId],
    ]);
  });

  it('records nothing when the marketplace refuses the block', async () => {
    const refused = await seller.write(`/api/users/${sellerId}/order_blacklist`, {
      headers: json,
      body: JSON.stringify({ user_id: sellerId }),
    });
    expect(refused.status).toBe(400);
    const page = blockAuditPageSchema.parse(
      await (await seller.request(`/bff/block-audit?buyer_id=${sellerId}`)).json(),
    );
    expect(page.entries).toEqual([]);
  });

  it('pages and refuses malformed queries', async () => {
    const res = await seller.request('/bff/block-audit?limit=1&offset=1');
    const page = blockAuditPageSchema.parse(await res.json());
    expect(page.entries).toHaveLength(1);
    expect(page.entries[0]?.action).toBe('blocked');
    expect((await seller.request('/bff/block-audit?limit=0')).status).toBe(400);
    expect((await seller.request('/bff/block-audit?list=all')).status).toBe(400);
    expect((await seller.request('/bff/block-audit?extra=1')).status).toBe(400);
  });
});

describe('block notes', () => {
  const path = () => `/bff/block-notes/order/${buyerId}`;

  it('keeps a reason and note per seller, buyer and list, and replaces it on a second write', async () => {
    const first = await putNote(seller, buyerId, 'non_payment', 'Two unpaid orders in March.\nCalled twice.');
    expect(first.status).toBe(200);
    expect(blockNoteSchema.parse(await first.json())).toMatchObject({
      seller_id: sellerId,
      buyer_id: buyerId,
      list: 'order',
      reason: 'non_payment',
      updated_by: { nickname: 'TIENDA_PALERMO' },
    });
    await putNote(seller, buyerId, 'fraud_suspicion', 'Chargeback.');
    const read = await seller.request(`/bff/block-notes?list=order&buyer_ids=${buyerId},99`);
    const { notes } = blockNoteListSchema.parse(await read.json());
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ reason: 'fraud_suspicion', note: 'Chargeback.' });
    // The other list has its own notes.
    const other = await seller.request(`/bff/block-notes?list=questions&buyer_ids=${buyerId}`);
    expect(blockNoteListSchema.parse(await other.json()).notes).toEqual([]);
  });

  it('refuses bad input with the error body and changes nothing', async () => {
    const cases: [string, RequestInit & { headers?: Record<string, string> }, number][] = [
      [path(), { body: JSON.stringify({ reason: 'because', note: '' }), headers: json }, 400],
      [path(), { body: JSON.stringify({ reason: 'other', note: 'x'.repeat(501) }), headers: json }, 400],
      [path(), { body: JSON.stringify({ reason: 'other', note: 'a\u0007b' }), headers: json }, 400],
      [path(), { body: JSON.stringify({ reason: 'other', note: 'a\u009bb' }), headers: json }, 400],
      [path(), { body: JSON.stringify({ reason: 'other', note: 'a\u061cb' }), headers: json }, 400],
      [path(), { body: JSON.stringify({ reason: 'other', extra: 1 }), headers: json }, 400],
      [path(), { body: '{', headers: json }, 400],
      [path(), { body: JSON.stringify({ reason: 'other' }), headers: { 'content-type': 'text/plain' } }, 415],
      [`/bff/block-notes/everything/${buyerId}`, { body: '{}', headers: json }, 404],
      ['/bff/block-notes/order/0x1', { body: '{}', headers: json }, 400],
      [
        `/bff/block-notes/order/${sellerId}`,
        { body: JSON.stringify({ reason: 'other' }), headers: json },
        400,
      ],
    ];
    for (const [target, init, status] of cases) {
      const res = await seller.write(target, { method: 'PUT', ...init });
      expect(res.status, target).toBe(status);
      const body = (await res.json()) as Record<string, unknown>;
      expect(Object.keys(body).sort()).toEqual(['cause', 'error', 'message', 'status']);
    }
    const { notes } = blockNoteListSchema.parse(
      await (await seller.request(`/bff/block-notes?list=order&buyer_ids=${buyerId}`)).json(),
    );
    expect(notes[0]).toMatchObject({ reason: 'fraud_suspicion', note: 'Chargeback.' });
  });

  it('needs a signed-in session and the CSRF header for writes', async () => {
    const anonymous = kit.browser('198.51.100.8');
    expect((await anonymous.request(`/bff/block-notes?list=order&buyer_ids=${buyerId}`)).status).toBe(401);
    expect((await anonymous.request('/bff/block-audit')).status).toBe(401);
    const forged = await seller.request(path(), {
      method: 'PUT',
      headers: json,
      body: JSON.stringify({ reason: 'other', note: 'forged' }),
    });
    expect(forged.status).toBe(403);
    const crossSite = await seller.write(path(), {
      method: 'PUT',
      headers: { ...json, origin: 'https://evil.example' },
      body: JSON.stringify({ reason: 'other', note: 'forged' }),
    });
    expect(crossSite.status).toBe(403);
  });

  it('shows a seller only their own notes and trail', async () => {
    const other = kit.browser('198.51.100.9');
    await other.signIn('LOJA_PINHEIROS');
    const notes = await other.request(`/bff/block-notes?list=order&buyer_ids=${buyerId}`);
    expect(blockNoteListSchema.parse(await notes.json()).notes).toEqual([]);
    const trail = blockAuditPageSchema.parse(await (await other.request('/bff/block-audit')).json());
    expect(trail.entries).toEqual([]);
  });
});

describe('an operator acting for the seller', () => {
  let operator: Browser;
  let operatorId: number;
  const other = () => kit.user('COMPRADOR_POLANCO').id;

  beforeAll(async () => {
    operator = kit.browser('198.51.100.20');
    await operator.signIn('SOPORTE_PALERMO');
    operatorId = kit.user('SOPORTE_PALERMO').id;
    await operator.workOn(sellerId);
  });

  it('writes notes that belong to the seller, signed with the operator’s name; each sees the other’s', async () => {
    const written = await putNote(operator, other(), 'abusive_messages', 'Insulted the courier.');
    expect(written.status).toBe(200);
    expect(blockNoteSchema.parse(await written.json())).toMatchObject({
      seller_id: sellerId,
      buyer_id: other(),
      updated_by: { user_id: operatorId, nickname: 'SOPORTE_PALERMO' },
    });
    // The seller sees it, with its author.
    const seen = blockNoteListSchema.parse(
      await (await seller.request(`/bff/block-notes?list=order&buyer_ids=${other()},${buyerId}`)).json(),
    ).notes;
    expect(seen.find((n) => n.buyer_id === other())).toMatchObject({
      note: 'Insulted the courier.',
      updated_by: { nickname: 'SOPORTE_PALERMO' },
    });
    // And the operator sees the seller's own notes.
    const theirs = blockNoteListSchema.parse(
      await (await operator.request(`/bff/block-notes?list=order&buyer_ids=${buyerId}`)).json(),
    ).notes;
    expect(theirs).toEqual([expect.objectContaining({ seller_id: sellerId, buyer_id: buyerId })]);
    expect(theirs[0]?.updated_by.nickname).toBe('TIENDA_PALERMO');
  });

  it('blocks on the seller’s trail, and reads the whole trail, the seller’s own entries included', async () => {
    const blocked = await operator.write(`/api/users/${sellerId}/order_blacklist`, {
      headers: json,
      body: JSON.stringify({ user_id: other() }),
    });
    expect(blocked.status).toBe(200);
    const forSeller = blockAuditPageSchema.parse(await (await seller.request('/bff/block-audit')).json());
    expect(forSeller.entries[0]).toMatchObject({
      seller_id: sellerId,
      buyer_id: other(),
      action: 'blocked',
      actor: { user_id: operatorId, nickname: 'SOPORTE_PALERMO' },
    });
    const forOperator = blockAuditPageSchema.parse(await (await operator.request('/bff/block-audit')).json());
    expect(forOperator).toEqual(forSeller);
    expect(forOperator.entries.some((e) => e.actor.nickname === 'TIENDA_PALERMO')).toBe(true);
  });

  it('works on its own account again once it stops acting for the seller', async () => {
    const own = kit.browser('198.51.100.21');
    await own.signIn('SOPORTE_PALERMO');
    // A new session starts on the seller it operates (decision 0185); it chooses its own account.
    await own.workOn(null);
    const notes = await own.request(`/bff/block-notes?list=order&buyer_ids=${other()}`);
    expect(blockNoteListSchema.parse(await notes.json()).notes).toEqual([]);
    expect(blockAuditPageSchema.parse(await (await own.request('/bff/block-audit')).json()).entries).toEqual(
      [],
    );
  });

  it('without blocklists.manage, reads and writes none of the seller’s notes or trail', async () => {
    const narrowed = await seller.write(`/api/users/${sellerId}/operators/${operatorId}`, {
      method: 'PUT',
      headers: json,
      body: JSON.stringify({ permissions: ['orders.read'] }),
    });
    expect(narrowed.status).toBe(200);
    for (const res of [
      await operator.request(`/bff/block-notes?list=order&buyer_ids=${buyerId}`),
      await operator.request('/bff/block-audit'),
      await putNote(operator, buyerId, 'other', 'overwritten'),
    ]) {
      expect(res.status).toBe(403);
      expect(errorBodySchema.parse(await res.json()).error).toBe('operator_permission_denied');
    }
    const kept = blockNoteListSchema.parse(
      await (await seller.request(`/bff/block-notes?list=order&buyer_ids=${buyerId}`)).json(),
    ).notes;
    expect(kept[0]?.note).not.toBe('overwritten');
  });
});

describe('block notes at rest', () => {
  const SECRET = 'Pays late; lives at Av. Corrientes 1234, tel 11 5555-0101.';
  // Buyers and a list no other test here writes notes for.
  const noted = () => kit.user('COMPRADOR_BELGRANO').id;
  const other = () => kit.user('BAZAR_COYOACAN').id;
  const rawRows = () =>
    kit.bffStore.db
      .selectFrom('bff_block_notes')
      .selectAll()
      .where('buyer_id', 'in', [noted(), other()])
      .orderBy('buyer_id')
      .orderBy('list')
      .execute();

  it('seals a written note in its row: the raw row holds no plain note, the seller reads it back', async () => {
    const written = await putNote(seller, noted(), 'non_payment', SECRET);
    expect(written.status).toBe(200);
    const [row] = await rawRows();
    expect(row).toMatchObject({ seller_id: sellerId, buyer_id: noted(), note: '' });
    expect(row?.note_enc).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(JSON.stringify(row)).not.toContain('Corrientes');

    const read = await seller.request(`/bff/block-notes?list=order&buyer_ids=${noted()}`);
    expect(blockNoteListSchema.parse(await read.json()).notes[0]?.note).toBe(SECRET);
  });

  it('refuses, without showing it, a sealed note copied to another buyer, list or seller', async () => {
    const [original] = await rawRows();
    const sealed = original!.note_enc!;
    const copies = [
      { seller: sellerId, buyer: other(), list: 'order' as const },
      { seller: sellerId, buyer: noted(), list: 'questions' as const },
    ];
    const logsBefore = kit.logs.length;
    for (const copy of copies) {
      await sql`insert into bff_block_notes
          (seller_id, buyer_id, list, reason, note, note_enc, updated_by_id, updated_by_nickname, updated_at)
          values (${copy.seller}, ${copy.buyer}, ${copy.list}, 'other', '', ${sealed}, ${sellerId},
            'TIENDA_PALERMO', ${kit.now()})`.execute(kit.bffStore.db);
      const res = await seller.request(
        `/bff/block-notes?list=${copy.list}&buyer_ids=${noted()},${copy.buyer}`,
      );
      expect(res.status).toBe(500);
      const text = await res.text();
      expect(text).not.toContain('Corrientes');
      const body = errorBodySchema.parse(JSON.parse(text));
      expect(body.error).toBe('internal_error');
      expect(body.message).toContain(`buyer ${copy.buyer}`);
      expect(body.cause).toEqual([{ buyer_id: copy.buyer, list: copy.list, reason: 'note_unreadable' }]);
      await kit.bffStore.db
        .deleteFrom('bff_block_notes')
        .where('buyer_id', '=', copy.buyer)
        .where('list', '=', copy.list)
        .execute();
    }
    // Operators are told which row, never its text or sealed value (repeats within a minute are folded).
    const logged = kit.logs.slice(logsBefore).join('');
    expect(logged).toContain('block note could not be opened');
    expect(logged).toContain(`"buyer_id":${other()}`);
    expect(logged).not.toContain('Corrientes');
    expect(logged).not.toContain(sealed);
    // Under another seller the copy is refused too, though no browser of theirs would ask for it.
    await sql`insert into bff_block_notes
        (seller_id, buyer_id, list, reason, note, note_enc, updated_by_id, updated_by_nickname, updated_at)
        values (${other()}, ${noted()}, 'order', 'other', '', ${sealed}, 1, 'X', 0)`.execute(kit.bffStore.db);
    const repo = createBlockNoteRepository(kit.bffStore.db, kit.bffStore.keyring);
    await expect(repo.notesFor(other(), 'order', [noted()])).rejects.toThrow('could not be opened');
    await kit.bffStore.db.deleteFrom('bff_block_notes').where('seller_id', '=', other()).execute();
    // The note in its own row still opens.
    const own = await seller.request(`/bff/block-notes?list=order&buyer_ids=${noted()}`);
    expect(blockNoteListSchema.parse(await own.json()).notes[0]?.note).toBe(SECRET);
  });

  it('seals a plain row an older version left when the BFF migrates its tables, once', async () => {
    await sql`insert into bff_block_notes
        (seller_id, buyer_id, list, reason, note, updated_by_id, updated_by_nickname, updated_at)
        values (${sellerId}, ${other()}, 'questions', 'other', 'Old plain note, Rua Augusta 500.',
          ${sellerId}, 'TIENDA_PALERMO', ${kit.now()})`.execute(kit.bffStore.db);
    await migrateBff(kit.bffStore);
    const sealedRows = await rawRows();
    expect(JSON.stringify(sealedRows)).not.toContain('Augusta');
    expect(sealedRows.every((row) => row.note === '' && row.note_enc)).toBe(true);
    const read = await seller.request(`/bff/block-notes?list=questions&buyer_ids=${other()}`);
    expect(blockNoteListSchema.parse(await read.json()).notes[0]?.note).toBe(
      'Old plain note, Rua Augusta 500.',
    );

    await migrateBff(kit.bffStore);
    expect(await rawRows()).toEqual(sealedRows);
  });
});

describe('what a note may be about, and how many', () => {
  let pinheiros: Browser;
  let pinheirosId: number;

  beforeAll(async () => {
    pinheiros = kit.browser('198.51.100.50');
    await pinheiros.signIn('LOJA_PINHEIROS');
    pinheirosId = kit.user('LOJA_PINHEIROS').id;
  });

  it('refuses a note about a user the marketplace does not know, and keeps nothing', async () => {
    for (const unknown of [99_999_999, 9_007_199_254_740_991]) {
      const res = await putNote(pinheiros, unknown, 'fraud_suspicion', 'Nobody');
      expect(res.status).toBe(404);
      const body = errorBodySchema.parse(await res.json());
      expect(body).toMatchObject({
        error: 'not_found',
        cause: [{ buyer_id: unknown, reason: 'no_such_user' }],
      });
    }
    const kept = await kit.bffStore.db
      .selectFrom('bff_block_notes')
      .select('buyer_id')
      .where('seller_id', '=', pinheirosId)
      .execute();
    expect(kept).toEqual([]);
  });

  it(`keeps at most ${BLOCK_NOTES_MAX} per account, however many arrive at once; a kept one can be rewritten`, async () => {
    // The account is three notes short of the cap (rows as an older version left them: plain, unsealed).
    const fillers = Array.from({ length: BLOCK_NOTES_MAX - 3 }, (_, n) => ({
      seller_id: pinheirosId,
      buyer_id: 1_000_000_000 + n,
      list: 'questions' as const,
      reason: 'other',
      note: '',
      note_enc: null,
      updated_by_id: pinheirosId,
      updated_by_nickname: 'LOJA_PINHEIROS',
      updated_at: kit.now(),
    }));
    for (let at = 0; at < fillers.length; at += 1000) {
      await kit.bffStore.db
        .insertInto('bff_block_notes')
        .values(fillers.slice(at, at + 1000))
        .execute();
    }
    const buyers = (
      await kit.store.db
        .selectFrom('users')
        .select('id')
        .where('id', 'not in', [pinheirosId, sellerId])
        .orderBy('id')
        .limit(10)
        .execute()
    ).map((row) => Number(row.id));
    expect(buyers).toHaveLength(10);
    const answers = await Promise.all(
      buyers.map((buyer) => putNote(pinheiros, buyer, 'other', `About ${buyer}`)),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(7);
    const full = errorBodySchema.parse(await answers[statuses.indexOf(409)]!.json());
    expect(full).toMatchObject({ error: 'conflict', cause: ['block_notes_full'] });
    const count = await kit.bffStore.db
      .selectFrom('bff_block_notes')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('seller_id', '=', pinheirosId)
      .executeTakeFirstOrThrow();
    expect(Number(count.count)).toBe(BLOCK_NOTES_MAX);

    const kept = buyers[statuses.indexOf(200)]!;
    const rewritten = await putNote(pinheiros, kept, 'fraud_suspicion', 'Rewritten');
    expect(rewritten.status).toBe(200);
    expect(blockNoteSchema.parse(await rewritten.json())).toMatchObject({ note: 'Rewritten' });
    // Another account is not held back by this one's notes.
    expect((await putNote(seller, kept, 'other', 'Mine')).status).toBe(200);
    await kit.bffStore.db.deleteFrom('bff_block_notes').where('seller_id', '=', pinheirosId).execute();
  });
});
