/** The catalogue part of an authoring page's breadcrumbs: the category (to its areas) and the area (to its courses). */
import type { z } from 'zod';
import type { breadcrumbs } from '@lectio/shared';
import { pathTo } from '@/lib/paths';

export const catalogueTrail = (brc: z.output<typeof breadcrumbs>) => [
  { label: brc.category?.name ?? '', to: pathTo('areas', { id: brc.category?.id ?? 0 }) },
  { label: brc.area?.name ?? '', to: pathTo('courses', { id: brc.area?.id ?? 0 }) },
];
