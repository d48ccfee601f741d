/**
 * The web app's import boundaries and the functions' platform → domain boundary are enforced by lint
 * (eslint.config.js): each fixture is written for a moment at the given place (the TypeScript resolver
 * maps `@/…` only for files that exist),
 * linted with the project's configuration and removed, so a rule that stops working fails here.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { dirname, basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

const root = new URL('../../', import.meta.url).pathname;
const eslint = new ESLint({ cwd: root.replace(/\/$/, '') });

/** The errors lint reports for `code` standing in the folder of `filePath` (the name gets a unique prefix). */
async function ruleErrors(filePath: string, code: string): Promise<string[]> {
  const target = join(root, dirname(filePath), `lint-${process.pid}-${Date.now()}-${basename(filePath)}`);
  writeFileSync(target, code);
  try {
    const [result] = await eslint.lintFiles([target]);
    return result!.messages.filter((m) => m.severity === 2).map((m) => `${m.ruleId}: ${m.message}`);
  } finally {
    rmSync(target, { force: true });
  }
}

describe('web import boundaries', () => {
  it('refuses a feature importing another feature', async () => {
    // Prepare: the catalogue feature reaching into the messages feature
    const code =
      "import { MessagesPanel } from '@/features/messages/components/messages-panel';\nexport const x = MessagesPanel;\n";
    // Act
    const errors = await ruleErrors('web/src/features/catalogue/components/fixture.tsx', code);
    // Assess
    expect(errors).toEqual([expect.stringMatching(/^import\/no-restricted-paths: .*A feature must not import another feature/)]);
  });

  it('refuses the same import written as a relative path', async () => {
    const code = "import { usePassMessage } from '../../messages/api/messages';\nexport const x = usePassMessage;\n";
    expect(await ruleErrors('web/src/features/catalogue/api/fixture.ts', code)).toEqual([
      expect.stringMatching(/^import\/no-restricted-paths: .*A feature must not import another feature/),
    ]);
  });

  it('refuses a feature importing app/', async () => {
    const code = "import { buildRoutes } from '@/app/router';\nexport const x = buildRoutes;\n";
    expect(await ruleErrors('web/src/features/accounts/fixture.ts', code)).toEqual([
      expect.stringMatching(/^import\/no-restricted-paths: .*A feature must not import app/),
    ]);
  });

  it('refuses components/ and lib/ importing a feature', async () => {
    const code = "import { useAccountMessage } from '@/features/accounts/messages';\nexport const x = useAccountMessage;\n";
    for (const path of ['web/src/components/form/fixture.ts', 'web/src/lib/fixture.ts']) {
      expect(await ruleErrors(path, code)).toEqual([
        expect.stringMatching(/^import\/no-restricted-paths: .*components\/ and lib\//),
      ]);
    }
  });

  it('allows a feature its own modules, components/ and lib/, and app/ every feature', async () => {
    const own =
      "import { catalogueKeys } from '../api/query-keys';\nimport { pathTo } from '@/lib/paths';\nimport { PageHeading } from '@/components/layout/page-heading';\nexport const x = [catalogueKeys, pathTo, PageHeading];\n";
    expect(await ruleErrors('web/src/features/catalogue/components/fixture.tsx', own)).toEqual([]);
    const app =
      "import { MessagesPanel } from '@/features/messages/components/messages-panel';\nimport { CategoryGrid } from '@/features/catalogue/components/category-grid';\nexport const x = [MessagesPanel, CategoryGrid];\n";
    expect(await ruleErrors('web/src/app/routes/fixture.tsx', app)).toEqual([]);
  });

  it('refuses an import cycle', async () => {
    // Prepare: two modules of lib/ that import each other
    const stamp = `${process.pid}-${Date.now()}`;
    const a = join(root, `web/src/lib/lint-${stamp}-cycle-a.ts`);
    const b = join(root, `web/src/lib/lint-${stamp}-cycle-b.ts`);
    writeFileSync(a, `import { b } from './lint-${stamp}-cycle-b';\nexport const a = () => b;\n`);
    writeFileSync(b, `import { a } from './lint-${stamp}-cycle-a';\nexport const b = () => a;\n`);
    try {
      // Act
      const [result] = await eslint.lintFiles([a]);
      // Assess
      expect(result!.messages.map((m) => m.ruleId)).toEqual(['import/no-cycle']);
    } finally {
      rmSync(a, { force: true });
      rmSync(b, { force: true });
    }
  });
});

describe('functions import boundary', () => {
  it('refuses the platform importing a domain', async () => {
    // Prepare: a platform module reaching into the judge domain
    const code = "import { judgeInput } from '../../judge/service/input';\nexport const x = judgeInput;\n";
    // Act
    const errors = await ruleErrors('functions/src/platform/ws/fixture.ts', code);
    // Assess
    expect(errors).toEqual([expect.stringMatching(/^import\/no-restricted-paths: .*The platform must not import a domain/)]);
  });

  it('refuses the platform importing the composition root or the demo seed (they import every domain)', async () => {
    const code =
      "import { httpModules } from '../../app/http';\nimport { seedIfEmpty } from '../../demo/seed';\nexport const x = [httpModules, seedIfEmpty];\n";
    const errors = await ruleErrors('functions/src/platform/local/fixture.ts', code);
    expect(errors).toEqual([
      expect.stringMatching(/^import\/no-restricted-paths: .*The platform must not import a domain/),
      expect.stringMatching(/^import\/no-restricted-paths: .*The platform must not import a domain/),
    ]);
  });

  it("refuses a domain reaching into another domain's files, or into app/ and demo/", async () => {
    // Prepare: the judge reading the player's progress module directly, and the catalogue the demo seed
    const deep = "import { recordResult } from '../player/progress';\nexport const x = recordResult;\n";
    const demo = "import { seedIfEmpty } from '../demo/seed';\nexport const x = seedIfEmpty;\n";
    // Act
    const deepErrors = await ruleErrors('functions/src/judge/fixture.ts', deep);
    const demoErrors = await ruleErrors('functions/src/catalogue/fixture.ts', demo);
    // Assess
    expect(deepErrors).toEqual([
      expect.stringMatching(/^import\/no-restricted-paths: .*must not reach into another domain's files/),
    ]);
    expect(demoErrors).toEqual([expect.stringMatching(/^import\/no-restricted-paths: .*must not import the composition root/)]);
  });

  it("allows a domain another domain's index", async () => {
    const code =
      "import { recordResult } from '../../player';\nimport { catalogueKeys } from '../../catalogue/index';\nexport const x = [recordResult, catalogueKeys];\n";
    expect(await ruleErrors('functions/src/judge/service/fixture.ts', code)).toEqual([]);
  });

  it('allows a domain the platform, and the composition root every domain', async () => {
    const domain = "import { publish } from '../platform/ws/publish';\nexport const x = publish;\n";
    expect(await ruleErrors('functions/src/messages/fixture.ts', domain)).toEqual([]);
    const root =
      "import { judgeRealtime } from '../judge/realtime';\nimport { messagesRealtime } from '../messages/realtime';\nexport const x = [judgeRealtime, messagesRealtime];\n";
    expect(await ruleErrors('functions/src/app/fixture.ts', root)).toEqual([]);
  });
});
