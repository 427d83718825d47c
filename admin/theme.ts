/** react-admin's default theme with the shop's lime accent and es-MX-friendly density. */
import { defaultTheme, type RaThemeOptions } from 'react-admin';

export const theme = {
  ...defaultTheme,
  palette: {
    primary: { main: '#3f6212' },
    secondary: { main: '#84cc16' },
  },
  sidebar: { width: 230, closedWidth: 55 },
} as RaThemeOptions;
