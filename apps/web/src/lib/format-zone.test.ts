import { afterEach, describe, expect, it, vi } from 'vitest';

// The zone of this process stands for the browser's: each case sets it and reads the formats anew, as a page would.
const zoneBefore = process.env.TZ;
afterEach(() => {
  process.env.TZ = zoneBefore;
});

async function inZone(zone: string) {
  process.env.TZ = zone;
  vi.resetModules();
  return import('./format.ts');
}

describe('times written in another zone than the browser’s', () => {
  it('names the browser’s zone beside a time the marketplace wrote at the site’s offset', async () => {
    const { formatClock, formatDate } = await inZone('UTC');
    expect(formatDate('2025-11-29T00:33:00.000-03:00', 'es-AR')).toBe('29 nov 2025, 03:33 UTC');
    expect(formatClock('2025-11-29T00:33:00.000-03:00', 'en-US')).toBe('03:33 UTC');
  });

  it('writes the time alone where both zones agree, and a date alone without a zone', async () => {
    const utc = await inZone('UTC');
    expect(utc.formatDate('2025-11-29T03:33:00.000Z', 'es-AR')).toBe('29 nov 2025, 03:33');
    expect(utc.formatDate('2025-11-29T03:33:00.000+00:00', 'es-AR')).toBe('29 nov 2025, 03:33');
    expect(utc.formatDate('2025-11-29T00:33:00.000-03:00', 'es-AR', { style: 'date' })).toBe('29 nov 2025');
    const buenosAires = await inZone('America/Argentina/Buenos_Aires');
    expect(buenosAires.formatDate('2025-11-29T00:33:00.000-03:00', 'es-AR')).toBe('29 nov 2025, 00:33');
    expect(buenosAires.formatClock('2025-11-29T00:33:00.000-03:00', 'es-AR')).toBe('00:33');
  });

  it('names whichever zone the browser is in', async () => {
    const { formatDate } = await inZone('Europe/Madrid');
    expect(formatDate('2025-11-29T00:33:00.000-03:00', 'es-AR')).toBe('29 nov 2025, 04:33 GMT+1');
  });
});
