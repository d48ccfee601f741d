/** `npm start` (the path scripts and tests spawn): the local cloud composed with the domains, in `app/local.ts`. */
import '../../app/local';
