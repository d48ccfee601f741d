/** A learner's program in the default (namespace) sandbox reaches nothing of the server: see judge-escape.ts. */
import { escapeSuite } from './judge-escape';

escapeSuite('namespaces');
