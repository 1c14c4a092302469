import { describe, expect, it } from 'vitest';
import { foldedFilter, foldText } from './search';

describe('accent- and case-insensitive search', () => {
  it('folds accents, ñ and case', () => {
    expect(foldText('  Ñahui RAMÍREZ Cáceres ')).toBe('nahui ramirez caceres');
  });

  it('the comboboxes find "Perú" by "peru", "Ñahui" by "NAHUI", in groups too, up to the limit', () => {
    const options = [
      { value: 'pe', label: 'Perú' },
      { value: 'py', label: 'Paraguay' },
      {
        group: 'Personas',
        items: [
          { value: 'n', label: 'Juan Ñahui' },
          { value: 'r', label: 'Rosa Ramírez' },
        ],
      },
    ];
    const labels = (search: string, limit = Infinity) =>
      foldedFilter({ options, search, limit }).flatMap((o) => ('group' in o ? o.items.map((i) => i.label) : [o.label]));
    expect(labels('peru')).toEqual(['Perú']);
    expect(labels('NAHUI')).toEqual(['Juan Ñahui']);
    expect(labels('ramirez')).toEqual(['Rosa Ramírez']);
    expect(labels('a', 1)).toEqual(['Paraguay']);
  });
});
