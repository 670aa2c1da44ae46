import { describe, expect, it } from 'vitest';
import {
  FALLBACK_LOCALE,
  formatClock,
  formatCount,
  formatDate,
  formatMoney,
  formatRate,
  formatStamp,
  localeForSite,
} from './format.ts';

// Intl separates the currency from the number with a no-break space; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('localeForSite', () => {
  it.each([
    ['MLA', 'es-AR'],
    ['MLB', 'pt-BR'],
    ['MLM', 'es-MX'],
    ['MCO', 'es-CO'],
    ['MLC', 'es-CL'],
    ['MLU', 'es-UY'],
    ['MPE', 'es-PE'],
    ['MEC', 'es-EC'],
    ['MRD', 'es-DO'],
    ['MPA', 'es-PA'],
    ['MCR', 'es-CR'],
    ['MLV', 'es-VE'],
  ])('%s → %s', (site, locale) => {
    expect(localeForSite(site)).toBe(locale);
  });

  it('accepts lower case and falls back to Latin-American Spanish', () => {
    expect(localeForSite('mlb')).toBe('pt-BR');
    expect(localeForSite('XXX')).toBe(FALLBACK_LOCALE);
  });
});

describe('formatMoney', () => {
  it('shows the ISO code for currencies whose symbol is a bare $', () => {
    expect(plain(formatMoney(1234.5, 'ARS', 'es-AR'))).toBe('ARS 1.234,50');
    expect(plain(formatMoney(1234.5, 'MXN', 'es-MX'))).toBe('MXN 1,234.50');
    expect(plain(formatMoney(1234.5, 'UYU', 'es-UY'))).toBe('UYU 1.234,50');
    expect(plain(formatMoney(1234, 'CLP', 'es-CL'))).toMatch(/^CLP 1\.234$/);
    expect(plain(formatMoney(1234, 'COP', 'es-CO'))).toMatch(/^COP 1\.234(,00)?$/);
  });

  it('keeps unambiguous symbols', () => {
    expect(plain(formatMoney(1234.5, 'BRL', 'pt-BR'))).toBe('R$ 1.234,50');
    expect(plain(formatMoney(1234.5, 'PEN', 'es-PE'))).toBe('S/ 1,234.50');
    expect(plain(formatMoney(10, 'USD', 'es-AR'))).toBe('US$ 10,00');
  });

  it('never shows a bare $ for US dollars either', () => {
    expect(plain(formatMoney(10, 'USD', 'es-EC'))).not.toMatch(/^\$/);
  });

  it('formats negative amounts and zero', () => {
    expect(plain(formatMoney(-5, 'BRL', 'pt-BR'))).toBe('-R$ 5,00');
    expect(plain(formatMoney(0, 'ARS', 'es-AR'))).toBe('ARS 0,00');
  });

  it('falls back to number plus code for an unknown currency', () => {
    expect(plain(formatMoney(1234.5, 'not-a-currency', 'es-AR'))).toBe('1.234,50 not-a-currency');
  });
});

describe('formatDate', () => {
  const iso = '2025-03-07T22:15:00.000-03:00';

  it('formats date and time in the given time zone', () => {
    const text = plain(formatDate(iso, 'es-AR', { timeZone: 'America/Argentina/Buenos_Aires' }));
    expect(text).toContain('7 mar 2025');
    // One time format everywhere: a 24-hour clock, hours and minutes.
    expect(text).toMatch(/22:15$/);
    expect(plain(formatDate(iso, 'en-US', { timeZone: 'America/Argentina/Buenos_Aires' }))).toMatch(/22:15$/);
  });

  it('writes a time alone and a stamp the same way as a date with its time', () => {
    // With the browser's zone named when the time was written at another offset (format-zone.test.ts).
    expect(formatClock(iso, 'es-AR')).toMatch(/^\d{2}:15( (UTC|GMT[+-][\d:]+))?$/);
    expect(formatStamp(iso, 'pt-BR')).toBe(formatDate(iso, 'pt-BR'));
  });

  it('uses the locale of the site', () => {
    const text = plain(formatDate(iso, 'pt-BR', { timeZone: 'America/Sao_Paulo', style: 'date' }));
    expect(text).toBe('7 de mar. de 2025');
  });

  it('crosses midnight when the time zone says so', () => {
    expect(plain(formatDate(iso, 'es-MX', { timeZone: 'UTC', style: 'date' }))).toMatch(/^8 mar/);
  });

  it('returns text that is not a date unchanged', () => {
    expect(formatDate('soon', 'es-AR')).toBe('soon');
  });
});

describe('counts and rates', () => {
  it('follow the locale given, as the money beside them does', () => {
    expect(plain(formatCount(1036, 'pt-BR'))).toBe('1.036');
    expect(plain(formatCount(1036, 'en-US'))).toBe('1,036');
    expect(plain(formatRate(0.000689655172, 'es-AR'))).toBe('0,000689655');
    expect(plain(formatRate(1450.2531, 'pt-BR'))).toBe('1.450,25');
  });
});

describe('marketplace decimal places', () => {
  it('writes CLP and COP in whole pesos, as the marketplace does', async () => {
    const { currencyDecimals } = await import('./format.ts');
    expect(plain(formatMoney(238481.4, 'COP', 'es-CO'))).toBe('COP 238.481');
    expect(plain(formatMoney(58718, 'CLP', 'es-CL'))).toBe('CLP 58.718');
    expect(currencyDecimals('COP')).toBe(0);
    expect(currencyDecimals('CLP')).toBe(0);
    expect(currencyDecimals('ARS')).toBe(2);
    expect(currencyDecimals('not-a-currency')).toBe(2);
  });
});
