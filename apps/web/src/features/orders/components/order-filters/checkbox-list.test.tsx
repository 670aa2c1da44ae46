// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { renderInEnglish } from '../../../../test-support/render.tsx';
import { CheckboxList } from './checkbox-list.tsx';

afterEach(cleanup);

const OPTIONS = [
  { value: 'paid', label: 'Paid' },
  { value: 'cancelled', label: 'Cancelled' },
];

it('shows a click at once, before the URL follows, and adds a second click to the first', () => {
  const changes: string[][] = [];
  const list = (selected: string[]) => (
    <CheckboxList legend="Status" options={OPTIONS} selected={selected} onChange={(v) => changes.push(v)} />
  );
  // The URL has not changed yet: `selected` stays empty while the boxes are clicked.
  const box = (name: string) => (screen.getByRole('checkbox', { name }) as HTMLInputElement).checked;
  const { rerender } = renderInEnglish(list([]));
  fireEvent.click(screen.getByRole('checkbox', { name: 'Paid' }));
  expect(box('Paid')).toBe(true);
  fireEvent.click(screen.getByRole('checkbox', { name: 'Cancelled' }));
  expect(changes).toEqual([['paid'], ['paid', 'cancelled']]);

  // The URL says otherwise (another tab, Back): the boxes follow it.
  rerender(list(['cancelled']));
  expect(box('Paid')).toBe(false);
  expect(box('Cancelled')).toBe(true);
});
