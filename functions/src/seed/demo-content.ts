/**
 * Demo course "Python basics" in English (1) and Slovak (2): chapters, lessons and content tasks
 * (type 1). Later issues add their task types here.
 */
type Texts = { en: string; sk: string };

export interface DemoLesson {
  name: Texts;
  tasks: Array<{ type: 1; html: Texts }>;
}
export interface DemoChapter {
  name: Texts;
  lessons: DemoLesson[];
}

const pythonIcon =
  'data:image/svg+xml;base64,' +
  Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="#306998"/><path d="M20 18h18a6 6 0 0 1 6 6v10H26a6 6 0 0 0-6 6v6h-2a6 6 0 0 1-6-6V30a6 6 0 0 1 6-6h16v-2H20z" fill="#FFD43B"/><circle cx="26" cy="22" r="2" fill="#306998"/></svg>',
  ).toString('base64');

export const demoCatalogue = {
  category: { name: { en: 'Programming', sk: 'Programovanie' }, color: '#1565C0' },
  area: { name: { en: 'Python', sk: 'Python' }, color: '#306998', icon: pythonIcon },
  course: {
    name: { en: 'Python basics', sk: 'Základy Pythonu' },
    description: {
      en: 'Your first steps in programming with Python.',
      sk: 'Prvé kroky v programovaní s Pythonom.',
    },
    detail: {
      en: '<p>This course teaches the core of Python: printing, variables, numbers, strings and decisions. No previous experience is needed.</p>',
      sk: '<p>Kurz učí základy Pythonu: výpis, premenné, čísla, reťazce a rozhodovanie. Nepotrebujete žiadne predchádzajúce skúsenosti.</p>',
    },
  },
};

export const demoChapters: DemoChapter[] = [
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
        ],
      },
    ],
  },
];

export const demoAccounts = [
  { email: 'admin@example.com', password: 'admin-demo', role_id: 2, name: 'Ada', surname: 'Admin', nickname: 'admin' },
  { email: 'teacher@example.com', password: 'teacher-demo', role_id: 1, name: 'Tomas', surname: 'Teacher', nickname: 'teacher' },
  { email: 'student@example.com', password: 'student-demo', role_id: 1, name: 'Sara', surname: 'Student', nickname: 'student' },
] as const;
