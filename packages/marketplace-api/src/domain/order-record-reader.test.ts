import { beforeAll, describe, expect, it } from 'vitest';
import type { OrdersTable } from '../db/schema.ts';
import { feedbackRecord } from '../feedback/feedback-repository.ts';
import { seededApi, type TestApi } from '../test-support.ts';
import { renderOrderRow } from './order-record.ts';
import { readOrderRecord } from './order-record-reader.ts';

let api: TestApi;
beforeAll(async () => {
  api = await seededApi({ orders: 900 });
});

describe('readOrderRecord', () => {
  it('is the inverse of renderOrderRow on every seeded order (all statuses, payments, feedback, mediations)', async () => {
    const db = api.store.db;
    const currencies = new Map(
      (await db.selectFrom('currencies').select(['id', 'decimal_places']).execute()).map((c) => [
        c.id,
        c.decimal_places,
      ]),
    );
    const offsets = new Map(
      (await db.selectFrom('sites').select(['id', 'utc_offset_minutes']).execute()).map((s) => [
        s.id,
        s.utc_offset_minutes,
      ]),
    );
    const feedback = (await db.selectFrom('feedback').selectAll().execute()).map((f) => ({
      orderId: Number(f.order_id),
      record: feedbackRecord(f),
    }));
    const rows = (await db.selectFrom('orders').selectAll().execute()) as OrdersTable[];
    expect(rows.length).toBe(900);
    const statuses = new Set<string>();
    for (const row of rows) {
      const ctx = {
        offsetMinutes: offsets.get(row.site_id)!,
        decimals: (id: string) => currencies.get(id) ?? 2,
      };
      const mine = feedback.filter((f) => f.orderId === row.id).map((f) => f.record);
      const record = readOrderRecord(
        row,
        {
          sale: mine.find((f) => f.role === 'sale') ?? null,
          purchase: mine.find((f) => f.role === 'purchase') ?? null,
        },
        ctx,
      );
      const again = renderOrderRow(record, ctx);
      const text = (b: Uint8Array) => Buffer.from(b).toString('utf8');
      expect(text(again.doc)).toBe(text(row.doc));
      expect(text(again.payments_full)).toBe(text(row.payments_full));
      expect(text(again.payments_short)).toBe(text(row.payments_short));
      expect(text(again.feedback_doc)).toBe(text(row.feedback_doc));
      expect(text(again.mediations_doc)).toBe(text(row.mediations_doc));
      const { doc, payments_full, payments_short, feedback_doc, mediations_doc, version, ...columns } = again;
      const stored = Object.fromEntries(Object.keys(columns).map((k) => [k, row[k as keyof OrdersTable]]));
      expect(columns).toEqual(stored);
      statuses.add(row.status);
    }
    expect([...statuses].sort()).toEqual([
      'cancelled',
      'confirmed',
      'invalid',
      'manually_cancelled',
      'paid',
      'partially_paid',
      'payment_in_process',
      'payment_required',
    ]);
  });
});
