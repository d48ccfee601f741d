/**
 * The data grid of the admin's tables (spec/3 §9: 20 rows a page): compact, the grid's texts in the UI
 * language. Client-side paging by default; the activity table passes server-side paging props.
 */
import { Box } from '@mui/material';
import { DataGrid, type DataGridProps, type GridLocaleText, type GridValidRowModel } from '@mui/x-data-grid';
import { csCZ, esES, huHU, nlNL, plPL, ruRU, skSK } from '@mui/x-data-grid/locales';
import { useTranslation } from 'react-i18next';

export const PAGE_SIZE = 20;

/** The grid's own texts in the UI languages (English is the grid's default). */
export const gridLocaleTexts: Record<string, Partial<GridLocaleText>> = {
  sk: skSK.components.MuiDataGrid.defaultProps.localeText,
  cs: csCZ.components.MuiDataGrid.defaultProps.localeText,
  pl: plPL.components.MuiDataGrid.defaultProps.localeText,
  hu: huHU.components.MuiDataGrid.defaultProps.localeText,
  ru: ruRU.components.MuiDataGrid.defaultProps.localeText,
  es: esES.components.MuiDataGrid.defaultProps.localeText,
  nl: nlNL.components.MuiDataGrid.defaultProps.localeText,
};

/** A screen's own `localeText` (its empty-table text) is added to the grid's texts, never in their place. */
export function AdminGrid<R extends GridValidRowModel>({ testId, localeText, ...props }: DataGridProps<R> & { testId: string }) {
  const { i18n } = useTranslation();
  return (
    <Box sx={{ width: '100%' }} data-testid={testId}>
      <DataGrid
        autoHeight
        density="compact"
        disableRowSelectionOnClick
        localeText={{ ...gridLocaleTexts[i18n.resolvedLanguage ?? 'en'], ...localeText }}
        initialState={{ pagination: { paginationModel: { pageSize: PAGE_SIZE, page: 0 } } }}
        pageSizeOptions={[PAGE_SIZE]}
        {...props}
      />
    </Box>
  );
}
