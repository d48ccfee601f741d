/** The local cloud composed with the domains: what `npm start`, the integration tests and the benchmarks start. */
import { startLocalCloud as startPlatformCloud, type LocalCloud, type LocalCloudOptions } from '../platform/local/cloud';
import { localHandlers } from './local-handlers';

export type { LocalCloud, LocalCloudOptions };

export const startLocalCloud = (options: LocalCloudOptions): Promise<LocalCloud> => startPlatformCloud(options, localHandlers);
