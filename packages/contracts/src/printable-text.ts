// What the dashboard's own text fields (saved-view names, order notes, block notes) refuse rather than repair:
// characters that are not seen but change what is shown or how it is read. Controls (C0, DEL and C1), the bidi
// marks, embeddings, overrides and isolates (U+061C, U+200E/F, U+202A–E, U+2066–9), the line and paragraph
// separators (U+2028/9), the byte-order mark (U+FEFF) and lone surrogates. Emoji joiners and other format
// characters that text needs stay allowed.
const HIDDEN = /[\p{Cc}\p{Bidi_Control}\p{Cs}\u2028\u2029\uFEFF]/u;
// The same, except tab, line feed and carriage return.
const HIDDEN_BESIDE_LINE_BREAKS = /(?![\t\n\r])[\p{Cc}\p{Bidi_Control}\p{Cs}\u2028\u2029\uFEFF]/u;

/** Whether the text has none of those characters; line breaks and tabs only where `lineBreaks` allows them (a note). */
export function isPrintable(text: string, options: { lineBreaks?: boolean } = {}): boolean {
  return !(options.lineBreaks ? HIDDEN_BESIDE_LINE_BREAKS : HIDDEN).test(text);
}
