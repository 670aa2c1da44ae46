import { describe, expect, it } from 'vitest';
import { languageOfAcceptLanguage, languageOfSite, parseLanguage, resolveLanguage } from './languages.ts';

describe('languages', () => {
  it('gives Brazil Portuguese and the Spanish-speaking sites Spanish', () => {
    expect(languageOfSite('MLB')).toBe('pt-BR');
    expect(languageOfSite('MLA')).toBe('es');
    expect(languageOfSite('MLM')).toBe('es');
    expect(languageOfSite(null)).toBeNull();
    expect(languageOfSite('XX')).toBeNull();
  });

  it('reads Accept-Language by quality and maps regional tags', () => {
    expect(languageOfAcceptLanguage('pt-PT,pt;q=0.9')).toBe('pt-BR');
    expect(languageOfAcceptLanguage('fr-FR, en;q=0.5, es;q=0.8')).toBe('es');
    expect(languageOfAcceptLanguage('de, fr')).toBeNull();
    expect(languageOfAcceptLanguage('es;q=0, en')).toBe('en');
    expect(languageOfAcceptLanguage(undefined)).toBeNull();
  });

  it('takes a choice first, then the site, then the browser, then English', () => {
    expect(resolveLanguage({ chosen: [null, 'en'], siteId: 'MLB', acceptLanguage: 'es' })).toBe('en');
    expect(resolveLanguage({ chosen: [], siteId: 'MLB', acceptLanguage: 'es' })).toBe('pt-BR');
    expect(resolveLanguage({ chosen: [], siteId: null, acceptLanguage: 'es-AR' })).toBe('es');
    expect(resolveLanguage({ chosen: [], acceptLanguage: 'de' })).toBe('en');
  });

  it('accepts only the languages it speaks', () => {
    expect(parseLanguage('pt-BR')).toBe('pt-BR');
    expect(parseLanguage('pt')).toBeNull();
    expect(parseLanguage(undefined)).toBeNull();
  });
});
