/**
 * The demo lesson "Programming tasks" (issue 12): a test-case program (type 8) in Python and one in Java,
 * a unit-test program (type 9, Python unittest) and an SQL task (type 10), each with a working author
 * solution, in English and Slovak, stored in the shapes of spec/2 §3 (content by type 8-10).
 */
import { PYTHON_UNITTEST_EVALUATE } from '../judge/languages/templates';
import type { DemoLesson, DemoTask, Texts } from './content';
import { sqlDefaultConfigFiles } from '@lectio/shared';

type Lang = 'en' | 'sk';
interface NamedFile {
  name: string;
  content: string;
}
interface ProgramSpec {
  type: 8 | 9 | 10;
  title: Texts;
  assignment: Texts;
  help: Texts;
  /** Requested files: the learner's starting code and the author's solution. */
  files: Array<{ name: string; start: string; solution: string }>;
  testCases?: string;
  configFiles?: NamedFile[];
  filesToKeep?: NamedFile[];
}

const EMPTY_SCRIPTS: NamedFile[] = ['vpl_run.sh', 'vpl_debug.sh', 'vpl_evaluate.sh'].map((name) => ({ name, content: '' }));

function programTask(p: ProgramSpec): DemoTask {
  const configFiles = p.configFiles ?? EMPTY_SCRIPTS;
  const filesToKeep = p.filesToKeep ?? [];
  const content = (l: Lang) =>
    JSON.stringify({
      title: p.title[l],
      assignment: `<p>${p.assignment[l]}</p>`,
      files: p.files.map((f) => ({ name: f.name, rContent: f.start, aContent: f.solution })),
      testCases: p.testCases ?? '',
      filesToKeep,
      configFiles,
      help: `<p>${p.help[l]}</p>`,
    });
  return {
    type: p.type,
    html: { en: content('en'), sk: content('sk') },
    globals: JSON.stringify({ files: { files: p.files.map((f) => f.name), filesToKeep: filesToKeep.map((f) => f.name), configFiles: configFiles.map((f) => f.name) } }),
    max_score: 20,
  };
}

export const PYTHON_SUM_CASES = [
  'case = three',
  'input = 3',
  'output = 6',
  '',
  'case = ten',
  'input = 10',
  'output = 55',
  '',
  'case = zero',
  'input = 0',
  'output = 0',
  '',
].join('\n');

export const JAVA_MAX_CASES = [
  'case = middle',
  'input = 3 7 5',
  'output = 7',
  '',
  'case = first',
  'input = 9 1 2',
  'output = 9',
  '',
  'case = negative',
  'input = -4 -1 -7',
  'output = -1',
  '',
].join('\n');

const RECTANGLE_TESTS = `import unittest
from rectangle import area, perimeter


class TestArea(unittest.TestCase):
    def test_area_square(self):
        """area of a 3 x 3 square"""
        self.assertEqual(area(3, 3), 9)

    def test_area_rectangle(self):
        """area of a 2 x 5 rectangle"""
        self.assertEqual(area(2, 5), 10)


class TestPerimeter(unittest.TestCase):
    def test_perimeter_square(self):
        """perimeter of a 3 x 3 square"""
        self.assertEqual(perimeter(3, 3), 12)

    def test_perimeter_rectangle(self):
        """perimeter of a 2 x 5 rectangle"""
        self.assertEqual(perimeter(2, 5), 14)
`;

const sqlConfig = (): NamedFile[] =>
  sqlDefaultConfigFiles().map((f) => {
    if (f.name === 'dataset3.sql') return { name: f.name, content: "INSERT INTO person VALUES (1, 'Zoe', 18), (2, 'Adam', 70), (3, 'Eva', 5);\n" };
    return { name: f.name, content: typeof f.content === 'string' ? f.content : '' };
  });

export const programmingLesson: DemoLesson = {
  name: { en: 'Programming tasks', sk: 'Programovacie úlohy' },
  tasks: [
    programTask({
      type: 8,
      title: { en: 'Sum from 1 to n', sk: 'Súčet od 1 po n' },
      assignment: {
        en: 'Read a whole number <code>n</code> and print the sum 1 + 2 + … + n (0 when n is 0).',
        sk: 'Načítajte celé číslo <code>n</code> a vypíšte súčet 1 + 2 + … + n (0, keď je n rovné 0).',
      },
      help: { en: '<code>range(1, n + 1)</code> gives the numbers 1 to n.', sk: '<code>range(1, n + 1)</code> dáva čísla 1 až n.' },
      files: [{ name: 'total.py', start: 'n = int(input("n = "))\n', solution: 'n = int(input("n = "))\nprint(sum(range(1, n + 1)))\n' }],
      testCases: PYTHON_SUM_CASES,
    }),
    programTask({
      type: 8,
      title: { en: 'The largest of three (Java)', sk: 'Najväčšie z troch (Java)' },
      assignment: {
        en: 'Read three whole numbers on one line and print the largest of them.',
        sk: 'Načítajte tri celé čísla z jedného riadku a vypíšte najväčšie z nich.',
      },
      help: { en: 'Start from the first number, not from 0: all three may be negative.', sk: 'Začnite prvým číslom, nie nulou: všetky tri môžu byť záporné.' },
      files: [
        {
          name: 'Main.java',
          start: 'import java.util.Scanner;\n\npublic class Main {\n    public static void main(String[] args) {\n        Scanner in = new Scanner(System.in);\n    }\n}\n',
          solution:
            'import java.util.Scanner;\n\npublic class Main {\n    public static void main(String[] args) {\n        Scanner in = new Scanner(System.in);\n        int max = in.nextInt();\n        for (int i = 0; i < 2; i++) max = Math.max(max, in.nextInt());\n        System.out.println(max);\n    }\n}\n',
        },
      ],
      testCases: JAVA_MAX_CASES,
    }),
    programTask({
      type: 9,
      title: { en: 'Rectangle functions (unit tests)', sk: 'Funkcie obdĺžnika (unit testy)' },
      assignment: {
        en: 'Write the functions <code>area(w, h)</code> and <code>perimeter(w, h)</code> of a rectangle. Unit tests check them.',
        sk: 'Napíšte funkcie <code>area(w, h)</code> a <code>perimeter(w, h)</code> obdĺžnika. Kontrolujú ich unit testy.',
      },
      help: { en: 'The perimeter is 2 × (w + h).', sk: 'Obvod je 2 × (w + h).' },
      files: [
        {
          name: 'rectangle.py',
          start: 'def area(w, h):\n    pass\n\n\ndef perimeter(w, h):\n    pass\n',
          solution: 'def area(w, h):\n    return w * h\n\n\ndef perimeter(w, h):\n    return 2 * (w + h)\n',
        },
      ],
      configFiles: [
        { name: 'vpl_run.sh', content: '' },
        { name: 'vpl_debug.sh', content: '' },
        { name: 'vpl_evaluate.sh', content: PYTHON_UNITTEST_EVALUATE },
        { name: 'test_rectangle.py', content: RECTANGLE_TESTS },
      ],
    }),
    programTask({
      type: 10,
      title: { en: 'Adults (SQL)', sk: 'Dospelí (SQL)' },
      assignment: {
        en: 'The table <code>person(id, name, age)</code> holds people. Write a query that lists the names of the adults (18 or older) in alphabetical order.',
        sk: 'Tabuľka <code>person(id, name, age)</code> obsahuje osoby. Napíšte dopyt, ktorý vypíše mená dospelých (18 a viac rokov) v abecednom poradí.',
      },
      help: { en: 'Use WHERE age &gt;= 18 and ORDER BY name.', sk: 'Použite WHERE age &gt;= 18 a ORDER BY name.' },
      files: [{ name: 'answer.sql', start: '', solution: 'SELECT name FROM person WHERE age >= 18 ORDER BY name;\n' }],
      configFiles: sqlConfig(),
    }),
  ],
};
