/**
 * The kernels domain's public face: whether kernels are offered here (the local cloud's composition then
 * mounts the proxy from ./gateway under /kernels, app/local-handlers.ts).
 */
export { kernelsConfigured } from './configured';
