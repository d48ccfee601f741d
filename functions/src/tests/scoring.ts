/**
 * Recomputes an answer record from the raw answers a client sent (the client's score and scales are
 * never trusted): parses the JSON text against the test's schema and applies the shared rules.
 */
import {
  InvalidTestAnswers,
  mackworthOutcome,
  numberMemoryOutcome,
  personAnswers,
  personConsent,
  personTestScales,
  personTestScore,
  psychoAnswerSchemas,
  validatePersonAnswers,
  vigilanceOutcome,
  type PersonTestType,
  type PsychoTestType,
} from '@lectio/shared';
import type { z } from 'zod';
import { Invalid } from '../platform/http/errors';

function parseJson<S extends z.ZodType>(schema: S, text: string): z.output<S> {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new Invalid('answers: not valid JSON', { answers: ['Not valid JSON'] });
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = ['answers', ...issue.path.map(String)].join('.');
    throw new Invalid(`${where}: ${issue.message}`, { answers: [`${where}: ${issue.message}`] });
  }
  return parsed.data;
}

/** Rule violations become 400s with the rule's message. */
function applyRule<T>(rule: () => T): T {
  try {
    return rule();
  } catch (error) {
    if (error instanceof InvalidTestAnswers) throw new Invalid(`answers: ${error.message}`, { answers: [error.message] });
    throw error;
  }
}

export interface PsychoResult {
  score: number;
  status: 'running' | 'completed' | 'abandon';
}

export function scorePsycho(type: PsychoTestType, answersText: string, final: 0 | 1): PsychoResult {
  const answers = parseJson(psychoAnswerSchemas[type], answersText);
  if (final === 1 && answers.status === 'running') throw new Invalid("answers.status: a final record is 'completed' or 'abandon'", { answers: ['status'] });
  if (final === 0 && answers.status !== 'running') throw new Invalid("answers.status: a record in progress is 'running'", { answers: ['status'] });
  const completed = answers.status === 'completed';
  return applyRule(() => {
    switch (type) {
      case 'number_memory': {
        const a = answers as z.infer<(typeof psychoAnswerSchemas)['number_memory']>;
        const outcome = numberMemoryOutcome(a.attempts);
        if (completed && !outcome.over) throw new InvalidTestAnswers('A completed run ends after 3 errors or 27 attempts.');
        return { score: outcome.score, status: a.status };
      }
      case 'mackworth': {
        const a = answers as z.infer<(typeof psychoAnswerSchemas)['mackworth']>;
        const outcome = mackworthOutcome(a);
        if (completed && a.onsets.length !== a.targets.length) throw new InvalidTestAnswers('A completed run shows every target.');
        return { score: outcome.score, status: a.status };
      }
      case 'vigilance': {
        const a = answers as z.infer<(typeof psychoAnswerSchemas)['vigilance']>;
        return { score: vigilanceOutcome(a).score, status: a.status };
      }
    }
  });
}

export interface PersonResult {
  score: number;
  rslt: string;
  agreement: 0 | 1;
  status: 'running' | 'completed';
}

/** Scores only a finished attempt: while in progress the score is -1 and there are no scales. */
export function scorePerson(type: PersonTestType, answersText: string, final: 0 | 1, consentBox: number): PersonResult {
  const answers = parseJson(personAnswers, answersText);
  applyRule(() => validatePersonAnswers(type, answers, final === 1));
  const agreement = personConsent(type, answers, consentBox);
  if (final === 0) return { score: -1, rslt: '', agreement, status: 'running' };
  return {
    score: personTestScore(type, answers),
    rslt: JSON.stringify(personTestScales(type, answers)),
    agreement,
    status: 'completed',
  };
}
