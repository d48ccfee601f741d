/** The import-graph scan that decides which packages are installed beside a bundle. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { nativeDependencies } from '../src/native-deps';
import { functionEntry } from '../src/paths';

const dir = mkdtempSync(join(tmpdir(), 'lectio-native-deps-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const write = (name: string, source: string) => {
  writeFileSync(join(dir, name), source);
  return join(dir, name);
};

describe('nativeDependencies', () => {
  it('follows relative imports, re-exports and dynamic imports to a native addon', () => {
    write('hash.ts', "import argon2 from 'argon2';\nexport const hash = argon2.hash;\n");
    write('models.ts', "export * from './hash';\nimport type { ZodType } from 'zod';\n");
    write('lazy.ts', "export const load = () => import('jose');\n");
    const entry = write(
      'entry.ts',
      "import {\n  something,\n} from './models';\nimport './lazy.js';\nimport { routeList } from '@lectio/shared';\n",
    );
    expect(nativeDependencies(entry)).toEqual(['argon2']);
  });

  it('reports nothing for pure JavaScript dependencies', () => {
    const entry = write('pure.ts', "import { z } from 'zod';\nimport { SignJWT } from 'jose';\n");
    expect(nativeDependencies(entry)).toEqual([]);
  });

  it('finds argon2 behind the accounts handler and nothing behind the ws handler', () => {
    expect(nativeDependencies(functionEntry('accounts/handler.ts'))).toContain('argon2');
    expect(nativeDependencies(functionEntry('app/ws.ts'))).toEqual([]);
  });
});
