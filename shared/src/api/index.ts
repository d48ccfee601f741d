/** The route registry: every HTTP endpoint of Lectio, keyed by a stable name; one module per domain. */
import { accountsRoutes } from './accounts';
import { authoringRoutes } from './authoring';
import { catalogueRoutes } from './catalogue';
import { competitionsRoutes } from './competitions';
import { messagesRoutes } from './messages';
import { playerRoutes } from './player';
import { judgeRoutes } from './judge';
import { authoringTaskRoutes } from './authoring-tasks';
import { testsRoutes } from './tests';
import { groupsRoutes } from './groups';
import { teachingRoutes } from './teaching';
import { revisionsRoutes } from './revisions';
import { activityRoutes } from './activity';
import { questionnairesRoutes } from './questionnaires';
import { kernelsRoutes } from './kernels';
import { notebookRoutes } from './notebook';
import type { RouteDef, Domain } from '../registry';

export const routes = {
  ...accountsRoutes,
  ...catalogueRoutes,
  ...authoringRoutes,
  ...competitionsRoutes,
  ...messagesRoutes,
  ...playerRoutes,
  ...judgeRoutes,
  ...authoringTaskRoutes,
  ...testsRoutes,
  ...groupsRoutes,
  ...teachingRoutes,
  ...revisionsRoutes,
  ...activityRoutes,
  ...questionnairesRoutes,
  ...kernelsRoutes,
  ...notebookRoutes,
} as const;

export type Routes = typeof routes;
export type RouteName = keyof Routes;

export const routeList = (): Array<[RouteName, RouteDef]> =>
  Object.entries(routes) as Array<[RouteName, RouteDef]>;

export const routesOfDomain = (domain: Domain) => routeList().filter(([, r]) => r.domain === domain);

/** Domains that have at least one route: each becomes one Lambda. */
export const activeDomains = (): Domain[] => [...new Set(routeList().map(([, r]) => r.domain))];
