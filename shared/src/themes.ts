/** Themes, ids fixed: the server stores theme_id, the web maps theme_value to a MUI theme. */
export const themes = [
  { id: 1, theme_name: 'light', description: 'Light' },
  { id: 2, theme_name: 'dark', description: 'Dark' },
  { id: 3, theme_name: 'colourblind', description: 'Colour-blind safe' },
  { id: 4, theme_name: 'os-preference', description: 'Follows the system dark setting' },
] as const;
export type ThemeValue = (typeof themes)[number]['theme_name'];
export const themeValues = themes.map((t) => t.theme_name) as ThemeValue[];
export const themeById = (id: number) => themes.find((t) => t.id === id) ?? themes[0];
