/**
 * Demo notebooks (issue 25 item 7), in English and Slovak: a Python notebook lesson (markdown, an
 * equation, a code cell whose stored output is a png plot, a code cell with input()) run in the browser,
 * and a notebook quiz of each type 13, 14 and 15. One lesson, the second of the first chapter of the demo
 * course 'Python for data' (content.ts), so any learner who starts that course reaches it.
 */
import type { DemoChapter, DemoLesson, DemoTask, Texts } from './content';

/** A plot of y = x² for x in 0..10 (240×160 px), generated once and stored as base64. */
const PLOT_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAPAAAACgCAIAAAC9uXYyAAADmUlEQVR42u3dTU4jMRRFYXbCRmpfbIwN1UpggMQACPFPle33/B311CJyH92cSivNyweQiBdXAEIDhAYIDRAahAYIDUzh9e3968+NQp/nGfR43Fe+571923yv0MdxWA4M22ZCI5vNkkMzBL63EpstNPLEBqGRzWbJITkC3NufNj86bqGRZJsJDUJ763R84I/+x2bJgeTbTGhks1lySI4V763EZsmBkNtcNc+ERp7YkBySY7l7K7dZciD5NhMa2WyWHJJjiXtrsFlyIOfHGoRGWpslh+SYeW89NksOpH0QJDRy2iw5JMece+u3WXIg+TYTGhk+1pAcmmHavV1os+RA8m0mNLLZLDkkx6B7+23zTa/cQiP2xxqERlqbJYfkuPfeGv5jDcmB3R8ECY2cNksOyXHLvZXYLDlgmyUHdrJZckiOK++tymbJAdssObCTzZJDclxwb202Sw7EmOe5L4bQyFAakkMz9B7vtFlyQGlIDuxks+SQHOcsmyUHPAVKDuxks+SQHO1fdF3zlVtoxH4KJDTS2iw5JMfZ3M2SA54CJQfYLDk0Q+fxid9ylRywzYRGRpslh+Q4m22WHLDNkgNslhySo+r4Ut9ylRywzYRGRpslx9bJsea3XCUHDDOh2ZzRZsmxXXIM+F2ukgO2WXKAzZJj2+R4ZHO+e7PQ2w1z1m0mNJsJLTniHL/7WyeSAx4BJQdkhuTYNjlqbZYcFto2Sw6IZskhOcqPN9ssOSy0zJAcYLPkkBwDollyWGjDLDnAZskhOUpsdm8W2jBbaEKzWXJIjv7jT1V2bxbaMFtoQi9gszuRHCFfedUwuzcLHawxbLPkUMyElhzzjvcMs+Sw0IbZQhNaMUsOyTFgmCWHhTbMFprQVJYc3jpLbHZvksMwQ3JQmdCSo+d4oc3uTXIYZkgOKhNacpQfb1ZZckgOqwzJMVBlNkuOYG+dF6osOSSHVYbkoDKhvXWWqLzDL6KVHMkn2SpLDipDcgx/62zwWHJIDpMMyUFlSI4BHksOybHoHptkCx1DaB4TOsMb0FOPN/+XEckRYKFLJDbJFnp1oXmM2MlRaHCJx5JDcsxZ6AslhoWeIHSVwSTGQslR6+4PiTf85fWSY/5CN1triTF0oa8ylb7IJvQBlLGQ0Jc/U/Ycn/ijQx9f85Wv8imHvxj3RmhCuzdCM5LQwF6fcgCEBggNEBqEBggNEBogNEBoEBogNEBogNAAoZGZT0K6QReadT0FAAAAAElFTkSuQmCC';

type Lang = 'en' | 'sk';
const lines = (text: string) => text.split(/(?<=\n)/);
const md = (text: string) => ({ cell_type: 'markdown', source: lines(text), outputs: [], execution_count: null, metadata: {} });
const eq = (text: string) => ({ cell_type: 'equation', source: lines(text), outputs: [], execution_count: null, metadata: {} });
const code = (text: string, outputs: Array<{ atype: 'text' | 'png'; output: string; width?: number }> = [], count: number | null = null) => ({
  cell_type: 'code',
  source: lines(text),
  outputs,
  execution_count: count,
  metadata: {},
});

const reading = (lang: Lang) => [
  md(lang === 'en' ? '# Squares in Python\nA **notebook** mixes text, formulas and code you can run. Press ▶ beside a code cell.' : '# Druhé mocniny v Pythone\n**Zošit** spája text, vzorce a kód, ktorý môžete spustiť. Stlačte ▶ pri bunke s kódom.'),
  eq('y = x^2, \\quad x \\in \\langle 0, 10 \\rangle'),
  code(
    lang === 'en' ? 'squares = [x ** 2 for x in range(11)]\nprint(squares)\n# The plot below was drawn from these numbers.' : 'stvorce = [x ** 2 for x in range(11)]\nprint(stvorce)\n# Graf nižšie bol nakreslený z týchto čísel.',
    [
      { atype: 'text', output: '[0, 1, 4, 9, 16, 25, 36, 49, 64, 81, 100]\n' },
      { atype: 'png', output: PLOT_PNG, width: 100 },
    ],
    1,
  ),
  code(lang === 'en' ? 'name = input("Your name: ")\nprint("Hello,", name)' : 'meno = input("Vaše meno: ")\nprint("Ahoj,", meno)'),
];

const question = (lang: Lang, text: string, program: string) => [md(text), code(program)];
const quiz = (type: 13 | 14 | 15, q: Texts, program: string, answers: Array<{ text: Texts; rating: number }>, maxScore = 10): DemoTask => ({
  type,
  max_score: maxScore,
  html: {
    en: JSON.stringify({ cells: question('en', q.en, program), help: '', answer_list: answers.map((a) => ({ answer: a.text.en, feedback: '' })) }),
    sk: JSON.stringify({ cells: question('sk', q.sk, program), help: '', answer_list: answers.map((a) => ({ answer: a.text.sk, feedback: '' })) }),
  },
  globals: JSON.stringify({ ratings: answers.map((a) => a.rating), ignoreSpace: true, ignoreSeparators: false, caseSensitive: false, aqSome: false, runner: 'browser' }),
});

export const notebookLesson: DemoLesson = {
  name: { en: 'Notebooks', sk: 'Zošity' },
  tasks: [
    { type: 12, html: { en: JSON.stringify(reading('en')), sk: JSON.stringify(reading('sk')) }, globals: JSON.stringify({ runner: 'browser' }) },
    quiz(13, { en: 'What does this cell print? Run it to find out.', sk: 'Čo vypíše táto bunka? Spustite ju a zistite to.' }, 'print(len("notebook"))', [{ text: { en: '8', sk: '8' }, rating: 100 }]),
    quiz(14, { en: 'Which expression is 36?', sk: 'Ktorý výraz má hodnotu 36?' }, 'print(6 ** 2, 6 * 2, 6 + 2)', [
      { text: { en: '6 ** 2', sk: '6 ** 2' }, rating: 100 },
      { text: { en: '6 * 2', sk: '6 * 2' }, rating: 0 },
      { text: { en: '6 + 2', sk: '6 + 2' }, rating: 0 },
    ]),
    quiz(15, { en: 'Which of these are even squares?', sk: 'Ktoré z týchto sú párne druhé mocniny?' }, 'print([x ** 2 for x in range(7) if x % 2 == 0])', [
      { text: { en: '4', sk: '4' }, rating: 50 },
      { text: { en: '16', sk: '16' }, rating: 50 },
      { text: { en: '9', sk: '9' }, rating: -50 },
      { text: { en: '25', sk: '25' }, rating: -50 },
    ]),
  ],
};

/** Adds the notebook lesson to the first chapter of a demo course. */
export const withNotebookLesson = (chapters: DemoChapter[]): DemoChapter[] =>
  chapters.map((chapter, i) => (i === 0 ? { ...chapter, lessons: [...chapter.lessons, notebookLesson] } : chapter));
