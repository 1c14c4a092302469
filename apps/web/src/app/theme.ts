import { type CSSVariablesResolver, createTheme } from '@mantine/core';
import { foldedFilter } from '../lib/search';

export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 7, dark: 5 },
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: {
    fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    fontWeight: '700',
  },
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Card: { defaultProps: { radius: 'lg' } },
    Paper: { defaultProps: { radius: 'lg' } },
    // Searches ignore accents and case everywhere ("peru" finds "Perú"), as the server's do.
    Select: { defaultProps: { filter: foldedFilter } },
    MultiSelect: { defaultProps: { filter: foldedFilter } },
    Autocomplete: { defaultProps: { filter: foldedFilter } },
  },
});

/**
 * Text greys that meet WCAG AA (4.5:1) in the light scheme: Mantine's dimmed and gray text are gray.6
 * (#868e96, 3.32:1 on white); #5c636a reads 6.1:1 on white and over 5:1 on the light grey surfaces.
 */
const READABLE_GREY = '#5c636a';

/** WCAG 2 relative luminance of "#rrggbb". */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const v = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two "#rrggbb" colours. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** "#rrggbb" mixed with black: k = 1 keeps it, 0 is black. */
function darken(hex: string, k: number): string {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  return `#${[r, g, b]
    .map((v) =>
      Math.round(v * k)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** The colour darkened (mixed with black) just enough to read at 4.5:1 on every one of the backgrounds. */
export function readableOn(hex: string, backgrounds: string[]): string {
  for (let k = 1; k >= 0; k -= 0.02) {
    const shade = darken(hex, k);
    if (backgrounds.every((bg) => contrastRatio(shade, bg) >= 4.6)) return shade;
  }
  return '#000000';
}

/**
 * Mantine's palette draws text (c="teal", light and outline variants) with shade 6 and filled
 * buttons/badges with the primary shade under white text: most colours read at 2-4:1. In the light
 * scheme each colour's text is darkened until it reads on white and on its own light tints, and
 * each filled background until white reads on it; colours that already pass keep their shade.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': READABLE_GREY,
    '--mantine-color-gray-text': READABLE_GREY,
    '--mantine-color-gray-light-color': READABLE_GREY,
    '--mantine-color-gray-outline': READABLE_GREY,
  };
  const filledShade = typeof t.primaryShade === 'number' ? t.primaryShade : t.primaryShade.light;
  for (const [name, shades] of Object.entries(t.colors)) {
    if (name === 'gray' || name === 'dark' || !shades?.[6]?.startsWith('#')) continue;
    const text = readableOn(shades[6], ['#ffffff', shades[0], shades[1]]);
    light[`--mantine-color-${name}-text`] = text;
    light[`--mantine-color-${name}-light-color`] = text;
    light[`--mantine-color-${name}-outline`] = text;
    const filled = readableOn(shades[filledShade], ['#ffffff']);
    if (filled !== shades[filledShade]) {
      light[`--mantine-color-${name}-filled`] = filled;
      light[`--mantine-color-${name}-filled-hover`] = darken(filled, 0.9);
    }
  }
  // Field errors, their input's text and the required asterisk are drawn in the error colour (red 6 by default,
  // 3.3:1 on white): the readable red instead.
  if (light['--mantine-color-red-text']) light['--mantine-color-error'] = light['--mantine-color-red-text'];
  return { variables: {}, light, dark: {} };
};
