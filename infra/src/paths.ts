/** Where the CDK app finds the code it deploys: the repository root, handler entries and the web build. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** NodejsFunction installs `nodeModules` from this lock file, so Lambda gets the versions we test. */
export const lockFile = join(repoRoot, 'package-lock.json');

/** The entry of a Lambda, relative to `functions/src` (e.g. `accounts/handler.ts`). */
export const functionEntry = (relative: string) => join(repoRoot, 'functions', 'src', relative);

/** The web app's production build (`npm run build`); absent until the first build. */
export const defaultWebDist = join(repoRoot, 'web', 'dist');

/** The product version shipped in the web's `config.json`. */
export const appVersion = (): string =>
  (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version;
