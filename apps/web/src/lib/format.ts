const SITE_LOCALES: Record<string, string> = {
  MLA: 'es-AR',
  MLB: 'pt-BR',
  MLM: 'es-MX',
  MCO: 'es-CO',
  MLC: 'es-CL',
  MLU: 'es-UY',
  MPE: 'es-PE',
  MEC: 'es-EC',
  MRD: 'es-DO',
  MPA: 'es-PA',
  MCR: 'es-CR',
  MLV: 'es-VE',
};

/** Latin-American Spanish: the safest reading for a site we do not know yet. */
export const FALLBACK_LOCALE = 'es-419';

/** The BCP 47 locale the marketplace site speaks (`MLA` → `es-AR`). */
export function localeForSite(siteId: string): string {
  return SITE_LOCALES[siteId.toUpperCase()] ?? FALLBACK_LOCALE;
}

/**
 * Decimal places the marketplace uses per currency (`GET /currencies`) where they differ from ISO 4217's: Intl
 * would print "COP 1.234,00" for an amount the platform never splits into cents.
 */
const MARKETPLACE_DECIMALS: Record<string, number> = { CLP: 0, COP: 0, PYG: 0, HNL: 0, NIO: 0 };

const moneyFormats = new Map<string, Intl.NumberFormat>();

function moneyFormat(locale: string, currencyId: string): Intl.NumberFormat {
  const key = `${locale}|${currencyId}`;
  let format = moneyFormats.get(key);
  if (!format) {
    const own = MARKETPLACE_DECIMALS[currencyId];
    const digits = own === undefined ? {} : { minimumFractionDigits: own, maximumFractionDigits: own };
    format = new Intl.NumberFormat(locale, { style: 'currency', currency: currencyId, ...digits });
    // A bare "$" is shared by ARS, MXN, CLP, COP, UYU, USD…: a seller selling across sites must never confuse
    // them, so those currencies show their ISO code instead ("ARS 1.234,50"). R$, S/ and ₡ stay symbols.
    const symbol = format.formatToParts(1).find((part) => part.type === 'currency')?.value;
    if (symbol === '$') {
      format = new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: currencyId,
        currencyDisplay: 'code',
        ...digits,
      });
    }
    moneyFormats.set(key, format);
  }
  return format;
}

/** The decimal places of amounts in a currency: the marketplace's where it has its own, else ISO 4217's. */
export function currencyDecimals(currencyId: string): number {
  const own = MARKETPLACE_DECIMALS[currencyId];
  if (own !== undefined) return own;
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency: currencyId }).resolvedOptions()
        .maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
}

/** Formats an amount in a currency for a locale; an unknown currency code falls back to "1.234,50 XYZ". */
export function formatMoney(amount: number, currencyId: string, locale: string): string {
  try {
    return moneyFormat(locale, currencyId).format(amount);
  } catch {
    const number = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    return `${number.format(amount)} ${currencyId}`;
  }
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

export interface FormatDateOptions {
  /** Defaults to the browser's time zone. */
  timeZone?: string;
  /** `date` omits the time of day. */
  style?: 'date' | 'datetime';
}

/** Formats an ISO 8601 timestamp for a locale; text that is not a date is returned unchanged. */
export function formatDate(iso: string, locale: string, options: FormatDateOptions = {}): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const style = options.style ?? 'datetime';
  const key = `${locale}|${options.timeZone ?? ''}|${style}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      dateStyle: 'medium',
      ...(style === 'datetime' ? { timeStyle: 'short' } : {}),
      ...(options.timeZone ? { timeZone: options.timeZone } : {}),
    });
    dateFormats.set(key, format);
  }
  return format.format(date);
}

const clockFormat = new Intl.DateTimeFormat(undefined, {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
const stampFormat = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'medium',
  hourCycle: 'h23',
});

/** The time of day to the second, on a 24-hour clock in the browser's locale: when a live change happened. */
export const formatClock = (iso: string): string => clockFormat.format(new Date(iso));

/** The date and the time to the second, on a 24-hour clock in the browser's locale. */
export const formatStamp = (iso: string): string => stampFormat.format(new Date(iso));
