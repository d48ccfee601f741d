/** Screens of the catalogue feature, by route name (see app/route-table.ts). */
import type { LazyScreen } from '@/app/lazy-screen';

export const catalogueScreens: Record<string, LazyScreen> = {};
