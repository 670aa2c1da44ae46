export const TEXT_ATTRIBUTES: Set<string>;
export function isWords(text: string): boolean;
export function literalStrings(
  source: string,
  fileName?: string,
): { line: number; text: string; where: string }[];
export function placeholdersOf(message: string): string[];
export function compareCatalogs(catalogs: Record<string, Record<string, string>>): string[];
export function checkI18n(root: string): string[];
