/**
 * Tabs that wrap onto a second row instead of cutting a label off (issue 20: "My solutions" was cut at
 * 1440 px in the program player's narrow assignment column). Wrapped rows cannot carry MUI's sliding
 * indicator, so the selected tab is underlined by its own border.
 */
export const wrappingTabsSx = {
  minHeight: 36,
  // MUI 7 names the row .MuiTabs-list (.MuiTabs-flexContainer before).
  '& .MuiTabs-list, & .MuiTabs-flexContainer': { flexWrap: 'wrap' },
  '& .MuiTabs-indicator': { display: 'none' },
  '& .MuiTab-root': { minHeight: 36, minWidth: 0, px: 1.5, borderBottom: 2, borderColor: 'transparent' },
  '& .MuiTab-root.Mui-selected': { borderColor: 'primary.main' },
} as const;
