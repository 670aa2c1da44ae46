import { demoAccessTokens, type Store } from '@mostrador/marketplace-api';

/**
 * The requests the benchmarks send (`npm run bench`, `npm run bench:instructions`): order reads of the demo sellers,
 * in both forms, and the searches of a typical seller, the largest one and a buyer, found in a seeded store.
 */

export interface Request {
  path: string;
  token: string;
  /** Sent without `x-format-new`: the legacy form, which clients of the platform get unless they ask. */
  legacy?: boolean;
}

export interface Case {
  key: string;
  name: string;
  detail: string;
  requests: Request[];
  /**
   * The goal: at least this share of the twin's requests per second, with p99 under 50 ms; the same on both stores
   * since every cache of the read path works on both (decision 0240).
   */
  goal: number;
}

/** The people and orders the cases use, found in the seeded store, with fresh tokens. */
export async function prepareCases(store: Store, only?: readonly string[]): Promise<Case[]> {
  const tokens = new Map((await demoAccessTokens(store)).map((u) => [u.nickname, u]));
  const account = (nickname: string) => {
    const found = tokens.get(nickname);
    if (!found) throw new Error(`no demo account ${nickname}: seed the database again`);
    return found;
  };
  const largest = account('TIENDA_PALERMO');
  const typical = account('LOJA_PINHEIROS');
  const buyer = account('COMPRADOR_BELGRANO');
  const sellers = [largest, typical, account('BAZAR_COYOACAN')];
  // 150 distinct orders, 50 of each demo seller, each read with its seller's token.
  const bySeller: Request[][] = [];
  for (const seller of sellers) {
    const rows = await store.db
      .selectFrom('orders')
      .select('id')
      .where('seller_id', '=', seller.id)
      .orderBy('date_created', 'desc')
      .limit(50)
      .execute();
    bySeller.push(rows.map((row) => ({ path: `/api/orders/${row.id}`, token: seller.access_token })));
  }
  // Interleaved, so consecutive requests are of different sellers.
  const orderReads = bySeller[0]!.flatMap((_, i) => bySeller.flatMap((reads) => reads[i] ?? []));
  const paid = async (seller: number) =>
    Number(
      (
        await store.db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('seller_id', '=', seller)
          .where('status', '=', 'paid')
          .executeTakeFirstOrThrow()
      ).n,
    );
  const bought = Number(
    (
      await store.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('buyer_id', '=', buyer.id)
        .executeTakeFirstOrThrow()
    ).n,
  );
  const sellerSearch = (id: number) =>
    `/api/orders/search?seller=${id}&order.status=paid&sort=date_desc&limit=50`;
  const cases: Case[] = [
    {
      key: 'order',
      name: 'GET /orders/{id}, Bearer token',
      detail: `${orderReads.length} orders of 3 sellers in turn`,
      requests: orderReads,
      goal: 0.5,
    },
    {
      key: 'legacy',
      name: 'GET /orders/{id}, legacy form',
      detail: 'the same reads without x-format-new, as clients of the platform send them',
      requests: orderReads.map((r) => ({ ...r, legacy: true })),
      goal: 0.5,
    },
    {
      key: 'typical',
      name: 'search, typical seller',
      detail: `LOJA_PINHEIROS, ${await paid(typical.id)} paid, date_desc, limit 50`,
      requests: [{ path: sellerSearch(typical.id), token: typical.access_token }],
      goal: 0.5,
    },
    {
      key: 'largest',
      name: 'search, largest seller',
      detail: `TIENDA_PALERMO, ${await paid(largest.id)} paid, date_desc, limit 50`,
      requests: [{ path: sellerSearch(largest.id), token: largest.access_token }],
      goal: 0.5,
    },
    {
      key: 'buyer',
      name: "search, a buyer's purchases",
      detail: `COMPRADOR_BELGRANO, ${bought} orders, date_desc, limit 50`,
      requests: [
        { path: `/api/orders/search?buyer=${buyer.id}&sort=date_desc&limit=50`, token: buyer.access_token },
      ],
      goal: 0.5,
    },
  ];
  return cases.filter((c) => !only || only.includes(c.key));
}
