// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

afterEach(cleanup);

function Harness({
  onChange,
  options = COUNTRIES,
  loading = false,
}: {
  onChange?: (option: ComboboxOption | null) => void;
  options?: ComboboxOption[];
  loading?: boolean;
}) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <LiveRegionProvider>
      <Combobox
        label="Country"
        options={options}
        value={value}
        loading={loading}
        emptyMessage="No country matches"
        onChange={(option) => {
          setValue(option?.id ?? null);
          onChange?.(option);
        }}
      />
      <button type="button">Next</button>
    </LiveRegionProvider>
  );
}

const input = () => screen.getByRole('combobox', { name: 'Country' }) as HTMLInputElement;
const key = (name: string, init: Partial<KeyboardEventInit> = {}) =>
  fireEvent.keyDown(input(), { key: name, ...init });
const type = (text: string) => {
  act(() => input().focus());
  fireEvent.change(input(), { target: { value: text } });
};
const activeOption = () => {
  const id = input().getAttribute('aria-activedescendant');
  return id ? document.getElementById(id)?.textContent : null;
};
const visibleOptions = () => screen.queryAllByRole('option').map((option) => option.textContent);
/** What React Aria's announcer said last (its own live regions, beside the app's). */
const libraryAnnouncement = () =>
  screen
    .getAllByRole('log')
    .map((log) => log.lastElementChild?.textContent ?? '')
    .filter(Boolean)
    .at(-1);

describe('Combobox', () => {
  it('is a collapsed combobox; opened, it controls a listbox', () => {
    renderInEnglish(<Harness />);
    expect(input().getAttribute('aria-expanded')).toBe('false');
    expect(input().getAttribute('aria-autocomplete')).toBe('list');
    expect(input().hasAttribute('aria-activedescendant')).toBe(false);
    act(() => input().focus());
    key('ArrowDown');
    const listbox = document.getElementById(input().getAttribute('aria-controls') ?? '');
    expect(listbox?.getAttribute('role')).toBe('listbox');
    expect(listbox?.getAttribute('aria-labelledby')).toContain(
      screen.getByText('Country', { selector: 'label' }).id,
    );
  });

  it('opens with ArrowDown and moves the active descendant with arrows, Home and End, wrapping', () => {
    renderInEnglish(<Harness />);
    act(() => input().focus());
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

  it('opens with ArrowUp on the last option', () => {
    renderInEnglish(<Harness />);
    act(() => input().focus());
    key('ArrowUp');
    expect(activeOption()).toBe('Uruguay');
  });

  it('chooses the active option with Enter, shows it in the input and marks it chosen when opened again', () => {
    const onChange = vi.fn();
    renderInEnglish(<Harness onChange={onChange} />);
    act(() => input().focus());
    key('ArrowDown');
    key('ArrowDown');
    key('Enter');
    expect(onChange).toHaveBeenCalledWith({ id: 'BR', label: 'Brasil' });
    expect(input().value).toBe('Brasil');
    expect(input().getAttribute('aria-expanded')).toBe('false');
    // Opened again: every option is offered, the chosen one active and selected.
    key('ArrowDown');
    expect(visibleOptions()).toHaveLength(5);
    expect(activeOption()).toBe('Brasil');
    expect(screen.getByRole('option', { name: 'Brasil' }).getAttribute('aria-selected')).toBe('true');
  });

  it('filters as the user types, ignoring accents and case, names that start with the text first, the first active', () => {
    const onChange = vi.fn();
    renderInEnglish(<Harness onChange={onChange} />);
    type('mexi');
    expect(visibleOptions()).toEqual(['México']);
    expect(activeOption()).toBe('México');
    key('Enter');
    expect(onChange).toHaveBeenCalledWith({ id: 'MX', label: 'México' });

    type('u');
    // Uruguay starts with "u"; Brasil does not contain it, Colombia neither: only the starts-with and contains.
    expect(visibleOptions()).toEqual(['Uruguay']);
    type('a');
    expect(visibleOptions()).toEqual(['Argentina', 'Brasil', 'Colombia', 'Uruguay']);
    expect(activeOption()).toBe('Argentina');
  });

  it('Tab takes the active option and moves on', () => {
    const onChange = vi.fn();
    renderInEnglish(<Harness onChange={onChange} />);
    type('col');
    key('Tab');
    expect(onChange).toHaveBeenCalledWith({ id: 'CO', label: 'Colombia' });
    expect(input().value).toBe('Colombia');
  });

  it('says how many options match (the library announces) and shows "no results" in the open list', () => {
    renderInEnglish(<Harness />);
    type('o');
    expect(libraryAnnouncement()).toBe('2 options available.');
    type('zz');
    expect(screen.getByText('No country matches')).toBeTruthy();
    expect(input().getAttribute('aria-expanded')).toBe('true');
    expect(input().hasAttribute('aria-activedescendant')).toBe(false);
    expect(libraryAnnouncement()).toBe('0 options available.');
  });

  it('shows loading in the open list and marks the input busy', () => {
    renderInEnglish(<Harness options={[]} loading />);
    type('pa');
    expect(screen.getByRole('listbox').textContent).toBe('Loading…');
    expect(input().getAttribute('aria-busy')).toBe('true');
  });

  it('closes with Escape and puts the chosen value back; leaving the field does too', () => {
    renderInEnglish(<Harness />);
    act(() => input().focus());
    key('ArrowDown');
    key('Enter');
    type('Col');
    key('Escape');
    expect(input().getAttribute('aria-expanded')).toBe('false');
    expect(input().value).toBe('Argentina');
    type('Uru');
    // While the list is open the rest of the page is hidden from screen readers (the library's doing).
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    act(() => screen.getByText('Next').focus());
    expect(input().value).toBe('Argentina');
  });

  it('opens and closes with a click on the input, and chooses with the pointer', () => {
    const onChange = vi.fn();
    renderInEnglish(<Harness onChange={onChange} />);
    fireEvent.click(input());
    expect(input().getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(input());
    expect(input().getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(input());
    fireEvent.click(screen.getByRole('option', { name: 'Uruguay' }));
    expect(onChange).toHaveBeenCalledWith({ id: 'UY', label: 'Uruguay' });
    expect(input().value).toBe('Uruguay');
  });

  it('as a search box (the owner finds the options) closes on a choice, clears itself and chooses once', () => {
    const onChange = vi.fn();
    function Search() {
      const [query, setQuery] = useState('');
      const found =
        query.trim().length >= 2 ? COUNTRIES.filter((country) => country.label.includes(query.trim())) : [];
      return (
        <LiveRegionProvider>
          <Combobox
            label="Country"
            options={found}
            value={null}
            onQueryChange={setQuery}
            emptyMessage="Type two letters"
            onChange={(option) => {
              setQuery('');
              onChange(option);
            }}
          />
          <button type="button">Next</button>
        </LiveRegionProvider>
      );
    }
    renderInEnglish(<Search />);
    type('U');
    expect(screen.getByRole('listbox').textContent).toBe('Type two letters');
    type('Ur');
    expect(visibleOptions()).toEqual(['Uruguay']);
    key('Enter');
    expect(onChange).toHaveBeenCalledWith({ id: 'UY', label: 'Uruguay' });
    expect(input().getAttribute('aria-expanded')).toBe('false');
    expect(input().value).toBe('');
    act(() => screen.getByText('Next').focus());
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});
