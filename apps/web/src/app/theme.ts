import { createTheme } from '@mantine/core';
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
