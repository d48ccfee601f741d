/**
 * MUI themes for the four theme values of spec/1 (light, dark, colourblind, os-preference).
 * Colour-blind safe uses the Okabe-Ito palette: blue for success and vermillion/orange for error,
 * which stay distinct under red-green colour blindness.
 */
import { createTheme, darken, getContrastRatio, lighten, type Theme } from '@mui/material/styles';
import { themeValues, type ThemeValue } from '@lectio/shared/themes';

export type { ThemeValue };
export { themeValues };

export const isThemeValue = (value: unknown): value is ThemeValue =>
  typeof value === 'string' && (themeValues as string[]).includes(value);

/** System font stack: no web fonts, nothing from third-party origins. */
const fontFamily = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  '"Noto Sans"',
  'sans-serif',
  '"Apple Color Emoji"',
  '"Segoe UI Emoji"',
].join(',');

const okabeIto = {
  orange: '#E69F00',
  skyBlue: '#56B4E9',
  bluishGreen: '#009E73',
  yellow: '#F0E442',
  blue: '#0072B2',
  vermillion: '#D55E00',
  reddishPurple: '#CC79A7',
};

/** The concrete scheme a theme value resolves to. */
export function resolveScheme(value: ThemeValue, prefersDark: boolean): 'light' | 'dark' {
  if (value === 'dark') return 'dark';
  if (value === 'os-preference') return prefersDark ? 'dark' : 'light';
  return 'light';
}

/** MUI's own screen-reader and helper texts, in the UI language (MUI's defaults are English). */
export interface ComponentTexts {
  open: string;
  clear: string;
  close: string;
  noOptions: string;
  loading: string;
}

export function createLectioTheme(value: ThemeValue, prefersDark: boolean, texts?: ComponentTexts): Theme {
  const mode = resolveScheme(value, prefersDark);
  const colourblind = value === 'colourblind';
  return createTheme({
    palette: colourblind
      ? {
          mode,
          primary: { main: okabeIto.blue },
          secondary: { main: okabeIto.reddishPurple },
          success: { main: okabeIto.blue },
          // Okabe-Ito vermillion is 3.9:1 as text on white; the same hue darkened to 5:1.
          error: { main: '#b85000', light: okabeIto.vermillion },
          warning: { main: okabeIto.orange, contrastText: '#000' },
          info: { main: okabeIto.skyBlue, contrastText: '#000' },
        }
      : mode === 'dark'
        ? {
            mode,
            primary: { main: '#7cb4ff' },
            secondary: { main: '#f2b36b' },
            // MUI's dark error red (#f44336) is 4.49:1 as text on the paper colour; this one 5.8:1.
            error: { main: '#ff6659' },
            background: { default: '#111418', paper: '#1a1f26' },
          }
        : {
            mode,
            primary: { main: '#1f5fae' },
            secondary: { main: '#a85600' }, // 4.9:1 on the page background
            // MUI's default info blue (#0288d1) gives white text 3.85:1 on filled alerts; this one 7:1 (WCAG 1.4.3).
            info: { main: '#01579b' },
            background: { default: '#f5f7fa', paper: '#ffffff' },
          },
    typography: { fontFamily },
    shape: { borderRadius: 8 },
    components: {
      // A clearly visible keyboard focus everywhere (WCAG 2.4.7).
      MuiButtonBase: {
        styleOverrides: {
          root: ({ theme }) => ({
            '&.Mui-focusVisible': {
              outline: `3px solid ${theme.palette.primary.main}`,
              outlineOffset: 2,
            },
          }),
        },
      },
      // MUI's unselected toggle text (action.active) is 4.49:1 on the page background; text.secondary passes 4.5:1.
      MuiToggleButton: {
        styleOverrides: {
          root: ({ theme }) => ({ color: theme.palette.text.secondary }),
        },
      },
      ...(texts && {
        MuiAutocomplete: { defaultProps: { openText: texts.open, clearText: texts.clear, closeText: texts.close, noOptionsText: texts.noOptions, loadingText: texts.loading } },
        MuiAlert: { defaultProps: { closeText: texts.close } },
      }),
      // A tooltip never catches the pointer: it would cover the neighbouring buttons (reorder arrows, toolbars).
      MuiTooltip: { defaultProps: { disableInteractive: true } },
      // A disabled field's helper text says why it is disabled: it must stay readable (text.disabled is 2.7:1).
      MuiFormHelperText: {
        styleOverrides: {
          root: ({ theme }) => ({ '&.Mui-disabled:not(.Mui-error)': { color: theme.palette.text.secondary } }),
        },
      },
      MuiLink: {
        styleOverrides: {
          root: ({ theme }) => ({
            '&:focus-visible': { outline: `3px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
          }),
        },
      },
    },
  });
}

/**
 * An author's colour (a course colour) used as text on `background`: lightened on dark backgrounds and
 * darkened on light ones, a tenth at a time, until it reaches `minimum` contrast (WCAG 1.4.3).
 */
export function readableColour(colour: string, background: string, minimum = 4.5): string {
  const dark = getContrastRatio(background, '#000') < getContrastRatio(background, '#fff');
  let result = colour;
  for (let step = 1; step <= 10 && getContrastRatio(result, background) < minimum; step++) {
    result = dark ? lighten(colour, step / 10) : darken(colour, step / 10);
  }
  return result;
}
