import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  defaultAudience,
  englishHash,
  type Question,
  type Survey,
  staleTranslations,
  XLIFF_MAX_BYTES,
} from '@tv/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { demoAccounts, demoOrganizations } from '../../db/seed/demo-accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { type CookieJar, signIn } from '../../test/session';
import { question } from '../../test/surveys';
import { parseXliff } from './translation-files';

// Translation files (issue 26, point 8; decision 045): the export is valid XLIFF 2.0 by the OASIS
// core schema, an unchanged file changes nothing, a translated one fills the Spanish version, and a
// file the import cannot take is refused in words with nothing changed.

let t: TestApp;
let jordan: CookieJar; // Researcher at Northside
let alex: CookieJar; // Researcher at BrightPath
const northside = demoOrganizations.northside.id;
const fixtures = join(import.meta.dirname, 'fixtures', 'xliff');

beforeAll(async () => {
  t = await createTestApp();
  [jordan, alex] = await Promise.all([
    signIn(t.app, demoAccounts.northsideMember.email),
    signIn(t.app, demoAccounts.brightpathMember.email),
  ]);
});
afterAll(async () => {
  await t?.close();
});

const call = (jar: CookieJar, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, org?: string) =>
  t.app.inject({
    method,
    url,
    headers: { cookie: jar.header, ...(org ? { 'x-asa-organization-id': org } : {}) },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

const clubs = question('Do you take part in a club after school?', {
  description: 'Sports & arts both count.',
});
const ranking = question('How much do you agree?', {
  type: 'likert_matrix',
  options: [
    { id: 'agree', label: 'Agree' },
    { id: 'disagree', label: 'Disagree' },
  ],
  rows: [{ id: 'r1', label: 'School is <fun>' }],
});
const rating = question('How was your week?', {
  type: 'rating',
  options: [],
  scale: { min: 1, max: 5, minLabel: 'Awful', maxLabel: 'Great' },
});

async function draft(
  questions: Question[] = [clubs, ranking, rating],
  name = 'After-school life',
): Promise<Survey> {
  const created = await call(jordan, 'POST', '/v2/surveys', { type: 'long_form' }, northside);
  expect(created.statusCode).toBe(200);
  const survey: Survey = created.json().data;
  const saved = await call(jordan, 'PUT', `/v2/surveys/${survey.id}`, {
    version: survey.version,
    name,
    description: 'A short survey about clubs.',
    questions,
    audience: defaultAudience,
    tags: [],
    projectId: null,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json().data;
}

const exportOf = async (id: string, jar = jordan) => {
  const response = await call(jar, 'GET', `/v2/surveys/${id}/translations/xliff`);
  expect(response.statusCode, response.body).toBe(200);
  return response;
};
const importInto = (survey: Survey, xliff: string, jar = jordan) =>
  call(jar, 'POST', `/v2/surveys/${survey.id}/translations/xliff`, { version: survey.version, xliff });
const getSurvey = async (id: string): Promise<Survey> =>
  (await call(jordan, 'GET', `/v2/surveys/${id}`)).json().data;

/** Fills each unit's target with `[es] <source>`, as a translator's tool would. */
const translateAll = (xliff: string) =>
  xliff.replace(
    /<source>([\s\S]*?)<\/source>(\s*<target>[\s\S]*?<\/target>)?/g,
    (_all, source: string) => `<source>${source}</source>\n        <target>[es] ${source}</target>`,
  );

async function schemaCheck(xml: string) {
  return validateXML({
    xml: [{ fileName: 'survey.es.xlf', contents: xml }],
    schema: [
      {
        fileName: 'xliff_core_2.0.xsd',
        contents: readFileSync(join(fixtures, 'xliff_core_2.0.xsd'), 'utf8'),
      },
    ],
    preload: [{ fileName: 'xml.xsd', contents: readFileSync(join(fixtures, 'xml.xsd'), 'utf8') }],
  });
}

describe('export', () => {
  it('is valid XLIFF 2.0 by the OASIS core schema, English to Spanish, one readable unit per text with its place', async () => {
    const survey = await draft();
    const response = await exportOf(survey.id);
    expect(response.headers['content-type']).toContain('application/xliff+xml');
    expect(response.headers['content-disposition']).toBe('attachment; filename="after-school-life.es.xlf"');
    const xml = response.body;
    expect(xml).toContain('srcLang="en" trgLang="es"');

    const result = await schemaCheck(xml);
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
    // The schema check itself works: a unit without its segment is refused.
    const broken = await schemaCheck(xml.replace(/<segment[\s\S]*?<\/segment>/, ''));
    expect(broken.valid).toBe(false);

    const ids = [...xml.matchAll(/<unit id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids).toEqual([
      'survey-name',
      'survey-description',
      `q-${clubs.id}-title`,
      `q-${clubs.id}-description`,
      `q-${clubs.id}-option-yes`,
      `q-${clubs.id}-option-no`,
      `q-${ranking.id}-title`,
      `q-${ranking.id}-option-agree`,
      `q-${ranking.id}-option-disagree`,
      `q-${ranking.id}-statement-r1`,
      `q-${rating.id}-title`,
      `q-${rating.id}-lowest-label`,
      `q-${rating.id}-highest-label`,
    ]);
    expect(xml).toContain('<note category="location">Question 1, option 2</note>');
    expect(xml).toContain('<note category="location">Question 2, statement 1</note>');
    expect(xml).toContain('<source>Sports &amp; arts both count.</source>');
    expect(xml).toContain('<source>School is &lt;fun&gt;</source>');
    // The same file twice: ids are stable.
    expect((await exportOf(survey.id)).body).toBe(xml);
  });

  it('is refused to another organisation, which cannot tell the survey exists', async () => {
    const survey = await draft();
    const response = await call(alex, 'GET', `/v2/surveys/${survey.id}/translations/xliff`);
    expect(response.statusCode).toBe(404);
  });
});

describe('round trip', () => {
  it('imports an unchanged file without changing anything, not even the version', async () => {
    const survey = await draft();
    const xml = (await exportOf(survey.id)).body;
    const response = await importInto(survey, xml);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.updated).toBe(0);
    const after = await getSurvey(survey.id);
    expect(after.version).toBe(survey.version);
    expect(after.translations).toEqual(survey.translations);
  });

  it('puts the translated targets into the Spanish version, and exports them back', async () => {
    const survey = await draft();
    const translated = translateAll((await exportOf(survey.id)).body);
    const response = await importInto(survey, translated);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.updated).toBe(13);
    const after = await getSurvey(survey.id);
    expect(after.version).toBe(survey.version + 1);
    const es = after.translations?.es;
    expect(es?.name).toBe('[es] After-school life');
    expect(es?.questions?.[clubs.id]?.description).toBe('[es] Sports & arts both count.');
    expect(es?.questions?.[clubs.id]?.options?.no).toBe('[es] No');
    expect(es?.questions?.[ranking.id]?.rows?.r1).toBe('[es] School is <fun>');
    expect(es?.questions?.[rating.id]?.maxLabel).toBe('[es] Great');
    // Back out, the file carries them as targets, still valid.
    const again = (await exportOf(survey.id)).body;
    expect(again).toContain('<target>[es] School is &lt;fun&gt;</target>');
    expect((await schemaCheck(again)).valid).toBe(true);
    // And in again unchanged: nothing to do.
    const twice = await importInto(after, again);
    expect(twice.json().data.updated).toBe(0);
  });

  it('records the English each text was translated from, so a later English change is flagged', async () => {
    const survey = await draft();
    const translated = await importInto(survey, translateAll((await exportOf(survey.id)).body));
    const after: Survey = translated.json().data.survey;
    expect(after.translationSources?.es?.[`q:${clubs.id}:title`]).toBe(englishHash(clubs.title));
    expect(staleTranslations(after, after.translations, after.translationSources)).toEqual([]);

    // The author rewrites the English of question 1: its Spanish is flagged, nothing else.
    const changed = await call(jordan, 'PUT', `/v2/surveys/${survey.id}`, {
      version: after.version,
      name: after.name,
      description: after.description,
      questions: [{ ...clubs, title: 'Are you in a club after school?' }, ranking, rating],
      audience: after.audience,
      tags: [],
      projectId: null,
      translations: after.translations,
      translationSources: after.translationSources,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const flagged: Survey = changed.json().data;
    expect(
      staleTranslations(flagged, flagged.translations, flagged.translationSources).map((s) => s.key),
    ).toEqual([`q:${clubs.id}:title`]);
    // The export tells the translator too.
    expect((await exportOf(survey.id)).body).toContain('The English changed since this was translated');

    // A sender cannot clear the flag with a made-up hash, only with the current English's.
    const forged = await call(jordan, 'PUT', `/v2/surveys/${survey.id}`, {
      ...flagged,
      tags: [],
      translationSources: { es: { ...flagged.translationSources?.es, [`q:${clubs.id}:title`]: 'abc' } },
    });
    const stillFlagged: Survey = forged.json().data;
    expect(
      staleTranslations(stillFlagged, stillFlagged.translations, stillFlagged.translationSources),
    ).toHaveLength(1);

    // 'Still right': the builder sends the current English's hash, and the flag goes.
    const confirmed = await call(jordan, 'PUT', `/v2/surveys/${survey.id}`, {
      ...stillFlagged,
      tags: [],
      translationSources: {
        es: {
          ...stillFlagged.translationSources?.es,
          [`q:${clubs.id}:title`]: englishHash('Are you in a club after school?'),
        },
      },
    });
    const clear: Survey = confirmed.json().data;
    expect(staleTranslations(clear, clear.translations, clear.translationSources)).toEqual([]);
  });

  it('flags a text translated from an older English than the survey now has', async () => {
    const survey = await draft();
    const old = (await exportOf(survey.id)).body;
    const changed = await call(jordan, 'PUT', `/v2/surveys/${survey.id}`, {
      version: survey.version,
      name: survey.name,
      description: survey.description,
      questions: [{ ...clubs, title: 'Are you in a club after school?' }, ranking, rating],
      audience: survey.audience,
      tags: [],
      projectId: null,
    });
    const current: Survey = changed.json().data;
    const response = await importInto(current, translateAll(old));
    expect(response.statusCode, response.body).toBe(200);
    const after: Survey = response.json().data.survey;
    expect(staleTranslations(after, after.translations, after.translationSources).map((s) => s.key)).toEqual([
      `q:${clubs.id}:title`,
    ]);
  });
});

describe('refusals change nothing', () => {
  const refused = async (survey: Survey, xliff: string, status = 400) => {
    const response = await importInto(survey, xliff);
    expect(response.statusCode, response.body).toBe(status);
    const after = await getSurvey(survey.id);
    expect(after.version).toBe(survey.version);
    expect(after.translations).toEqual(survey.translations);
    return response.json().message as string;
  };

  it("refuses another survey's file", async () => {
    const [mine, other] = await Promise.all([draft(), draft()]);
    const message = await refused(mine, translateAll((await exportOf(other.id)).body));
    expect(message).toMatch(/texts of another survey/);
  });

  it('refuses unknown unit ids, naming them', async () => {
    const survey = await draft();
    const xml = translateAll((await exportOf(survey.id)).body).replace(
      `id="q-${clubs.id}-option-no"`,
      `id="q-${clubs.id}-option-maybe"`,
    );
    expect(await refused(survey, xml)).toContain(`q-${clubs.id}-option-maybe`);
  });

  it('refuses malformed XML, a NUL byte, a DOCTYPE and a formatting code', async () => {
    const survey = await draft();
    const xml = translateAll((await exportOf(survey.id)).body);
    expect(await refused(survey, xml.replace('</unit>', ''))).toMatch(/not well-formed XML/);
    expect(await refused(survey, xml.replace('[es] After', '[es]\u0000After'))).toMatch(/NUL character/);
    expect(await refused(survey, xml.replace('[es] After', '[es]<cp hex="0000"/>After'))).toMatch(
      /NUL character/,
    );
    expect(
      await refused(
        survey,
        xml.replace('<?xml version="1.0" encoding="UTF-8"?>', '<?xml version="1.0"?><!DOCTYPE xliff>'),
      ),
    ).toMatch(/DOCTYPE/);
    expect(await refused(survey, xml.replace('[es] After', '[es] <ph id="1"/>After'))).toMatch(
      /formatting code/,
    );
    expect(await refused(survey, xml.replace('trgLang="es"', 'trgLang="fr"'))).toMatch(/must be Spanish/);
    expect(await refused(survey, '<html><body>Not a translation</body></html>')).toMatch(
      /not an XLIFF 2.0 file/,
    );
    expect(await refused(survey, '')).toMatch(/empty/);
  });

  it('refuses a text over its limit, naming where it is', async () => {
    const survey = await draft();
    const long = 'a'.repeat(201);
    const xml = translateAll((await exportOf(survey.id)).body).replace(
      '[es] No</target>',
      `${long}</target>`,
    );
    expect(await refused(survey, xml)).toBe(
      'Question 1, option 2: the Spanish is 201 characters; it can be at most 200, like the English one. Shorten it and import the file again.',
    );
  });

  it('refuses a file over the size cap', async () => {
    const survey = await draft();
    const xml = (await exportOf(survey.id)).body.replace(
      '</xliff>',
      `<!-- ${'x'.repeat(XLIFF_MAX_BYTES)} --></xliff>`,
    );
    expect(await refused(survey, xml)).toMatch(/larger than 2 MB/);
  });

  it('refuses a file on a survey that is no longer a draft, and a stale version', async () => {
    const survey = await draft();
    const xml = translateAll((await exportOf(survey.id)).body);
    const stale = await importInto({ ...survey, version: survey.version - 1 }, xml);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('VERSION_CONFLICT');
    expect((await getSurvey(survey.id)).translations).toEqual(survey.translations);
    const submitted = await call(jordan, 'POST', `/v2/surveys/${survey.id}/transitions`, {
      action: 'submit',
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const locked: Survey = submitted.json().data;
    const response = await importInto(locked, xml);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('NOT_EDITABLE');
  });

  it('refuses a researcher of another organisation as if the survey did not exist', async () => {
    const survey = await draft();
    const xml = translateAll((await exportOf(survey.id)).body);
    const response = await importInto(survey, xml, alex);
    expect(response.statusCode).toBe(404);
    expect((await getSurvey(survey.id)).translations).toEqual(survey.translations);
  });
});

describe('API docs', () => {
  it('lists both endpoints, like their siblings', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    const paths = docs.json().paths as Record<string, Record<string, { summary?: string }>>;
    const route = paths['/v2/surveys/{id}/translations/xliff'];
    expect(route?.get?.summary).toMatch(/XLIFF 2.0/);
    expect(route?.post?.summary).toMatch(/Import a translated XLIFF 2.0 file/);
  });
});

describe('parseXliff', () => {
  it('reads markers’ text and code points, and a unit without a target as no translation', () => {
    const parsed = parseXliff(
      `<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en-US" trgLang="es-US"><file id="survey-x"><unit id="a"><segment><source>Hi</source><target><mrk id="m" type="term">Hola</mrk> <cp hex="263A"/></target></segment></unit><unit id="b"><segment><source>Bye</source></segment></unit></file></xliff>`,
    );
    expect(parsed).toEqual({
      ok: true,
      fileId: 'survey-x',
      units: [
        { id: 'a', source: 'Hi', target: 'Hola ☺' },
        { id: 'b', source: 'Bye', target: null },
      ],
    });
  });
});
