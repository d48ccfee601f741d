/**
 * What learners are shown (issue 18): a chapter, lesson or task is shown in a language when it has
 * a text there (name, content) that is not hidden (`visible` 0); it is played at all only when it is
 * shown in some language. A task's help exists only when it holds something to read or see.
 */
import { htmlText } from './authoring';

type Texts = Record<string, string> | undefined;
type Visible = Record<string, number> | undefined;

export { CHAPTER_HIDDEN, LESSON_HIDDEN, NO_HELP, TASK_HIDDEN } from '../api/plain-texts';

/** Shown in this language: a text there, not hidden there. */
export const shownIn = (texts: Texts, visible: Visible, lang: string | number): boolean =>
  (texts?.[String(lang)] ?? '').trim() !== '' && Number(visible?.[String(lang)] ?? 1) === 1;

/** Shown in some language (hidden in every language: not shown, not served, not scored). */
export const shownToLearners = (texts: Texts, visible: Visible): boolean => Object.keys(texts ?? {}).some((lang) => shownIn(texts, visible, lang));

/** Media that are help on their own, without any text. */
const MEDIA = /<(img|video|audio|iframe|svg|object|embed|math|canvas)\b/i;

/** Does this help HTML hold anything (not blank, not only empty markup like `<p></p>` or `<br>`)? */
export const hasHelp = (html: string | undefined): boolean => !!html && (htmlText(html) !== '' || MEDIA.test(html));
