/** Tests Lambda: cognitive and personalisation tests, their answer records and the research export. */
import { testsRoutes } from '@lectio/shared/api/tests';
import { domainHandler } from '../platform/http/router';
import type { SessionUser } from '../platform/auth/tokens';
import { getDefinition, getInstrument, listDefinitions, recentAttempts, testCounts, userLanguage } from './store';
import { writePersonAnswer, writePsychoAnswer } from './attempts';
import { researchExport } from './research';
import { langCode, type AnswerItem, type TestDefinitionItem } from './model';
import type { TestKind } from './keys';
import type { PersonTestType, PsychoTestType } from '@lectio/shared';

const attemptOf = (a: AnswerItem) => ({ id: a.answer_id, time_start: a.time_start, score: a.score, final: a.final });

/** A test with the caller's attempts, as the lists and the pages' status show it. */
async function withAttempts(user: SessionUser, kind: TestKind, defs: TestDefinitionItem[], langId: number) {
  const counts = await testCounts(user.userId, kind);
  const lang = langCode(langId);
  return Promise.all(
    defs.map(async (def) => ({
      def,
      base: {
        id: def.test_id,
        test_name: def.names[lang],
        test_count: counts.get(def.test_id) ?? 0,
        max_score: def.max_score,
        info: [{ description: def.descriptions[lang] }],
      },
      attempts: await recentAttempts(user.userId, kind, def.test_id),
    })),
  );
}

const psychoTests = async (user: SessionUser, defs: TestDefinitionItem[]) =>
  (await withAttempts(user, 'psycho', defs, await userLanguage(user.userId))).map(({ def, base, attempts }) => ({
    ...base,
    test_type: def.test_type as PsychoTestType,
    attempts: attempts.map((a) => ({ ...attemptOf(a), status: a.status })),
  }));

const personTests = async (user: SessionUser, defs: TestDefinitionItem[]) =>
  (await withAttempts(user, 'person', defs, await userLanguage(user.userId))).map(({ def, base, attempts }) => ({
    ...base,
    test_type: def.test_type as PersonTestType,
    rpt: def.rpt,
    attempts: attempts.map((a) => ({ ...attemptOf(a), rslt: a.rslt, time_length: a.time_length })),
  }));

export const handler = domainHandler('tests', [testsRoutes], {
  getMyPsychoTests: async ({ user }) => ({ tests: await psychoTests(user, await listDefinitions('psycho')) }),
  getPsychoTestInfo: async ({ user, params }) => ({ info: (await psychoTests(user, [await getDefinition('psycho', params.id)]))[0]! }),
  getInfoPsychoTest: async ({ user, params }) => {
    const def = await getDefinition('psycho', params.id);
    const lang = langCode(await userLanguage(user.userId));
    return {
      message: 'OK' as const,
      info: [{ id: def.test_id, test_name: def.names[lang], test_type: def.test_type as PsychoTestType, description: def.descriptions[lang], max_score: def.max_score }],
    };
  },
  writeMyPsychoTestAnswer: ({ user, body }) => writePsychoAnswer(user, body),

  getMyPersonTests: async ({ user }) => ({ tests: await personTests(user, await listDefinitions('person')) }),
  getPersonTestInfo: async ({ user, params }) => ({ info: (await personTests(user, [await getDefinition('person', params.id)]))[0]! }),
  getInfoPersonTest: async ({ user, params }) => {
    const def = await getDefinition('person', params.id);
    const lang = langCode(await userLanguage(user.userId));
    const { instrument } = await getInstrument(def.test_id, lang);
    return {
      message: 'OK' as const,
      info: [
        {
          id: def.test_id,
          test_name: def.names[lang],
          test_type: def.test_type as PersonTestType,
          description: def.descriptions[lang],
          max_score: def.max_score,
          rpt: def.rpt,
          instrument,
        },
      ],
    };
  },
  writeMyPersonTestAnswer: ({ user, body }) => writePersonAnswer(user, body),

  getTestsResearchExport: ({ query }) => researchExport(query.kind, query.test_id, query.limit ?? 100, query.after),
});
