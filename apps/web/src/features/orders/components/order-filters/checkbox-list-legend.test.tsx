// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInEnglish } from '../../../../test-support/render.tsx';
import { TextField } from '../../../../ui/text-field.tsx';
import { CheckboxList } from './checkbox-list.tsx';

afterEach(cleanup);

describe('CheckboxList among the fields of "More filters"', () => {
  it('names its group with the weight, size and colour of the fields’ labels beside it', () => {
    renderInEnglish(
      <>
        <TextField label="Item" />
        <CheckboxList
          legend="With tags"
          options={[{ value: 'paid', label: 'Paid' }]}
          selected={[]}
          onChange={() => {}}
        />
      </>,
    );
    const look = (element: Element) =>
      element.className
        .split(' ')
        .filter((c) => /^(text-|font-)/.test(c))
        .sort();
    const label = screen.getByText('Item');
    const legend = screen.getByText('With tags');
    expect(legend.tagName).toBe('LEGEND');
    expect(look(legend)).toEqual(look(label));
  });
});
