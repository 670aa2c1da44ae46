// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderInEnglish } from '../test-support/render.tsx';
import { Combobox, type ComboboxOption } from './combobox.tsx';
import { LiveRegionProvider } from './live-region.tsx';

const COUNTRIES: ComboboxOption[] = [
  { id: 'AR', label: 'Argentina' },
  { id: 'BR', label: 'Brasil' },
  { id: 'CO', label: 'Colombia' },
  { id: 'MX', label: 'México' },
  { id: 'UY', label: 'Uruguay' },
];

beforeAll(() => {
  // jsdom has no layout: scrolling the active option into view is a no-op here.
  Element.prototype.scrollIntoView = () => {};
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Harness({ onChange }: { onChange?: (option: ComboboxOption | null) => void }) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <LiveRegionProvider>
      <Combobox
        label="Country"
        noun={{ one: 'country', many: 'countries' }}
        options={COUNTRIES}
        value={value}
        emptyMessage="No country matches"
        onChange={(option) => {
          setValue(option?.id ?? null);
          onChange?.(option);
        }}
      />
    </LiveRegionProvider>
  );
}

const input = () => screen.getByRole('combobox', { name: 'Country' });
const key = (name: string) => fireEvent.keyDown(input(), { key: name });
const activeOption = () => {
  const id = input().getAttribute('aria-activedescendant');
  return id ? document.getElementById(id)?.textContent : null;
};

describe('Combobox', () => {
  it('is a collapsed combobox that controls a listbox', () => {
    renderInEnglish(<Harness />);
    expect(input().getAttribute('aria-expanded')).toBe('false');
    expect(input().getAttribute('aria-autocomplete')).toBe('list');
    const listbox = document.getElementById(input().getAttribute('aria-controls') ?? '');
    expect(listbox?.getAttribute('role')).toBe('listbox');
    expect(input().hasAttribute('aria-activedescendant')).toBe(false);
  });

  it('opens with ArrowDown and moves the active descendant with arrows, Home and End, wrapping', () => {
    renderInEnglish(<Harness />);
    input().focus();
    key('ArrowDown');
    expect(input().getAttribute('aria-expanded')).toBe('true');
    expect(activeOption()).toBe('Argentina');
    key('ArrowDown');
    expect(activeOption()).toBe('Brasil');
    key('End');
    expect(activeOption()).toBe('Uruguay');
    key('ArrowDown');
    expect(activeOption()).toBe('Argentina');
    key('ArrowUp');
    expect(activeOption()).toBe('Uruguay');
    key('Home');
    expect(activeOption()).toBe('Argentina');
    // Focus never leaves the input.
    expect(document.activeElement).toBe(input());
  });

  it('chooses the active option with Enter and shows it in the input', () => {
    const onChange = vi.fn();
    renderInEnglish(<Harness onChange={onChange} />);
    key('ArrowDown');
    key('ArrowDown');
    key('Enter');
    expect(onChange).toHaveBeenCalledWith({ id: 'BR', label: 'Brasil' });
    expect((input() as HTMLInputElement).value).toBe('Brasil');
    expect(input().getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('option', { name: 'Brasil', hidden: true }).getAttribute('aria-selected')).toBe(
      'true',
    );
  });

  it('filters as the user types, ignoring accents and case, with the first match active', () => {
    const onChange = vi.fn();
    renderInEnglish(<Harness onChange={onChange} />);
    fireEvent.change(input(), { target: { value: 'mexi' } });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['México']);
    expect(activeOption()).toBe('México');
    key('Enter');
    expect(onChange).toHaveBeenCalledWith({ id: 'MX', label: 'México' });
  });

  it('announces the number of matches and "no results" through the polite region', () => {
    vi.useFakeTimers();
    renderInEnglish(<Harness />);
    fireEvent.change(input(), { target: { value: 'o' } });
    act(() => vi.advanceTimersByTime(400));
    expect(screen.getByTestId('live-region').textContent).toBe('2 countries');
    fireEvent.change(input(), { target: { value: 'zz' } });
    act(() => vi.advanceTimersByTime(400));
    expect(screen.getByTestId('live-region').textContent).toBe('No country matches');
    expect(input().hasAttribute('aria-activedescendant')).toBe(false);
    key('Enter');
    expect(input().getAttribute('aria-expanded')).toBe('true');
  });

  it('closes with Escape, and a second Escape restores the chosen value', () => {
    renderInEnglish(<Harness />);
    key('ArrowDown');
    key('Enter');
    fireEvent.change(input(), { target: { value: 'Col' } });
    key('Escape');
    expect(input().getAttribute('aria-expanded')).toBe('false');
    expect((input() as HTMLInputElement).value).toBe('Col');
    key('Escape');
    expect((input() as HTMLInputElement).value).toBe('Argentina');
  });

  it('chooses with the pointer too', () => {
    const onChange = vi.fn();
    renderInEnglish(<Harness onChange={onChange} />);
    fireEvent.click(input());
    fireEvent.click(screen.getByRole('option', { name: 'Uruguay' }));
    expect(onChange).toHaveBeenCalledWith({ id: 'UY', label: 'Uruguay' });
  });
});
