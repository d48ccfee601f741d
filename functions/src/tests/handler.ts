/** Tests Lambda: cognitive and personalisation tests, their answer records and the research export. */
import { testsRoutes } from '@lectio/shared/api/tests';
import { domainHandler } from '../platform/http/router';
import type { SessionUser } from '../platform/auth/tokens';
import { getDefinition, getInstrument, listDefinitions, recentAttempts, testCounts, userLanguage } from './store';
import { writePersonAnswer, writePsychoAnswer } from './attempts';
import { researchExport } from './research';
import { langCode, textIn, type AnswerItem, type TestDefinitionItem } from './model';
import type { TestKind } from './keys';
import type { PersonTestType, PsychoTestType } from '@lectio/shared';

const attemptOf = (a: AnswerItem) => ({ id: a.answer_id, time_start: a.time_start, score: a.score, final: a.final });

/** A test with the caller's attempts, as the lists and the pages' status show it. */
async function withAttempts(user: SessionUser, kind: TestKind, defs: TestDefinitionItem[], langId: number) {
  const counts = await testCounts(user.userId, kind);
  return Promise.all(
    defs.map(async (def) => ({
      def,
      base: {
        id: def.test_id,
        test_name: textIn(def.names, langId),
        test_count: counts.get(def.test_id) ?? 0,
        max_score: def.max_score,
        info: [{ description: textIn(def.descriptions, langId) }],
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
    const langId = await userLanguage(user.userId);
    return {
      message: 'OK' as const,
      info: [{ id: def.test_id, test_name: textIn(def.names, langId), test_type: def.test_type as PsychoTestType, description: textIn(def.descriptions, langId), max_score: def.max_score }],
    };
  },
  writeMyPsychoTestAnswer: ({ user, body }) => writePsychoAnswer(user, body),

  getMyPersonTests: async ({ user }) => ({ tests: await personTests(user, await listDefinitions('person')) }),
  getPersonTestInfo: async ({ user, params }) => ({ info: (await personTests(user, [await getDefinition('person', params.id)]))[0]! }),
  getInfoPersonTest: async ({ user, params }) => {
    const def = await getDefinition('person', params.id);
    const langId = await userLanguage(user.userId);
    // The items are in English and Slovak; other languages get the English ones.
    const { instrument } = await getInstrument(def.test_id, langCode(langId));
    return {
      message: 'OK' as const,
      info: [
        {
          id: def.test_id,
          test_name: textIn(def.names, langId),
          test_type: def.test_type as PersonTestType,
          description: textIn(def.descriptions, langId),
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
