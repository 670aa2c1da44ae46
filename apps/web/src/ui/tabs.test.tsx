// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInEnglish } from '../test-support/render.tsx';
import { Tabs } from './tabs.tsx';

afterEach(cleanup);

type List = 'order' | 'questions' | 'reviews';

function Harness({ onSelect }: { onSelect?: (id: List) => void }) {
  const [selected, setSelected] = useState<List>('order');
  return (
    <Tabs
      label="Blocklists"
      selected={selected}
      onSelect={(id) => {
        setSelected(id);
        onSelect?.(id);
      }}
      tabs={[
        { id: 'order', label: 'Buying', count: 4 },
        { id: 'questions', label: 'Asking' },
        { id: 'reviews', label: 'Reviewing', count: 0 },
      ]}
    >
      <input aria-label={`Find in ${selected}`} />
    </Tabs>
  );
}

const tab = (name: RegExp) => screen.getByRole('tab', { name });

describe('Tabs', () => {
  it('is a named tab list whose selected tab labels the one panel, with counts beside the labels', () => {
    renderInEnglish(<Harness />);
    expect(screen.getByRole('tablist', { name: 'Blocklists' })).toBeTruthy();
    expect(tab(/^Buying/).getAttribute('aria-selected')).toBe('true');
    expect(tab(/^Buying/).textContent).toBe('Buying4');
    expect(tab(/^Reviewing/).textContent).toBe('Reviewing0');
    const panels = screen.getAllByRole('tabpanel');
    expect(panels).toHaveLength(1);
    expect(panels[0]?.getAttribute('aria-labelledby')).toBe(tab(/^Buying/).id);
    expect(tab(/^Buying/).getAttribute('aria-controls')).toBe(panels[0]?.id);
  });

  it('only the selected tab is in the Tab order', () => {
    renderInEnglish(<Harness />);
    expect(tab(/^Buying/).getAttribute('tabindex')).toBe('0');
    expect(tab(/^Asking/).getAttribute('tabindex')).toBe('-1');
  });

  it('arrows select and focus the next tab, wrapping; Home and End jump to the ends', () => {
    const chosen: List[] = [];
    renderInEnglish(<Harness onSelect={(id) => chosen.push(id)} />);
    act(() => tab(/^Buying/).focus());
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tab(/^Asking/));
    expect(tab(/^Asking/).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('textbox', { name: 'Find in questions' })).toBeTruthy();
    fireEvent.keyDown(document.activeElement as Element, { key: 'End' });
    expect(document.activeElement).toBe(tab(/^Reviewing/));
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tab(/^Buying/));
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(tab(/^Reviewing/));
    fireEvent.keyDown(document.activeElement as Element, { key: 'Home' });
    expect(document.activeElement).toBe(tab(/^Buying/));
    expect(chosen).toEqual(['questions', 'reviews', 'order', 'reviews', 'order']);
  });

  it('a click selects a tab', () => {
    renderInEnglish(<Harness />);
    fireEvent.click(tab(/^Asking/));
    expect(tab(/^Asking/).getAttribute('aria-selected')).toBe('true');
  });
});
