/**
 * Demo course "Python basics" in English (1) and Slovak (2): chapters, lessons and tasks. The
 * lesson with every question type (1-7) is in demo-questions.ts.
 */
import { filledRule, ruleDescription } from '@lectio/shared';
import { allQuestionTypesLesson } from './questions';
import { programmingLesson } from './programs';
import { withNotebookLesson } from './notebook';

export type Texts = { en: string; sk: string };

/** type 1: content HTML; other types: JSON text per language (spec/2 §3 content by type). */
export interface DemoTask {
  type: number;
  html: Texts;
  globals?: string;
  max_score?: number;
}
export interface DemoLesson {
  name: Texts;
  tasks: DemoTask[];
}
export interface DemoChapter {
  name: Texts;
  /** 1 chapter, 2 competition, 3 exercise */
  type?: 1 | 2 | 3;
  competition?: { time_limit: number; key?: string; open_begin?: string; open_end?: string };
  lessons: DemoLesson[];
}
export interface DemoCourse {
  name: Texts;
  description: Texts;
  detail: Texts;
  extension: string;
  template: string;
  chapters: DemoChapter[];
}
export interface DemoArea {
  name: Texts;
  color: string;
  icon: string;
  courses: DemoCourse[];
}
export interface DemoCategory {
  name: Texts;
  color: string;
  areas: DemoArea[];
}

/** The label is text inside the SVG: '</>' would make the image invalid. */
const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const svgIcon = (bg: string, label: string) =>
  'data:image/svg+xml;base64,' +
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="${bg}"/><text x="32" y="41" font-family="sans-serif" font-size="24" font-weight="bold" text-anchor="middle" fill="#fff">${escapeXml(label)}</text></svg>`,
  ).toString('base64');

/** A single-choice question (type 3); the first answer is the correct one (rating 100). */
export function question(q: Texts, answers: Array<Texts>): DemoTask {
  const content = (lang: 'en' | 'sk') =>
    JSON.stringify({ content: `<p>${q[lang]}</p>`, help: '', answer_list: answers.map((a) => ({ answer: a[lang], feedback: '' })) });
  return {
    type: 3,
    html: { en: content('en'), sk: content('sk') },
    globals: JSON.stringify({ ratings: answers.map((_, i) => (i === 0 ? 100 : 0)), ignoreSpace: false, ignoreSeparators: false, caseSensitive: true, aqSome: false }),
    max_score: 10,
  };
}

/** A test-case program (type 8) with one requested file. */
export function program(title: Texts, assignment: Texts, file: string, solution: string, cases: string): DemoTask {
  const content = (lang: 'en' | 'sk') =>
    JSON.stringify({
      title: title[lang],
      assignment: `<p>${assignment[lang]}</p>`,
      files: [{ name: file, rContent: '', aContent: solution }],
      testCases: cases,
      filesToKeep: [],
      configFiles: [],
      help: '',
    });
  return { type: 8, html: { en: content('en'), sk: content('sk') }, globals: JSON.stringify({ files: { files: [file], filesToKeep: [], configFiles: [] } }), max_score: 20 };
}

/** An HTML/CSS task (type 11): rules as [kind, texts, numbers], stored in each language's rule texts. */
export function webPage(title: Texts, assignment: Texts, starter: string, solution: string, rules: Array<[number, string[], number[]]>): DemoTask {
  const content = (lang: 'en' | 'sk') =>
    JSON.stringify({
      title: title[lang],
      assignment: `<p>${assignment[lang]}</p>`,
      requestedFile: starter,
      authorsFile: solution,
      help: '',
      rules_list: rules.map(([ruleId, texts, numbers]) => {
        const filled = filledRule(ruleId, lang === 'en' ? 1 : 2, { texts, numbers });
        return { rule_id: ruleId, description: ruleDescription(filled), content: filled };
      }),
    });
  return { type: 11, html: { en: content('en'), sk: content('sk') }, globals: '', max_score: 10 };
}

const shoppingStarter = '<!DOCTYPE html>\n<html>\n<head>\n  <title>Shopping</title>\n</head>\n<body>\n  <h1>Shopping list</h1>\n  <ul>\n    <li>Milk</li>\n  </ul>\n</body>\n</html>\n';
const shoppingSolution = shoppingStarter.replace('    <li>Milk</li>\n', '    <li>Milk</li>\n    <li>Bread</li>\n    <li>Apples</li>\n');

const pythonIcon: string =
  'data:image/svg+xml;base64,' +
  Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="#306998"/><path d="M20 18h18a6 6 0 0 1 6 6v10H26a6 6 0 0 0-6 6v6h-2a6 6 0 0 1-6-6V30a6 6 0 0 1 6-6h16v-2H20z" fill="#FFD43B"/><circle cx="26" cy="22" r="2" fill="#306998"/></svg>',
  ).toString('base64');

const pythonBasicsChapters: DemoChapter[] = [
  {
    name: { en: 'Getting started', sk: 'Začíname' },
    lessons: [
      {
        name: { en: 'What is Python', sk: 'Čo je Python' },
        tasks: [
          {
            type: 1,
            html: {
              en: '<h2>What is Python</h2><p>Python is a programming language that reads almost like English. It is used for web sites, data science, automation and teaching.</p><p>A Python program is a text file with instructions that the computer runs from top to bottom.</p>',
              sk: '<h2>Čo je Python</h2><p>Python je programovací jazyk, ktorý sa číta takmer ako angličtina. Používa sa na webové stránky, dátovú vedu, automatizáciu aj vo výučbe.</p><p>Program v Pythone je textový súbor s príkazmi, ktoré počítač vykoná zhora nadol.</p>',
            },
          },
        ],
      },
      {
        name: { en: 'Your first program', sk: 'Váš prvý program' },
        tasks: [
          {
            type: 1,
            html: {
              en: '<h2>Hello, world</h2><p>The function <code>print</code> writes text to the screen:</p><pre><code>print("Hello, world!")</code></pre><p>Text in quotes is called a <em>string</em>.</p>',
              sk: '<h2>Ahoj, svet</h2><p>Funkcia <code>print</code> vypíše text na obrazovku:</p><pre><code>print("Ahoj, svet!")</code></pre><p>Text v úvodzovkách sa nazýva <em>reťazec</em>.</p>',
            },
          },
          {
            type: 1,
            html: {
              en: '<h2>Several lines</h2><p>Each call of <code>print</code> starts a new line:</p><pre><code>print("One")\nprint("Two")</code></pre>',
              sk: '<h2>Viac riadkov</h2><p>Každé volanie <code>print</code> začne nový riadok:</p><pre><code>print("Jeden")\nprint("Dva")</code></pre>',
            },
          },
        ],
      },
    ],
  },
  {
    name: { en: 'Variables and types', sk: 'Premenné a typy' },
    lessons: [
      {
        name: { en: 'Variables', sk: 'Premenné' },
        tasks: [
          {
            type: 1,
            html: {
              en: '<h2>Variables</h2><p>A variable is a name for a value. The sign <code>=</code> assigns:</p><pre><code>age = 15\nprint(age)</code></pre>',
              sk: '<h2>Premenné</h2><p>Premenná je meno pre hodnotu. Znak <code>=</code> priraďuje:</p><pre><code>vek = 15\nprint(vek)</code></pre>',
            },
          },
        ],
      },
      {
        name: { en: 'Check yourself', sk: 'Overte sa' },
        tasks: [
          question({ en: 'Which line stores 15 in the variable age?', sk: 'Ktorý riadok uloží 15 do premennej vek?' }, [
            { en: 'age = 15', sk: 'vek = 15' },
            { en: '15 = age', sk: '15 = vek' },
            { en: 'age == 15', sk: 'vek == 15' },
          ]),
          question({ en: 'What does print(2 + 3) write?', sk: 'Čo vypíše print(2 + 3)?' }, [
            { en: '5', sk: '5' },
            { en: '2 + 3', sk: '2 + 3' },
            { en: '23', sk: '23' },
          ]),
          program(
            { en: 'Sum of two numbers', sk: 'Súčet dvoch čísel' },
            { en: 'Read two whole numbers, one per line, and print their sum.', sk: 'Načítajte dve celé čísla, každé na samostatnom riadku, a vypíšte ich súčet.' },
            'sum.py',
            'a = int(input())\nb = int(input())\nprint(a + b)\n',
            'case = small\ninput = 2\n3\noutput = 5\n',
          ),
        ],
      },
      {
        name: { en: 'Numbers and strings', sk: 'Čísla a reťazce' },
        tasks: [
          {
            type: 1,
            html: {
              en: '<h2>Numbers and strings</h2><p><code>int</code> holds whole numbers, <code>float</code> decimals and <code>str</code> text. <code>int("42")</code> turns text into a number.</p>',
              sk: '<h2>Čísla a reťazce</h2><p><code>int</code> uchováva celé čísla, <code>float</code> desatinné a <code>str</code> text. <code>int("42")</code> zmení text na číslo.</p>',
            },
          },
        ],
      },
      allQuestionTypesLesson,
      programmingLesson,
    ],
  },
  {
    name: { en: 'Decisions', sk: 'Rozhodovanie' },
    lessons: [
      {
        name: { en: 'The if statement', sk: 'Príkaz if' },
        tasks: [
          {
            type: 1,
            html: {
              en: '<h2>if and else</h2><pre><code>if age &gt;= 18:\n    print("adult")\nelse:\n    print("young")</code></pre><p>The indented block runs only when the condition is true.</p>',
              sk: '<h2>if a else</h2><pre><code>if vek &gt;= 18:\n    print("dospelý")\nelse:\n    print("mladý")</code></pre><p>Odsadený blok sa vykoná, len keď platí podmienka.</p>',
            },
          },
          question({ en: 'Which keyword starts the alternative branch?', sk: 'Ktoré kľúčové slovo začína alternatívnu vetvu?' }, [
            { en: 'else', sk: 'else' },
            { en: 'then', sk: 'then' },
            { en: 'otherwise', sk: 'otherwise' },
          ]),
        ],
      },
    ],
  },
  {
    name: { en: 'Practice: conditions', sk: 'Cvičenie: podmienky' },
    type: 3,
    lessons: [
      {
        name: { en: 'Even or odd', sk: 'Párne alebo nepárne' },
        tasks: [
          program(
            { en: 'Even or odd', sk: 'Párne alebo nepárne' },
            { en: 'Read a whole number and print even or odd.', sk: 'Načítajte celé číslo a vypíšte even alebo odd.' },
            'parity.py',
            'n = int(input())\nprint("even" if n % 2 == 0 else "odd")\n',
            'case = even\ninput = 4\noutput = even\n',
          ),
        ],
      },
      {
        name: { en: 'Comparing numbers', sk: 'Porovnávanie čísel' },
        tasks: [
          {
            type: 1,
            html: {
              en: '<h2>Comparing numbers</h2><p>The operators <code>&lt;</code>, <code>&gt;</code>, <code>==</code> and <code>!=</code> compare two values and give <code>True</code> or <code>False</code>:</p><pre><code>print(3 &lt; 5)\nprint(2 == 3)</code></pre>',
              sk: '<h2>Porovnávanie čísel</h2><p>Operátory <code>&lt;</code>, <code>&gt;</code>, <code>==</code> a <code>!=</code> porovnajú dve hodnoty a vrátia <code>True</code> alebo <code>False</code>:</p><pre><code>print(3 &lt; 5)\nprint(2 == 3)</code></pre>',
            },
          },
        ],
      },
    ],
  },
  {
    name: { en: 'Weekly quiz', sk: 'Týždenný kvíz' },
    type: 2,
    competition: { time_limit: 900 },
    lessons: [
      {
        name: { en: 'Quiz', sk: 'Kvíz' },
        tasks: [
          question({ en: 'Which function reads a line from the keyboard?', sk: 'Ktorá funkcia načíta riadok z klávesnice?' }, [
            { en: 'input()', sk: 'input()' },
            { en: 'read()', sk: 'read()' },
            { en: 'scan()', sk: 'scan()' },
          ]),
        ],
      },
    ],
  },
  {
    name: { en: 'Class challenge', sk: 'Triedna výzva' },
    type: 2,
    competition: { time_limit: 1800, key: 'python-demo' },
    lessons: [
      {
        name: { en: 'Challenge', sk: 'Výzva' },
        tasks: [
          question({ en: 'What is the type of 3.5?', sk: 'Aký typ má 3.5?' }, [
            { en: 'float', sk: 'float' },
            { en: 'int', sk: 'int' },
            { en: 'str', sk: 'str' },
          ]),
        ],
      },
    ],
  },
];

const content = (en: string, sk: string): DemoTask => ({ type: 1, html: { en, sk } });
/** The chapters of a small demo course: one chapter with one lesson of one task. */
const oneLesson = (chapter: Texts, lesson: Texts, task: DemoTask): DemoChapter[] => [{ name: chapter, lessons: [{ name: lesson, tasks: [task] }] }];

/** Two categories, four areas, four courses (spec/1 demo catalogue). */
export const demoCatalogue: DemoCategory[] = [
  {
    name: { en: 'Programming', sk: 'Programovanie' },
    color: '#1565C0',
    areas: [
      {
        name: { en: 'Python', sk: 'Python' },
        color: '#306998',
        icon: pythonIcon,
        courses: [
          {
            name: { en: 'Python basics', sk: 'Základy Pythonu' },
            description: { en: 'Your first steps in programming with Python.', sk: 'Prvé kroky v programovaní s Pythonom.' },
            detail: {
              en: '<p>This course teaches the core of Python: printing, variables, numbers, strings and decisions. No previous experience is needed.</p>',
              sk: '<p>Kurz učí základy Pythonu: výpis, premenné, čísla, reťazce a rozhodovanie. Nepotrebujete žiadne predchádzajúce skúsenosti.</p>',
            },
            extension: 'py',
            template: 'text/x-python',
            chapters: pythonBasicsChapters,
          },
          {
            name: { en: 'Python for data', sk: 'Python pre dáta' },
            description: { en: 'Lists, dictionaries and files.', sk: 'Zoznamy, slovníky a súbory.' },
            detail: { en: '<p>Work with collections of data in Python.</p>', sk: '<p>Práca s kolekciami dát v Pythone.</p>' },
            extension: 'py',
            template: 'text/x-python',
            chapters: withNotebookLesson(
              oneLesson(
                { en: 'Lists', sk: 'Zoznamy' },
                { en: 'Creating lists', sk: 'Vytváranie zoznamov' },
                content('<h2>Lists</h2><p><code>nums = [1, 2, 3]</code> stores three numbers in order.</p>', '<h2>Zoznamy</h2><p><code>cisla = [1, 2, 3]</code> uloží tri čísla za sebou.</p>'),
              ),
            ),
          },
        ],
      },
      {
        name: { en: 'Web', sk: 'Web' },
        color: '#E44D26',
        icon: svgIcon('#E44D26', '</>'),
        courses: [
          {
            name: { en: 'HTML and CSS basics', sk: 'Základy HTML a CSS' },
            description: { en: 'Build your first web page.', sk: 'Vytvorte svoju prvú webovú stránku.' },
            detail: { en: '<p>Elements, attributes and styles.</p>', sk: '<p>Elementy, atribúty a štýly.</p>' },
            extension: 'html',
            template: 'text/html',
            chapters: [
              {
                name: { en: 'Elements', sk: 'Elementy' },
                lessons: [
                  {
                    name: { en: 'Headings and paragraphs', sk: 'Nadpisy a odseky' },
                    tasks: [
                      content('<h2>Headings</h2><p><code>&lt;h1&gt;</code> is the main heading, <code>&lt;p&gt;</code> a paragraph.</p>', '<h2>Nadpisy</h2><p><code>&lt;h1&gt;</code> je hlavný nadpis, <code>&lt;p&gt;</code> odsek.</p>'),
                      // The starter page fails one rule (three items).
                      webPage(
                        { en: 'A shopping list', sk: 'Nákupný zoznam' },
                        { en: 'Complete the page: keep the heading and list at least three things to buy.', sk: 'Doplňte stránku: ponechajte nadpis a uveďte aspoň tri veci na nákup.' },
                        shoppingStarter,
                        shoppingSolution,
                        [
                          [1, ['<h1'], [1]],
                          [1, ['<li>'], [3]],
                          [7, ['<li', '</li>'], []],
                        ],
                      ),
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
  {
    name: { en: 'Languages', sk: 'Jazyky' },
    color: '#2E7D32',
    areas: [
      {
        name: { en: 'English', sk: 'Angličtina' },
        color: '#2E7D32',
        icon: svgIcon('#2E7D32', 'EN'),
        courses: [
          {
            name: { en: 'English for programmers', sk: 'Angličtina pre programátorov' },
            description: { en: 'The words you meet in code and documentation.', sk: 'Slová, ktoré stretnete v kóde a dokumentácii.' },
            detail: { en: '<p>Vocabulary of programming.</p>', sk: '<p>Slovná zásoba programovania.</p>' },
            extension: '',
            template: '',
            chapters: oneLesson(
              { en: 'Vocabulary', sk: 'Slovná zásoba' },
              { en: 'Loops and branches', sk: 'Cykly a vetvenie' },
              content('<h2>Loop</h2><p>A <em>loop</em> repeats a block of code.</p>', '<h2>Cyklus</h2><p><em>Loop</em> (cyklus) opakuje blok kódu.</p>'),
            ),
          },
        ],
      },
      {
        name: { en: 'Slovak', sk: 'Slovenčina' },
        color: '#0B4EA2',
        icon: svgIcon('#0B4EA2', 'SK'),
        courses: [],
      },
    ],
  },
];
