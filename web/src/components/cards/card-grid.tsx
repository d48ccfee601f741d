/**
 * The responsive card grid of the dashboard and the catalogue (spec/1 §2, §9): 1 to 6 columns by
 * screen width, as a list so screen readers announce how many cards there are.
 */
import type { ReactNode } from 'react';
import { Box } from '@mui/material';

/** Columns per breakpoint; 6 at the widest (spec/1 §9: 1 to 6 columns). */
export const CARD_GRID_COLUMNS = { xs: 1, sm: 2, md: 3, lg: 4, xl: 6 } as const;

type Columns = Partial<Record<keyof typeof CARD_GRID_COLUMNS, number>>;

const template = (columns: Columns) =>
  Object.fromEntries(Object.entries(columns).map(([bp, n]) => [bp, `repeat(${n}, minmax(0, 1fr))`]));

interface CardGridProps {
  children: ReactNode;
  label: string;
  testId?: string;
  /** Fewer columns for grids in a narrower column of the page. */
  columns?: Columns;
}

export function CardGrid({ children, label, testId, columns = CARD_GRID_COLUMNS }: CardGridProps) {
  return (
    <Box
      component="ul"
      aria-label={label}
      data-testid={testId}
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2, gridTemplateColumns: template(columns) }}
    >
      {children}
    </Box>
  );
}

export function CardGridItem({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Box component="li" data-testid={testId} sx={{ display: 'flex', minWidth: 0 }}>
      {children}
    </Box>
  );
}
