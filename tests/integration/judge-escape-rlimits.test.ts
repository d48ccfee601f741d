/**
 * The same probe with the operator's explicit JUDGE_SANDBOX=rlimits (as in the AWS runner image; this test
 * process is root, so programs run as the judge's dedicated uid): no namespaces, and still nothing reached.
 * The judge reads the setting when its first job starts, after this line.
 */
import { escapeSuite } from './judge-escape';

process.env.JUDGE_SANDBOX = 'rlimits';
escapeSuite(process.getuid?.() === 0 ? 'rlimits' : 'namespaces');
