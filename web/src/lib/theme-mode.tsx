/**
 * The active theme value: chosen in the header, remembered in local storage (`theme`), initialised
 * from the logged-in user's theme_value. Provides the MUI theme and CssBaseline, and mirrors the
 * value on `document.body.dataset.theme` for tests and user styles.
 */
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { CssBaseline, ThemeProvider, useMediaQuery } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { createLectioTheme, isThemeValue, resolveScheme, type ThemeValue } from './theme';
import { storage } from './storage';

interface ThemeModeValue {
  mode: ThemeValue;
  /** Applies at once and remembers the choice. */
  setMode: (mode: ThemeValue) => void;
  /** The user's theme_value; applies unless a choice is stored. */
  applyUserDefault: (mode: string) => void;
}

const ThemeModeContext = createContext<ThemeModeValue | null>(null);

export function storedTheme(): ThemeValue | null {
  const value = storage.get('theme');
  return isThemeValue(value) ? value : null;
}

export function ThemeModeProvider({ children }: { children: ReactNode }) {
  const [mode, setModeState] = useState<ThemeValue>(() => storedTheme() ?? 'light');
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  const { t } = useTranslation();
  // MUI's own labels (an autocomplete's Open and Clear …) follow the UI language.
  const theme = useMemo(
    () =>
      createLectioTheme(mode, prefersDark, {
        open: t('common.open'),
        clear: t('common.clear'),
        close: t('common.close'),
        noOptions: t('common.noOptions'),
        loading: t('app.loading'),
      }),
    // t changes with the language
    [mode, prefersDark, t],
  );

  useEffect(() => {
    document.body.dataset.theme = mode;
    document.body.dataset.colorScheme = resolveScheme(mode, prefersDark);
  }, [mode, prefersDark]);

  const value = useMemo<ThemeModeValue>(
    () => ({
      mode,
      setMode: (next) => {
        storage.set('theme', next);
        setModeState(next);
      },
      applyUserDefault: (userMode) => {
        const stored = storedTheme();
        if (stored) setModeState(stored);
        else if (isThemeValue(userMode)) setModeState(userMode);
      },
    }),
    [mode],
  );

  return (
    <ThemeModeContext.Provider value={value}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </ThemeModeContext.Provider>
  );
}

export function useThemeMode(): ThemeModeValue {
  const value = useContext(ThemeModeContext);
  if (!value) throw new Error('useThemeMode outside ThemeModeProvider');
  return value;
}
