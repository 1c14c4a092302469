import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio, cssVariablesResolver, theme } from './theme';

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const v = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe('theme text contrast (light scheme)', () => {
  const light = cssVariablesResolver({ ...DEFAULT_THEME, ...theme, colors: DEFAULT_THEME.colors } as never).light as Record<string, string>;
  const surfaces = ['#ffffff', DEFAULT_THEME.colors.gray[0], DEFAULT_THEME.colors.gray[1]];

  it.each(['--mantine-color-dimmed', '--mantine-color-gray-text', '--mantine-color-gray-light-color'] as const)(
    '%s reads at 4.5:1 or more on white and the light grey surfaces',
    (name) => {
      const colour = light[name];
      expect(colour).toMatch(/^#[0-9a-f]{6}$/i);
      for (const surface of surfaces) expect(contrast(colour, surface)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it("field errors (the error colour) read at 4.5:1 on white; Mantine's own red 6 would not", () => {
    expect(contrast(light['--mantine-color-error'], '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(DEFAULT_THEME.colors.red[6], '#ffffff')).toBeLessThan(4.5);
  });

  it("Mantine's own dimmed grey would not (the reason for the override)", () => {
    expect(contrast(DEFAULT_THEME.colors.gray[6], '#ffffff')).toBeLessThan(4.5);
  });

  const colours = Object.keys(DEFAULT_THEME.colors).filter((name) => name !== 'gray' && name !== 'dark');

  it.each(colours)('%s text (c=, light and outline variants) reads at 4.5:1 on white and on its own tints', (name) => {
    const shades = DEFAULT_THEME.colors[name];
    for (const variable of ['text', 'light-color', 'outline']) {
      const colour = light[`--mantine-color-${name}-${variable}`];
      for (const surface of ['#ffffff', shades[0], shades[1]]) expect(contrastRatio(colour, surface)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it.each(colours)('white text reads at 4.5:1 on a filled %s button or badge', (name) => {
    const filled = light[`--mantine-color-${name}-filled`] ?? DEFAULT_THEME.colors[name][7];
    expect(contrastRatio('#ffffff', filled)).toBeGreaterThanOrEqual(4.5);
    const hover = light[`--mantine-color-${name}-filled-hover`];
    if (hover) expect(contrastRatio('#ffffff', hover)).toBeGreaterThanOrEqual(4.5);
  });
});
