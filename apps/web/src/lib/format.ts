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

let accountLocale = FALLBACK_LOCALE;

/**
 * The locale of the account the dashboard works on (its site's): counts, rates and times without an order of their
 * own follow it, so they read like the money beside them ("1.036 ventas" beside "ARS 1.400.000,00").
 */
export function setAccountLocale(locale: string): void {
  accountLocale = locale;
}

/** The locale counts and times follow when nothing names another. */
export const currentAccountLocale = (): string => accountLocale;

const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string, key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const cacheKey = `${locale}|${key}`;
  let format = numberFormats.get(cacheKey);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(cacheKey, format);
  }
  return format;
}

/** A count ("1.036 ventas") in the account's locale. */
export const formatCount = (value: number, locale: string = accountLocale): string =>
  numberFormat(locale, 'count', { maximumFractionDigits: 0 }).format(value);

/**
 * An exchange rate: six significant digits, in the account's locale ("0,000689656", "1.450,25"), never the
 * twelve decimals the API sends.
 */
export const formatRate = (value: number, locale: string = accountLocale): string =>
  numberFormat(locale, 'rate', { maximumSignificantDigits: 6 }).format(value);

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The one way a time of day is written: hours and minutes on a 24-hour clock ("21:54"), in every locale, whether
 * beside a date or alone.
 */
const TIME_OF_DAY = { timeStyle: 'short', hourCycle: 'h23' } as const;

export interface FormatDateOptions {
  /** Defaults to the browser's time zone. */
  timeZone?: string;
  /** `date` omits the time of day. */
  style?: 'date' | 'datetime';
}

function dateTimeFormat(key: string, locale: string, options: Intl.DateTimeFormatOptions) {
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(key, format);
  }
  return format;
}

/**
 * Whether a timestamp was written at another offset from UTC than the browser's at that moment: the marketplace
 * writes its times at the site's offset (as the CSV export carries them), the page shows them in the browser's zone.
 */
function offsetDiffers(iso: string, date: Date): boolean {
  const written = /(?:([+-])(\d{2}):?(\d{2})|Z)$/.exec(iso);
  if (!written) return false;
  const minutes = written[1]
    ? (written[1] === '-' ? -1 : 1) * (Number(written[2]) * 60 + Number(written[3]))
    : 0;
  return minutes !== -date.getTimezoneOffset();
}

/** The time of day, with the zone it is in ("03:33 UTC") when the marketplace wrote it in another. */
function timeOfDay(iso: string, date: Date, locale: string, timeZone: string | undefined): string {
  const named = !timeZone && offsetDiffers(iso, date);
  return dateTimeFormat(`${locale}|${timeZone ?? ''}|time${named ? '|zone' : ''}`, locale, {
    ...(named
      ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short' }
      : TIME_OF_DAY),
    ...(timeZone ? { timeZone } : {}),
  }).format(date);
}

/**
 * Formats an ISO 8601 timestamp for a locale: the date as the locale writes it ("7 mar 2025"), then the time of day
 * as every time is written ("22:15"), followed by the browser's zone when the marketplace wrote the time in another
 * ("22:15 UTC" for a time the marketplace wrote at -03:00); text that is not a date is returned unchanged.
 */
export function formatDate(iso: string, locale: string, options: FormatDateOptions = {}): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const zone = options.timeZone ? { timeZone: options.timeZone } : {};
  const day = dateTimeFormat(`${locale}|${options.timeZone ?? ''}|date`, locale, {
    dateStyle: 'medium',
    ...zone,
  });
  if ((options.style ?? 'datetime') === 'date') return day.format(date);
  return `${day.format(date)}, ${timeOfDay(iso, date, locale, options.timeZone)}`;
}

/** The time of day alone, as every time is written: when a live change happened. */
export function formatClock(iso: string, locale: string = accountLocale): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return timeOfDay(iso, date, locale, undefined);
}

/** The date and the time of day, as `formatDate` writes them, in the account's locale. */
export const formatStamp = (iso: string, locale: string = accountLocale): string => formatDate(iso, locale);
