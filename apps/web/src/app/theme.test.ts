import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from './theme';

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
  const light = cssVariablesResolver({ ...DEFAULT_THEME, ...theme } as never).light;
  const surfaces = ['#ffffff', DEFAULT_THEME.colors.gray[0], DEFAULT_THEME.colors.gray[1]];

  it.each(['--mantine-color-dimmed', '--mantine-color-gray-text', '--mantine-color-gray-light-color'] as const)(
    '%s reads at 4.5:1 or more on white and the light grey surfaces',
    (name) => {
      const colour = light[name];
      expect(colour).toMatch(/^#[0-9a-f]{6}$/i);
      for (const surface of surfaces) expect(contrast(colour, surface)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it("Mantine's own dimmed grey would not (the reason for the override)", () => {
    expect(contrast(DEFAULT_THEME.colors.gray[6], '#ffffff')).toBeLessThan(4.5);
  });
});
