/**
 * The demo lesson "All question types": two or more tasks of each type 1-7 in English and Slovak,
 * with help texts, stored in the shapes of spec/2 §3 (see shared/src/tasks/content.ts).
 */
import type { DemoLesson, DemoTask, Texts } from './content';

type Lang = 'en' | 'sk';
const both = (f: (l: Lang) => string): Texts => ({ en: f('en'), sk: f('sk') });
const flags = { ignoreSpace: false, ignoreSeparators: false, caseSensitive: true, aqSome: false };

const content = (en: string, sk: string): DemoTask => ({ type: 1, html: { en, sk } });

interface Choice {
  answer: Texts;
  feedback?: Texts;
  rating: number;
}
function choice(type: 2 | 3 | 4, q: Texts, help: Texts, answers: Choice[], extra: Partial<typeof flags> = {}, maxScore = 10): DemoTask {
  return {
    type,
    html: both((l) =>
      JSON.stringify({ content: `<p>${q[l]}</p>`, help: `<p>${help[l]}</p>`, answer_list: answers.map((a) => ({ answer: a.answer[l], feedback: a.feedback?.[l] ?? '' })) }),
    ),
    globals: JSON.stringify({ ratings: answers.map((a) => a.rating), ...flags, ...extra }),
    max_score: maxScore,
  };
}

function gaps(type: 5 | 6, q: Texts, code: Texts, help: Texts, fakes: string[] = [], extra: Record<string, boolean> = {}): DemoTask {
  return {
    type,
    html: both((l) => JSON.stringify({ content: `<p>${q[l]}</p><pre><code>${code[l]}</code></pre>`, help: `<p>${help[l]}</p>`, fakes: type === 6 ? fakes : [] })),
    globals: JSON.stringify({ ignoreSpaces: true, ignoreSeparators: false, caseSensitive: true, aqSome: false, ...extra }),
    max_score: 10,
  };
}

function reorder(q: Texts, lines: string[], help: Texts): DemoTask {
  return {
    type: 7,
    html: both((l) =>
      JSON.stringify({ content: `<p>${q[l]}</p>`, help: `<p>${help[l]}</p>`, code: lines.join('\n'), codes: lines.map((line) => `<pre>${line.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</pre>`) }),
    ),
    globals: '',
    max_score: 10,
  };
}

const t = (en: string, sk: string): Texts => ({ en, sk });

export const allQuestionTypesLesson: DemoLesson = {
  name: t('All question types', 'Všetky typy otázok'),
  tasks: [
    content(
      '<h2>Practice with questions</h2><p>This lesson has every kind of question: short answers, one or more correct choices, gaps in code, drag and drop, and lines to put in order.</p>',
      '<h2>Precvičte si otázky</h2><p>Táto lekcia obsahuje všetky druhy otázok: krátke odpovede, jednu alebo viac správnych možností, medzery v kóde, presúvanie a riadky na zoradenie.</p>',
    ),
    choice(2, t('Which function prints text on the screen? Write its name without brackets.', 'Ktorá funkcia vypíše text na obrazovku? Napíšte jej názov bez zátvoriek.'), t('It is a five-letter English word for printing.', 'Je to päťpísmenové anglické slovo pre tlač.'), [
      { answer: t('print', 'print'), feedback: t('Yes, print writes to the screen.', 'Áno, print píše na obrazovku.'), rating: 100 },
      { answer: t('echo', 'echo'), feedback: t('echo is a shell command, not Python.', 'echo je príkaz shellu, nie Pythonu.'), rating: 0 },
    ]),
    choice(2, t('What is the value of 7 // 2 in Python?', 'Aká je hodnota 7 // 2 v Pythone?'), t('// divides and drops the fraction.', '// delí a zahodí desatinnú časť.'), [
      { answer: t('3', '3'), rating: 100 },
      { answer: t('3.5', '3.5'), feedback: t('That is 7 / 2; // drops the fraction.', 'To je 7 / 2; // zahodí desatinnú časť.'), rating: 20 },
    ], { ignoreSpace: true }),
    content(
      '<h2>Choices</h2><p>In the next questions pick one answer, or every answer that is right.</p>',
      '<h2>Výber</h2><p>V ďalších otázkach vyberte jednu odpoveď alebo všetky správne odpovede.</p>',
    ),
    choice(3, t('Which value is a string?', 'Ktorá hodnota je reťazec?'), t('Strings are written in quotes.', 'Reťazce sa píšu v úvodzovkách.'), [
      { answer: t('"42"', '"42"'), feedback: t('Quotes make it a string.', 'Úvodzovky z neho robia reťazec.'), rating: 100 },
      { answer: t('42', '42'), feedback: t('This is an int.', 'Toto je int.'), rating: 0 },
      { answer: t('4.2', '4.2'), feedback: t('This is a float.', 'Toto je float.'), rating: 0 },
    ]),
    choice(3, t('Which operator compares two values for equality?', 'Ktorý operátor porovná dve hodnoty na rovnosť?'), t('One = assigns, two compare.', 'Jedno = priraďuje, dve porovnávajú.'), [
      { answer: t('==', '=='), rating: 100 },
      { answer: t('=', '='), feedback: t('= assigns a value.', '= priraďuje hodnotu.'), rating: 0 },
      { answer: t('!=', '!='), feedback: t('!= means not equal.', '!= znamená nerovná sa.'), rating: 0 },
    ]),
    choice(4, t('Which of these are Python keywords?', 'Ktoré z týchto slov sú kľúčové slová Pythonu?'), t('Keywords start statements such as conditions and loops.', 'Kľúčové slová začínajú príkazy, napríklad podmienky a cykly.'), [
      { answer: t('if', 'if'), rating: 50 },
      { answer: t('while', 'while'), rating: 50 },
      { answer: t('print', 'print'), feedback: t('print is a function.', 'print je funkcia.'), rating: -50 },
      { answer: t('number', 'number'), feedback: t('Not a keyword.', 'Nie je kľúčové slovo.'), rating: -50 },
    ]),
    choice(4, t('Which values are whole numbers (int)?', 'Ktoré hodnoty sú celé čísla (int)?'), t('An int has no decimal point and no quotes.', 'Int nemá desatinnú bodku ani úvodzovky.'), [
      { answer: t('7', '7'), rating: 33.33 },
      { answer: t('-3', '-3'), rating: 33.33 },
      { answer: t('0', '0'), rating: 33.33 },
      { answer: t('"5"', '"5"'), rating: -50 },
      { answer: t('2.0', '2.0'), rating: -50 },
    ]),
    gaps(5, t('Fill in the gaps so that the program prints Hello.', 'Doplňte medzery, aby program vypísal Ahoj.'), t('§§print§§("Hello")', '§§print§§("Ahoj")'), t('The function that writes to the screen.', 'Funkcia, ktorá píše na obrazovku.')),
    gaps(5, t('Complete the condition.', 'Doplňte podmienku.'), t('§§if§§ age &gt;= 18:\n    print("adult")\n§§else§§:\n    print("young")', '§§if§§ vek &gt;= 18:\n    print("dospelý")\n§§else§§:\n    print("mladý")'), t('A condition starts with if; the other branch with else.', 'Podmienka začína if; druhá vetva else.')),
    gaps(6, t('Drag the words into the gaps to read a number.', 'Presuňte slová do medzier, aby sa načítalo číslo.'), t('n = §§int§§(§§input§§())', 'n = §§int§§(§§input§§())'), t('input reads text, int turns it into a number.', 'input načíta text, int ho zmení na číslo.'), ['str', 'read', 'float']),
    gaps(6, t('Drag the words to build a loop that prints 0 to 4.', 'Presuňte slová a zostavte cyklus, ktorý vypíše 0 až 4.'), t('§§for§§ i §§in§§ range(5):\n    print(i)', '§§for§§ i §§in§§ range(5):\n    print(i)'), t('for … in … walks over a range.', 'for … in … prechádza rozsah.'), ['while', 'of', 'each']),
    reorder(t('Put the lines in order: read a name, then greet.', 'Zoraďte riadky: načítajte meno, potom pozdravte.'), ['name = input()', 'greeting = "Hello, " + name', 'print(greeting)'], t('A variable must get its value before it is used.', 'Premenná musí dostať hodnotu skôr, než sa použije.')),
    reorder(t('Put the lines in order to print the even numbers below 6.', 'Zoraďte riadky, aby sa vypísali párne čísla menšie ako 6.'), ['for i in range(6):', '    if i % 2 == 0:', '        print(i)'], t('The loop comes first, the condition inside it.', 'Najprv je cyklus, podmienka je v ňom.')),
  ],
};
