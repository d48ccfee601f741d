/**
 * Breadcrumbs of spec/1 §2: always Dashboard › Course list, then the crumbs the current page sets
 * with `useBreadcrumbs([...])`. An empty label shows the "(no name)" placeholder. The document
 * title is the product name followed by the last crumb.
 *
 *   useBreadcrumbs([{ label: category.title, to: pathTo('areas', { id }) }, { label: area.name }]);
 */
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Breadcrumbs as MuiBreadcrumbs, Link, Typography } from '@mui/material';
import NavigateNext from '@mui/icons-material/NavigateNext';
import { useTranslation } from 'react-i18next';
import { PRODUCT_NAME } from '@lectio/shared';

export interface Crumb {
  label: string;
  /** Link target; the last crumb is never a link. */
  to?: string;
}

interface BreadcrumbValue {
  crumbs: Crumb[];
  setCrumbs: (crumbs: Crumb[]) => void;
}

const BreadcrumbContext = createContext<BreadcrumbValue | null>(null);

export function BreadcrumbProvider({ children }: { children: ReactNode }) {
  const [crumbs, setCrumbs] = useState<Crumb[]>([]);
  const value = useMemo(() => ({ crumbs, setCrumbs }), [crumbs]);
  return <BreadcrumbContext.Provider value={value}>{children}</BreadcrumbContext.Provider>;
}

/** Sets the page's crumbs after Dashboard › Course list while the page is mounted. */
export function useBreadcrumbs(crumbs: Crumb[]): void {
  const context = useContext(BreadcrumbContext);
  const setCrumbs = context?.setCrumbs;
  const key = JSON.stringify(crumbs);
  useEffect(() => {
    if (!setCrumbs) return undefined;
    setCrumbs(JSON.parse(key) as Crumb[]);
    return () => setCrumbs([]);
  }, [key, setCrumbs]);
}

/** The full trail: the two fixed crumbs and the page's own. */
export function useTrail(): Crumb[] {
  const { t } = useTranslation();
  const crumbs = useContext(BreadcrumbContext)?.crumbs;
  return useMemo(
    () => [
      { label: t('breadcrumbs.dashboard'), to: '/dashboard' },
      { label: t('breadcrumbs.courseList'), to: '/categories' },
      ...(crumbs ?? []),
    ],
    [crumbs, t],
  );
}

/** Keeps document.title in step with the last crumb. */
export function DocumentTitle() {
  const { t } = useTranslation();
  const trail = useTrail();
  const last = trail[trail.length - 1]?.label ?? '';
  useEffect(() => {
    document.title = `${PRODUCT_NAME} - ${last || t('breadcrumbs.noName')}`;
  }, [last, t]);
  return null;
}

export function Breadcrumbs() {
  const { t } = useTranslation();
  const trail = useTrail();
  return (
    <MuiBreadcrumbs
      aria-label={t('breadcrumbs.label')}
      separator={<NavigateNext fontSize="small" />}
      sx={{ mb: 2 }}
      data-testid="breadcrumbs"
    >
      {trail.map((crumb, index) => {
        const label = crumb.label || t('breadcrumbs.noName');
        const last = index === trail.length - 1;
        return crumb.to && !last ? (
          <Link key={index} component={RouterLink} to={crumb.to} underline="hover" color="inherit">
            {label}
          </Link>
        ) : (
          <Typography key={index} color="text.primary" aria-current={last ? 'page' : undefined}>
            {label}
          </Typography>
        );
      })}
    </MuiBreadcrumbs>
  );
}
