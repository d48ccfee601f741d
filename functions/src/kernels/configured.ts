/** Whether this machine offers kernels (read before the environment's data clients exist: imports no store). */
import { env } from '../platform/config';
import { jupyterInstalled } from './jupyter';

/** Kernels are offered here: jupyter-server is installed and the operator did not switch them off (KERNELS=0). */
export const kernelsConfigured = (): boolean => env('KERNELS') !== '0' && jupyterInstalled();
