/** The platform's listing vocabulary: site domains, listing types and the classified promotion packs. */

const SITE_DOMAINS: Record<string, string> = {
  MLA: 'mercadolibre.com.ar',
  MLB: 'mercadolivre.com.br',
  MLM: 'mercadolibre.com.mx',
  MCO: 'mercadolibre.com.co',
  MLC: 'mercadolibre.cl',
  MLU: 'mercadolibre.com.uy',
  MPE: 'mercadolibre.com.pe',
  MCR: 'mercadolibre.co.cr',
  MEC: 'mercadolibre.com.ec',
  MPA: 'mercadolibre.com.pa',
  MRD: 'mercadolibre.com.do',
  MLV: 'mercadolibre.com.ve',
};

export const siteDomain = (siteId: string) => SITE_DOMAINS[siteId] ?? 'mercadolibre.com';

/** `https://perfil.mercadolibre.com.ar/NICKNAME`, as the platform links a user's profile. */
export const profilePermalink = (siteId: string, nickname: string) =>
  `https://perfil.${siteDomain(siteId)}/${encodeURIComponent(nickname)}`;

const slug = (title: string) =>
  title
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);

/** `https://articulo.mercadolibre.com.ar/MLA-800123456-titulo-_JM` (Brazil: produto.mercadolivre…). */
export function itemPermalink(siteId: string, itemId: string, title: string): string {
  const host = siteId === 'MLB' ? 'produto' : 'articulo';
  return `https://${host}.${siteDomain(siteId)}/${siteId}-${itemId.slice(3)}-${slug(title)}-_JM`;
}

export interface ListingTypeDefinition {
  id: string;
  names: { es: string; pt: string };
  /** Classified types are published only through a promotion pack. */
  needsPack: boolean;
}

export const LISTING_TYPES: ListingTypeDefinition[] = [
  { id: 'gold_pro', names: { es: 'Premium', pt: 'Premium' }, needsPack: false },
  { id: 'gold_special', names: { es: 'Clásica', pt: 'Clássico' }, needsPack: false },
  { id: 'free', names: { es: 'Gratuita', pt: 'Grátis' }, needsPack: false },
  { id: 'silver', names: { es: 'Plata', pt: 'Prata' }, needsPack: true },
  { id: 'bronze', names: { es: 'Bronce', pt: 'Bronze' }, needsPack: true },
];

/** Free listings a user may have live at once. */
export const FREE_LISTING_LIMIT = 20;

export interface PromotionPackDefinition {
  id: string;
  description: string;
  package_type: 'rotary' | 'fixed';
  listing_type_id: 'silver' | 'bronze';
  listings: number;
  days: number;
}

/** Packs a commercial adviser can create and a user can then associate (POST …/classifieds_promotion_packs). */
export const PROMOTION_PACKS: PromotionPackDefinition[] = [
  {
    id: 'MPAB',
    description: 'Paquete 15 Básico',
    package_type: 'rotary',
    listing_type_id: 'silver',
    listings: 15,
    days: 30,
  },
  {
    id: 'IPIN',
    description: 'Paquete Inmuebles 50',
    package_type: 'rotary',
    listing_type_id: 'silver',
    listings: 50,
    days: 30,
  },
  {
    id: 'BRZ5',
    description: 'Paquete 5 Bronce',
    package_type: 'fixed',
    listing_type_id: 'bronze',
    listings: 5,
    days: 90,
  },
];
