import { describe, expect, it } from 'vitest';
import { blockNoteWriteSchema } from './block-notes.ts';
import { orderNoteWriteSchema } from './order-notes.ts';
import { savedViewWriteSchema } from './saved-views.ts';

// Each is invisible, or changes how the text around it is shown.
const HIDDEN = {
  'C0 control': '\u0007',
  DEL: '\u007f',
  'C1 control (NEL)': '\u0085',
  'C1 control (CSI)': '\u009b',
  'line separator': '\u2028',
  'paragraph separator': '\u2029',
  'left-to-right mark': '\u200e',
  'right-to-left mark': '\u200f',
  'Arabic letter mark': '\u061c',
  'right-to-left override': '\u202e',
  'first-strong isolate': '\u2068',
  'byte-order mark': '\ufeff',
  'lone surrogate': '\ud800',
};

const fields = {
  'a saved view’s name': (text: string) => savedViewWriteSchema.safeParse({ name: text, search: {} }).success,
  'an order note': (text: string) => orderNoteWriteSchema.safeParse({ text }).success,
  'a block note': (text: string) => blockNoteWriteSchema.safeParse({ reason: 'other', note: text }).success,
};

describe('text the dashboard keeps and shows back', () => {
  for (const [field, accepts] of Object.entries(fields)) {
    it(`refuses hidden characters in ${field}`, () => {
      for (const [name, char] of Object.entries(HIDDEN)) {
        expect(accepts(`Paid${char}to ship`), name).toBe(false);
      }
    });

    it(`keeps what text needs in ${field}: accents, other scripts, emoji with joiners`, () => {
      for (const text of ['Envíos a São Paulo', 'طلبات مدفوعة', '注文', '👩‍👩‍👧 family', 'Ação — “já”']) {
        expect(accepts(text), text).toBe(true);
      }
    });
  }

  it('lets a note, not a name, break lines', () => {
    expect(fields['an order note']('Called.\r\nConfirmed.\tOK')).toBe(true);
    expect(fields['a block note']('Called.\nTwice.')).toBe(true);
    expect(fields['a saved view’s name']('Two\nlines')).toBe(false);
  });
});
