// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInEnglish } from '../test-support/render.tsx';
import { SelectField } from './select-field.tsx';
import { TextField } from './text-field.tsx';

afterEach(cleanup);

describe('fields', () => {
  it('label and describe their control', () => {
    renderInEnglish(<TextField label="Buyer nickname" hint="As shown on the order" />);
    const input = screen.getByRole('textbox', { name: 'Buyer nickname' });
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByText('As shown on the order').id).toBe(input.getAttribute('aria-describedby'));
  });

  it('mark an invalid control and read the error with it', () => {
    renderInEnglish(<TextField label="User ID" error="Enter digits only" />);
    const input = screen.getByRole('textbox', { name: 'User ID' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter digits only').id).toBe(input.getAttribute('aria-describedby'));
  });

  it('name a native select', () => {
    renderInEnglish(
      <SelectField
        label="Status"
        options={[
          { value: '', label: 'Any status' },
          { value: 'paid', label: 'Paid' },
        ]}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Status' });
    expect(select.querySelectorAll('option')).toHaveLength(2);
  });
});
