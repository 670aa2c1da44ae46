import type { CatalogItemsTable, ItemsTable, ReviewsTable, UsersTable } from '../db/schema.ts';
import { Random } from './random.ts';
import { SITES } from './reference.ts';

const DAY = 86_400_000;

type Rate = 1 | 2 | 3 | 4 | 5;
type Texts = Record<Rate, { titles: string[]; contents: string[] }>;

const TEXTS: Record<'es' | 'pt', Texts> = {
  es: {
    5: {
      titles: ['Excelente', 'Muy recomendable', 'Increíble, lo amo', 'Perfecto', 'Superó mis expectativas'],
      contents: [
        'Excelente producto, recomendable 100%.',
        'Llegó antes de lo previsto y funciona perfecto.',
        'Muy buena calidad, tal cual la descripción.',
        'Lo uso todos los días y estoy muy conforme.',
      ],
    },
    4: {
      titles: ['Muy bueno', 'Buena compra'],
      contents: [
        'Muy buen producto, aunque la caja llegó un poco golpeada.',
        'Cumple con lo prometido. Le falta un poco de terminación.',
      ],
    },
    3: {
      titles: ['Regular', 'Cumple'],
      contents: ['Está bien por el precio, nada más.', 'Funciona, pero esperaba más.'],
    },
    2: {
      titles: ['No muy bueno', 'Decepcionante'],
      contents: ['La calidad no es la que esperaba.', 'Dejó de funcionar bien al mes.'],
    },
    1: {
      titles: ['Malo', 'No lo recomiendo'],
      contents: ['Llegó fallado y el cambio demoró mucho.', 'No coincide con la publicación.'],
    },
  },
  pt: {
    5: {
      titles: ['Excelente', 'Recomendo', 'Perfeito', 'Superou minhas expectativas'],
      contents: [
        'Excelente produto, recomendo 100%.',
        'Chegou antes do prazo e funciona perfeitamente.',
        'Muito boa qualidade, igual à descrição.',
        'Uso todos os dias e estou muito satisfeita.',
      ],
    },
    4: {
      titles: ['Muito bom', 'Boa compra'],
      contents: [
        'Produto muito bom, mas a caixa chegou um pouco amassada.',
        'Cumpre o que promete. Falta um pouco de acabamento.',
      ],
    },
    3: {
      titles: ['Regular', 'Razoável'],
      contents: ['Está ok pelo preço, nada mais.', 'Funciona, mas esperava mais.'],
    },
    2: {
      titles: ['Não muito bom', 'Decepcionante'],
      contents: ['A qualidade não é a que eu esperava.', 'Parou de funcionar direito depois de um mês.'],
    },
    1: {
      titles: ['Ruim', 'Não recomendo'],
      contents: ['Chegou com defeito e a troca demorou muito.', 'Não corresponde ao anúncio.'],
    },
  },
};

const RATES: readonly (readonly [Rate, number])[] = [
  [5, 0.62],
  [4, 0.2],
  [3, 0.08],
  [2, 0.04],
  [1, 0.06],
];

/** A stable catalog product id per site and title, in the platform's shape (`MLB14186226`). */
function catalogProductId(siteId: string, title: string): string {
  let h = 2166136261;
  for (const ch of title) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return `${siteId}${10_000_000 + (h % 89_999_999)}`;
}

export interface ReviewSeed {
  catalogItems: CatalogItemsTable[];
  reviews: ReviewsTable[];
}

/**
 * Reviews of the seeded items: roughly one sale in eight gets one, at most 60 per item, from buyers of the item's
 * site. A Random of its own keeps the orders of a seed unchanged. Items of the same title on a site share a catalog
 * product; some of them are opted into it.
 */
export function generateReviews(
  items: readonly Pick<ItemsTable, 'id' | 'site_id' | 'seller_id' | 'title' | 'sold_quantity'>[],
  users: readonly Pick<UsersTable, 'id' | 'site_id'>[],
  options: { seed: number; now: number },
): ReviewSeed {
  const r = new Random((options.seed * 7919 + 104_729) >>> 0);
  const sellers = new Set(items.map((i) => i.seller_id));
  const buyersBySite = new Map<string, number[]>();
  for (const u of users) {
    if (sellers.has(u.id)) continue;
    const list = buyersBySite.get(u.site_id) ?? [];
    list.push(u.id);
    buyersBySite.set(u.site_id, list);
  }
  const anyBuyer = users.filter((u) => !sellers.has(u.id)).map((u) => u.id);
  const langOf = new Map(SITES.map((s) => [s.id, s.lang]));

  const catalogItems: CatalogItemsTable[] = [];
  const reviews: ReviewsTable[] = [];
  let nextId = 41_000_000;
  for (const item of items) {
    const catalogId = r.chance(0.35) ? catalogProductId(item.site_id, item.title) : null;
    if (catalogId) catalogItems.push({ item_id: item.id, catalog_product_id: catalogId });
    const count = Math.min(60, Math.floor(item.sold_quantity * (0.06 + r.next() * 0.14)));
    const texts = TEXTS[langOf.get(item.site_id) ?? 'es'];
    const reviewers = buyersBySite.get(item.site_id) ?? anyBuyer;
    for (let k = 0; k < count; k++) {
      nextId += r.int(1, 400);
      const rate = r.weighted(RATES);
      const created = options.now - r.int(1, 360) * DAY - r.int(0, 86_399) * 1000;
      const likes = r.chance(0.6) ? 0 : r.int(1, 40);
      const dislikes = r.chance(0.8) ? 0 : r.int(1, 6);
      reviews.push({
        id: nextId,
        item_id: item.id,
        catalog_product_id: catalogId,
        reviewer_id: reviewers.length > 0 ? r.pick(reviewers) : 0,
        site_id: item.site_id,
        status: 'published',
        title: r.pick(texts[rate].titles),
        content: r.pick(texts[rate].contents),
        rate,
        valorization: likes - dislikes,
        likes,
        dislikes,
        relevance: r.int(0, 100),
        forbidden_words: r.chance(0.02) ? 1 : 0,
        date_created: created,
        buying_date: created - r.int(2, 25) * DAY,
      });
    }
  }
  return { catalogItems, reviews };
}
