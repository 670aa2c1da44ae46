// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n/i18n.ts';
import english from '../../../lib/i18n/messages/en.json';
import spanish from '../../../lib/i18n/messages/es.json';
import portuguese from '../../../lib/i18n/messages/pt-BR.json';
import { renderInEnglish } from '../../../test-support/render.tsx';
import { RatingSummary } from './rating-summary.tsx';

afterEach(() => {
  cleanup();
  i18n.loadAndActivate({ locale: 'en', messages: english });
});

const LEVELS = { one_star: 1, two_star: 0, three_star: 1, four_star: 4, five_star: 4 };

describe('RatingSummary', () => {
  it('counts the reviews in the language of the page, one and many', () => {
    const { rerender } = renderInEnglish(
      <RatingSummary subject="MLA1" average={4.1} total={10} levels={LEVELS} />,
    );
    const count = () => screen.getByTestId('rating-summary').querySelector('.text-xs')?.textContent;
    expect(count()).toBe('10 reviews');
    act(() => i18n.loadAndActivate({ locale: 'es', messages: spanish }));
    expect(count()).toBe('10 opiniones');
    act(() => i18n.loadAndActivate({ locale: 'pt-BR', messages: portuguese }));
    expect(count()).toBe('10 opiniões');
    rerender(<RatingSummary subject="MLA1" average={5} total={1} levels={{ ...LEVELS, five_star: 1 }} />);
    expect(count()).toBe('1 opinião');
  });
});
