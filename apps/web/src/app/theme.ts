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

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': READABLE_GREY,
    '--mantine-color-gray-text': READABLE_GREY,
    '--mantine-color-gray-light-color': READABLE_GREY,
    '--mantine-color-gray-outline': READABLE_GREY,
  },
  dark: {},
});
