/** The competitions' real-time part: `competition:{id}` is for admins and the users who joined it. */
import { isAdminRole } from '@lectio/shared';
import type { DomainRealtime } from '../platform/domain';
import { hasJoined } from './competitions';

export const competitionsRealtime: DomainRealtime = {
  name: 'competitions',
  topics: [
    {
      kind: 'competition',
      guard: (conn, id) => {
        if (isAdminRole(conn.roleId)) return true;
        const compId = Number(id);
        return Number.isInteger(compId) && hasJoined(conn.userId, compId);
      },
    },
  ],
};
