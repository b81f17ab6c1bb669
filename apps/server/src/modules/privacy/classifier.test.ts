import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assessRisk,
  classifyLexicon,
  classifyRisk,
  classifyRiskExhaustive,
  modelVersion,
  requiredWords,
} from './classifier';
import { answers } from './evaluation/answers';
import { evaluateAll, evaluateBlind } from './evaluation/evaluate';
import { holdout } from './evaluation/holdout';
import { holdout2 } from './evaluation/holdout-2';
import { english } from './lexicon-en';
import { spanish } from './lexicon-es';
import { compilePattern, normalize } from './normalize';
import { conceptRules } from './rules';

const categories = (text: string) => classifyRisk(text).map((s) => s.category);

describe('safeguarding classifier', () => {
  it.each([
    ['Sometimes I want to die', 'self_harm'],
    ["I've been cutting myself since summer", 'self_harm'],
    ['my stepdad hits me when he drinks', 'abuse'],
    ['I am not safe at home', 'abuse'],
    ['I want to bring a gun to school', 'danger_to_others'],
    ['I get bullied every day on the bus', 'bullying'],
    ['they keep picking on me online', 'bullying'],
  ])('flags "%s" as %s', (text, category) => {
    expect(categories(text)).toContain(category);
  });

  // The four answers the fieldwork check found missed (issue 10).
  it.each([
    ['kms', 'self_harm'],
    ["someone at school has a gun and said he'll use it", 'danger_to_others'],
    ['an older guy online keeps asking for pics of me', 'exploitation'],
    ['Quiero morir', 'self_harm'],
  ])('catches the missed answer "%s" as %s, with high severity', (text, category) => {
    expect(classifyRisk(text)).toContainEqual({ category, severity: 'high' });
  });

  it.each([
    ['k1ll mys3lf', 'self_harm'],
    ['i wanna diiiie', 'self_harm'],
    ['i want to unalive myself', 'self_harm'],
    ['ppl keep telling me to kys', 'bullying'],
    ['im saving my 💊💊 for when i cant take it', 'self_harm'],
    ['bringing a 🔫 to school monday', 'danger_to_others'],
    ['me quiero matar', 'self_harm'],
    ['mi padrastro me pega', 'abuse'],
    ['me corto', 'self_harm'],
    ['ｋｍｓ', 'self_harm'],
    ['dont want to be alive', 'self_harm'],
    ['i make myself throw up after i eat', 'eating_disorder'],
    ['i smoke weed every day before school', 'substance_use'],
    ['my mom kicked me out and i have nowhere to sleep', 'running_away'],
  ])('reads teen writing: "%s" → %s', (text, category) => {
    expect(categories(text)).toContain(category);
  });

  // A plain disclosure after ordinary words, with no sentence break for the veto's re-read to find.
  // The whole answer is all the model reads, so a retrain that scores it under the veto would talk the
  // word lists out of it: version 20's first build did, for the first one (decision 036, addendum 10).
  it.each([
    ['I get bullied every day and sometimes I want to die', 'self_harm'],
    ['school is ok i guess and my friends are fine but sometimes i want to kill myself', 'self_harm'],
    ['me hacen bullying todos los dias y a veces quiero morirme', 'self_harm'],
    ['my parents are divorced and my stepdad hits me when my mom is at work', 'abuse'],
    ['the food in the cafeteria is bad and im going to bring a gun to school', 'danger_to_others'],
  ])('raises a plain disclosure after ordinary words: "%s" → %s', (text, category) => {
    expect(categories(text)).toContain(category);
  });

  // One sentence of disclosure among four ordinary ones: read whole, the model scores it near zero, and
  // no word list holds 'scratch my arms with a paperclip'. The sentence read alone raises it.
  it.each([
    [
      'this semester has been pretty chill honestly. i joined robotics club and we are building a little rover for the spring fair. my best friend moved next door so we walk to school together now. i have been sneaking out to the bathroom at lunch to scratch my arms with a paperclip until they bleed. also the new cafeteria tacos are actually good and my sister finally got her license',
      'self_harm',
    ],
    [
      'mi semana estuvo normal, el lunes tuve examen de inglés y me fue bien. el miércoles fuimos al parque con mis primos y jugamos fútbol hasta tarde. mi tío el que vive con nosotros me toca cuando mi mamá no está y me dice que me calle. el viernes vamos a ver una película nueva y estoy emocionada',
      'abuse',
    ],
  ])('raises a disclosure diluted by the ordinary sentences around it: %s', (text, category) => {
    expect(categories(text)).toContain(category);
  });

  // A run-on joined by commas has no sentence to read alone: its pieces are read instead.
  it('raises a disclosure that is one clause of a run-on joined by commas', () => {
    expect(
      categories(
        'el finde fuimos al mercado con mi abuela y compramos fruta, luego jugamos fútbol en la cancha del barrio, en la noche mi padrastro llegó borracho y me agarró del cuello contra la pared hasta que no podía respirar, y el domingo fuimos a misa y comimos pupusas',
      ),
    ).toContain('abuse');
  });

  it('does not raise a long harmless answer for one vivid sentence in it', () => {
    expect(
      assessRisk(
        'we watched a horror movie where the killer stabs everyone at the lake, it was so good. my friends screamed the whole time. then we got pizza and went home',
      ).raised,
    ).toEqual([]);
  });

  it('raises a denial one severity lower instead of dropping it', () => {
    expect(classifyRisk('I would never hurt myself')).toEqual([
      { category: 'self_harm', severity: 'medium' },
    ]);
    expect(classifyRisk('I want to hurt myself')).toEqual([{ category: 'self_harm', severity: 'high' }]);
  });

  it('does not raise danger to others when the only one harmed is the writer', () => {
    // Version 8's network read 'hurt' as a threat: when the model alone says danger to others and the
    // only one harmed is the writer, it is at most held for the moderator beside the self-harm
    // incident, never raised, so the 988 line leads the help and not 911.
    const alone = assessRisk('sometimes I think about hurting myself');
    expect(alone.raised).toEqual([{ category: 'self_harm', severity: 'high' }]);
    // Someone else named: both are raised, danger to others first.
    expect(categories('im gonna hurt him and then myself')).toEqual(['self_harm', 'danger_to_others']);
    expect(categories('I want to hurt the people who bully me and then kill myself')).toContain(
      'danger_to_others',
    );
    // Matched on normalized text, where doubled letters are single ('bully' is 'buly').
    expect(categories('i want to hurt the bully and then myself')).toContain('danger_to_others');
  });

  it('raises reported speech about a friend at risk', () => {
    expect(categories('my friend said she wants to die')).toEqual(['self_harm']);
    expect(categories('mi amiga dice que se quiere morir')).toEqual(['self_harm']);
  });

  it('lists the most serious first', () => {
    const found = classifyRisk('they bully me so much that i want to kms').map((s) => s.category);
    expect(found[0]).toBe('self_harm');
    expect(found).toContain('bullying');
    expect(found.indexOf('self_harm')).toBeLessThan(found.indexOf('bullying'));
  });

  it.each([
    ['I love the coding club, it is the best part of my week'],
    ['The bus is late and the food is bad'],
    ['I would die for more pizza days lol'],
    ['this homework is killing me'],
    ['the game was sick'],
    ['I shot a great photo'],
    ["I'm dying to see the movie"],
    ['that test murdered me'],
    ['killed it at practice'],
    ['my phone is dead'],
    ['dead tired'],
    ['to die for pizza'],
    ['se me muere el celular'],
    ['me corto el pelo mañana'],
    ['my brother beat me at mario kart'],
    ['me molestan mucho los mosquitos'],
  ])('leaves "%s" alone', (text) => {
    expect(classifyRisk(text)).toEqual([]);
  });

  it('normalises accents, leetspeak, look-alikes, stretched letters and missing apostrophes', () => {
    expect(normalize('Qu1ero MORIIIR, después')).toBe('quiero morir despues');
    expect(normalize("i don't wanna")).toBe('i dont want to');
    expect(normalize('$uicid3!!!')).toBe('suicide');
  });

  it("keeps words that are names on every JavaScript object ('constructor', 'toString') as words", () => {
    expect(normalize('my constructor said hi')).toBe('my constructor said hi');
    expect(normalize('__proto__ hasOwnProperty valueOf')).toBe('proto hasownproperty valueof');
    expect(normalize('2day i walk 2 school at 7')).toBe('today i walk to schol at');
  });

  it('meets the bar on the labelled evaluation set, held-out check included', () => {
    const reports = evaluateAll();
    for (const report of reports) expect(report.failures).toEqual([]);
    const all = reports.find((r) => r.name === 'all')!;
    expect(all.answers).toBeGreaterThanOrEqual(300);
    expect(all.negatives).toBeGreaterThanOrEqual(80);
    for (const c of all.categories) expect(c.support, c.category).toBeGreaterThan(5);
  });
});

/** A pattern's source without its `(?!…)` groups (balanced). */
function withoutLookAheads(source: string): string {
  let out = '';
  for (let i = 0; i < source.length; i++) {
    if (!source.startsWith('(?!', i)) {
      out += source[i];
      continue;
    }
    let depth = 1;
    let j = i + 1;
    for (; j < source.length && depth > 0; j++) {
      if (source[j] === '(') depth++;
      else if (source[j] === ')') depth--;
    }
    i = j - 1;
  }
  return out;
}

describe('the word pre-check', () => {
  it('finds what running every pattern finds, on every evaluation answer', () => {
    for (const { text } of [...answers, ...holdout, ...holdout2]) {
      expect(classifyLexicon(text), text).toEqual(classifyRiskExhaustive(text));
    }
  });

  it('finds what running every pattern finds, on texts made to match each pattern', () => {
    const patterns = [...Object.values(english), ...Object.values(spanish)]
      .flat()
      .map((source) => compilePattern(source).source)
      // The pattern's own part, without the look-aheads the generator cannot write.
      .map((source) => withoutLookAheads(source.slice('(?:^| )'.length, -'(?= |$)'.length)))
      .map((source) => new RegExp(`^${source}$`));
    const texts = fc.oneof(...patterns.map((pattern) => fc.stringMatching(pattern)));
    fc.assert(
      fc.property(fc.tuple(fc.constantFrom('', 'i think ', 'my friend said '), texts), ([before, text]) => {
        expect(classifyLexicon(before + text)).toEqual(classifyRiskExhaustive(before + text));
      }),
      { numRuns: 1_000 },
    );
  });

  it('requires a word of a plain group, and nothing an optional part or a quantifier leaves out', () => {
    expect(requiredWords(compilePattern('(bleed|blood) on purpose'))).toEqual([' on purpose']);
    expect(requiredWords(compilePattern('locks? me (out|in)'))).toEqual(['lock']);
    expect(requiredWords(compilePattern('(abused|raped) (a lot)?'))).toEqual(['abused', 'raped']);
    expect(requiredWords(compilePattern('(so |im )?done with (life|living)'))).toEqual(['done with ']);
  });
});

describe('the learned layer (issue 22)', () => {
  it('runs a trained model, not the placeholder', () => {
    expect(modelVersion).toMatch(/^mlp\d+-corpus-\d+/);
  });

  /**
   * The bar of issue 22 is not met yet (docs/benchmarks.md). These are the first-run figures of the
   * model in use, version 21, with the layer as it runs (sentences and run-on pieces read alone), on
   * the blind sets written while it trained and never read by its training
   * (bench/results/safeguarding-v21-first-run.txt). Earlier blind sets train since they were scored
   * (`TRAINING_BLINDS`), so they measure nothing and are not held here. Until the bar is met, CI holds
   * the layer to these figures, so no change makes it worse unseen; `npx tsx bench/safeguarding.ts
   * --floors` prints these rows, and without it the bench fails while the bar is unmet.
   */
  it.each([
    ['blind 58', { self_harm: 0.97, abuse: 1, exploitation: 1, danger_to_others: 1 }, 0.97, 0.91],
    ['blind 59', { self_harm: 0.95, abuse: 0.95, exploitation: 1, danger_to_others: 1 }, 0.97, 0.93],
    ['blind 60', { self_harm: 0.95, abuse: 0.98, exploitation: 0.97, danger_to_others: 0.97 }, 0.96, 0.9],
    ['blind 61', { self_harm: 0.95, abuse: 1, exploitation: 0.93, danger_to_others: 1 }, 0.97, 0.91],
  ] as const)(
    'holds its figures on %s, which neither its writers nor its training read',
    (name, floor, recall, precision, raisedHarmless: number = 0.1, heldHarmless: number = 0.05) => {
      const blind = evaluateBlind().find((r) => r.name === name)!;
      expect(blind.answers).toBeGreaterThanOrEqual(250);
      for (const [category, min] of Object.entries(floor)) {
        const figures = blind.categories.find((c) => c.category === category)!;
        expect(figures.recall, category).toBeGreaterThanOrEqual(min);
      }
      expect(blind.recall).toBeGreaterThanOrEqual(recall);
      expect(blind.precision).toBeGreaterThanOrEqual(precision);
      expect(blind.falseAlarms.length / blind.negatives).toBeLessThanOrEqual(raisedHarmless);
      expect(blind.heldShare).toBeLessThanOrEqual(heldHarmless);
    },
  );

  it.each([
    [
      'an older person online plus secrecy',
      'a guy from discord, hes 23, says not to tell my mom we talk',
      'exploitation',
    ],
    ['an older person plus money', 'this man from roblox sends me robux every week', 'exploitation'],
    ['an age gap in numbers plus meeting', 'hes 26 and wants to pick me up after school', 'exploitation'],
    [
      'images plus a threat to share them',
      'she says she will post the pics i sent unless i send more',
      'exploitation',
    ],
    ['a method plus a time', 'the rope is in my closet for sunday', 'self_harm'],
    ['a method plus intent', 'been saving my moms sleeping pills, almost enough', 'self_harm'],
    ['finality', 'gave away my xbox, i wont need it after this week', 'self_harm'],
    ['finality in Spanish', 'esta es mi ultima encuesta, ya no voy a estar aqui', 'self_harm'],
    [
      'being made to hold what is not yours',
      'the older kids on my block make me keep their bags at my house, i cant say no',
      'exploitation',
    ],
    [
      'being made to carry, in Spanish',
      'me obligan a llevar unos paquetes al otro barrio cada viernes',
      'exploitation',
    ],
    ['work with papers taken', 'the lady we clean for keeps our passports so we cant leave', 'exploitation'],
    [
      'intimate images spread',
      'someone airdropped nudes of me to half the school and i never sent them to anyone',
      'exploitation',
    ],
    ['a parent who throws the teen out', 'my stepdad changed the locks while i was at practice', 'abuse'],
    [
      'a parent who throws the teen out, in Spanish',
      'mi papá me sacó de la casa y no sé dónde dormir',
      'abuse',
    ],
    [
      'being thrown out of home, with no one named',
      'me echaron de la casa por mi vape, dormí en el parque',
      'abuse',
    ],
    ['being thrown out for coming out', 'got kicked out bc i came out, staying at a friends', 'abuse'],
    [
      'a parent who throws the teen out, told bare',
      'mis papás me corrieron cuando supieron que tengo novia',
      'abuse',
    ],
    [
      'neglect told as facts',
      'parents have been gone almost 2 weeks, im watching my little brothers and theres no food left',
      'abuse',
    ],
    ['neglect told as facts, in Spanish', 'mis papás se fueron hace dos semanas y no hay comida', 'abuse'],
    [
      'being paid to drop off what you must not open',
      'a guy pays me to take a bag to an address, i dont know whats in it',
      'exploitation',
    ],
    ['being paid to watch for the police', 'me pagan por avisar cuando viene la patrulla', 'exploitation'],
    ['a farewell letter', 'ya escribí mi carta de despedida', 'self_harm'],
  ])('a concept rule catches %s', (_, text, category) => {
    expect(conceptRules(text)).toContain(category);
  });

  it.each([
    ['my coach is strict but fair'],
    ['we went to the bridge for a photo on sunday'],
    ['i take my allergy pills every morning'],
    ['my grandma sends me money for my birthday'],
    ['my mom kicked me out of the kitchen for eating the cookie dough'],
    ['my mom makes me carry the groceries up three floors'],
    ['we posted photos of the game on the team page'],
    ['mi mamá guarda mi pasaporte en su cajón'],
    ['mi mamá me echó la culpa por lo del vaso roto'],
    ['me echaron de clase por el celular y mi papá se enojó'],
    ['mi abuela me echó sábila en la quemadura'],
    ['nos echaron de la casa porque el dueño la vendió'],
    ['we got kicked out of the house party at midnight lol'],
    ['my parents went to a wedding for 2 days and my grandma stayed with us'],
    ['i deliver pizzas on weekends and the tips are good'],
    ['my mom asked me to take a bag of clothes to an address across town for the donation drive'],
    ['este es mi último año en el cole'],
    ['la última vez que fui a la playa me quemé'],
    ['mañana es la fiesta de despedida del profe'],
    ['el sábado voy a estar en el partido de mi hermano'],
  ])('the concept rules leave "%s" alone', (text) => {
    expect(conceptRules(text)).toEqual([]);
  });

  it.each([
    ['empty', ''],
    ['spaces', '   \n\t '],
    ['10,000 characters', 'ok '.repeat(3_334).slice(0, 10_000)],
    ['emoji only', '😭🔪💊'.repeat(500)],
    ['mixed scripts', 'я хочу умереть 死にたい أريد أن أموت'],
    ['a NUL byte', 'i want\u0000 to die'],
    ['lone surrogates', 'i want \ud800 to \udc00 die'],
  ])('answers bad input (%s) without throwing', (_, text) => {
    const assessment = assessRisk(text);
    expect(Array.isArray(assessment.raised)).toBe(true);
    expect(Array.isArray(assessment.concerns)).toBe(true);
  });

  it.each([
    ['More clubs after school that are actually fun, like coding or music production.'],
    ['Teachers who explain why we learn things.'],
    ['Free snacks'],
    ['Somewhere to hang out that is not a shop and not outside in the rain.'],
    ['I wish the library opened on Sundays'],
    ['Cheaper tickets for teens at the weekend.'],
    ['Mejor wifi en la biblioteca'],
    // Bare everyday answers, what surveys get most (version 11 raised "Not much" as self-harm)
    ['Not much'],
    ['idk'],
    ['nothing really'],
    ['all good'],
    ['No.'],
    ['n/a'],
    ['meh'],
    ['It was fine'],
    ['nada'],
    ['no sé'],
    ['todo bien'],
  ])('leaves the ordinary answer "%s" alone: neither raised nor held', (text) => {
    expect(assessRisk(text)).toEqual({ raised: [], concerns: [] });
  });

  it.each([
    ['i am going to put my bullies in the hospital'],
    ['me hacen bullying en la escuela y los voy a matar'],
  ])('raises danger to others, not only bullying, for the threat "%s"', (text) => {
    expect(classifyRisk(text).map((s) => s.category)).toContain('danger_to_others');
  });

  it('reads a NUL byte as a space, not as the end of the answer', () => {
    expect(classifyRisk('i want\u0000to die').map((s) => s.category)).toContain('self_harm');
  });

  it('reads a word-list hit in its own sentence, so ordinary sentences around it do not veto it', () => {
    const answer =
      'school is fine and i like my friends and the teachers are ok. i want to kill myself. school is fine.';
    expect(assessRisk(answer).raised.map((s) => s.category)).toContain('self_harm');
  });

  it('finds a disclosure buried in a long answer', () => {
    const filler = 'school is fine and i like my friends and the teachers are ok. '.repeat(60);
    expect(classifyRisk(`${filler} i want to kill myself. ${filler}`).map((s) => s.category)).toContain(
      'self_harm',
    );
  });

  it('never holds a category it raises', () => {
    for (const { text } of [...answers, ...holdout]) {
      const { raised, concerns } = assessRisk(text);
      for (const c of concerns) expect(raised.map((r) => r.category)).not.toContain(c.category);
    }
  });
});
