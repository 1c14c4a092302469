import type { ComboboxItem, ComboboxParsedItem, OptionsFilter } from '@mantine/core';

/** A text as every search compares it: without accents, in lower case ("Ñahui Ramírez" -> "nahui ramirez"). */
export const foldText = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();

/**
 * Mantine's searchable Select/MultiSelect filter, ignoring accents and case as the server's searches do:
 * typing "peru" finds "Perú", "nahui" finds "Ñahui". Set for every combobox in the theme.
 */
export const foldedFilter: OptionsFilter = ({ options, search, limit }) => {
  const term = foldText(search);
  const matches = (o: ComboboxItem) => foldText(o.label).includes(term);
  const out: ComboboxParsedItem[] = [];
  for (const item of options) {
    if (out.length >= limit) break;
    if ('group' in item) {
      const items = item.items.filter(matches);
      if (items.length) out.push({ group: item.group, items });
    } else if (matches(item)) out.push(item);
  }
  return out;
};
