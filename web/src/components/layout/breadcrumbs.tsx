/**
 * Breadcrumbs of spec/1 §2: always Dashboard › Course list, then the crumbs the current page sets
 * with `useBreadcrumbs([...])`. An empty label shows the "(no name)" placeholder. The document
 * title is the product name followed by the last crumb.
 *
 *   useBreadcrumbs([{ label: category.title, to: pathTo('areas', { id }) }, { label: area.name }]);
 */
import { createContext, useContext, useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Breadcrumbs as MuiBreadcrumbs, Link, Typography } from '@mui/material';
import NavigateNext from '@mui/icons-material/NavigateNext';
import { useTranslation } from 'react-i18next';
import { PRODUCT_NAME } from '@lectio/shared/constants';
import { pathTo } from '@/lib/paths';

export interface Crumb {
  label: string;
  /** Link target; the last crumb is never a link. */
  to?: string;
  /** The page the user is on (one of the fixed crumbs on the dashboard itself). */
  current?: boolean;
}

interface Named {
  id: number;
  name: string;
}

/**
 * A course's place in the catalogue as crumbs: its category (to the category's areas), its area (to the
 * area's courses) and the course, a link to the course page unless it is the page itself.
 */
export function courseCrumbs(place: { category: Named; area: Named; course: Named }, linkCourse = true): Crumb[] {
  return [
    { label: place.category.name, to: pathTo('areas', { id: place.category.id }) },
    { label: place.area.name, to: pathTo('courses', { id: place.area.id }) },
    linkCourse
      ? { label: place.course.name, to: pathTo('course_content', { id: place.course.id }) }
      : { label: place.course.name },
  ];
}

/** A page that is one of the two fixed crumbs says so: the dashboard is 'dashboard'. */
export type FixedCrumb = 'dashboard' | 'courseList';

interface PageCrumbs {
  crumbs: Crumb[];
  current?: FixedCrumb;
}

// Apart: the page that sets the crumbs does not read them, so it is not re-rendered when they change (it was, inside
// its own first commit: the whole page again, on a phone's longest task; issue 20 item 22).
const BreadcrumbContext = createContext<PageCrumbs | null>(null);
const SetBreadcrumbContext = createContext<((page: PageCrumbs) => void) | null>(null);

export function BreadcrumbProvider({ children }: { children: ReactNode }) {
  const [page, setPage] = useState<PageCrumbs>({ crumbs: [] });
  return (
    <SetBreadcrumbContext.Provider value={setPage}>
      <BreadcrumbContext.Provider value={page}>{children}</BreadcrumbContext.Provider>
    </SetBreadcrumbContext.Provider>
  );
}

/**
 * Sets the page's crumbs after Dashboard › Course list while the page is mounted; a page that is
 * one of those two passes `current` instead, so the trail and the title name it.
 */
export function useBreadcrumbs(crumbs: Crumb[], current?: FixedCrumb): void {
  const setPage = useContext(SetBreadcrumbContext);
  const key = JSON.stringify({ crumbs, current });
  // Before the paint: set after it, the trail grew by a line or two under a page already shown and moved it
  // down (a layout shift of 0.02 on a phone, issue 20 item 22).
  useLayoutEffect(() => {
    if (!setPage) return undefined;
    setPage(JSON.parse(key) as PageCrumbs);
    return () => setPage({ crumbs: [] });
  }, [key, setPage]);
}

/** The full trail: the two fixed crumbs and the page's own. */
export function useTrail(): Crumb[] {
  const { t } = useTranslation();
  const page = useContext(BreadcrumbContext);
  // Read apart: the compiler takes a `.current` for a ref's.
  const currentPage = page?.current;
  const crumbs = page?.crumbs;
  return useMemo(() => {
    const fixed = (name: FixedCrumb, label: string, to: string): Crumb =>
      currentPage === name ? { label, current: true } : { label, to };
    return [
      fixed('dashboard', t('breadcrumbs.dashboard'), '/dashboard'),
      fixed('courseList', t('breadcrumbs.courseList'), '/categories'),
      ...(crumbs ?? []),
    ];
  }, [currentPage, crumbs, t]);
}

/** The crumb that names the page: the one marked current, else the last. */
const pageCrumb = (trail: Crumb[]): Crumb | undefined => trail.find((c) => c.current) ?? trail[trail.length - 1];

/** Keeps document.title in step with the last crumb. */
export function DocumentTitle() {
  const { t } = useTranslation();
  const trail = useTrail();
  const last = pageCrumb(trail)?.label ?? '';
  useEffect(() => {
    document.title = `${PRODUCT_NAME} - ${last || t('breadcrumbs.noName')}`;
  }, [last, t]);
  return null;
}

export function Breadcrumbs() {
  const { t } = useTranslation();
  const trail = useTrail();
  const here = pageCrumb(trail);
  return (
    <MuiBreadcrumbs
      aria-label={t('breadcrumbs.label')}
      separator={<NavigateNext fontSize="small" />}
      sx={{ mb: 2 }}
      data-testid="breadcrumbs"
    >
      {trail.map((crumb, index) => {
        const label = crumb.label || t('breadcrumbs.noName');
        return crumb.to && crumb !== here ? (
          <Link key={index} component={RouterLink} to={crumb.to} underline="hover" color="inherit">
            {label}
          </Link>
        ) : (
          <Typography
            key={index}
            color={crumb === here ? 'text.primary' : 'text.secondary'}
            aria-current={crumb === here ? 'page' : undefined}
          >
            {label}
          </Typography>
        );
      })}
    </MuiBreadcrumbs>
  );
}
