/** Screens of the accounts feature, by route name (see app/route-table.ts). */
import type { LazyScreen } from '@/app/lazy-screen';

export const accountsScreens: Record<string, LazyScreen> = {};
