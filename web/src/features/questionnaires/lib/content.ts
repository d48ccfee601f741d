/** The content and answer JSON of a question as the screens read and write them (spec/3 §3). */
import { choicesOf, questionAnswer, questionContent, type QuestionAnswer, type QuestionContent } from '@lectio/shared/api/questionnaires';

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

export function readContent(text: string): QuestionContent & { choiceList: string[] } {
  const out = questionContent.safeParse(parse(text) ?? {});
  const content = out.success ? out.data : questionContent.parse({});
  return { ...content, choiceList: choicesOf(content) };
}

export function readAnswer(text: string): QuestionAnswer {
  const out = questionAnswer.safeParse(parse(text) ?? {});
  return out.success ? out.data : {};
}
