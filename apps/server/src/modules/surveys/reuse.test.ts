import { randomUUID } from 'node:crypto';
import {
  conditionsIn,
  defaultAudience,
  hasBlockers,
  precheckSurvey,
  QUESTIONNAIRE_FORMAT,
  type Question,
  type QuestionBankItem,
  questionProblems,
  type Survey,
} from '@tv/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts, demoOrganizations } from '../../db/seed/demo-accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { type CookieJar, signIn, softRegister } from '../../test/session';
import { question } from '../../test/surveys';
import { instantiateTemplate, listTemplates } from './template-gallery';
import { pulseCheckTemplate } from './templates';

let t: TestApp;
let jordan: CookieJar; // Researcher at Northside
let alex: CookieJar; // Researcher at BrightPath
let hana: CookieJar; // moderator: sees every survey, edits none
const northside = demoOrganizations.northside.id;
const brightpath = demoOrganizations.brightpath.id;

beforeAll(async () => {
  t = await createTestApp();
  [jordan, alex, hana] = await Promise.all([
    signIn(t.app, demoAccounts.northsideMember.email),
    signIn(t.app, demoAccounts.brightpathMember.email),
    signIn(t.app, demoAccounts.moderator.email),
  ]);
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (jar: CookieJar, method: Method, url: string, payload?: unknown, org?: string) =>
  t.app.inject({
    method,
    url,
    headers: { cookie: jar.header, ...(org ? { 'x-asa-organization-id': org } : {}) },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

async function draft(
  jar: CookieJar,
  org: string,
  questions: Question[],
  type = 'long_form',
): Promise<Survey> {
  const created = await call(jar, 'POST', '/v2/surveys', { type }, org);
  expect(created.statusCode).toBe(200);
  const survey: Survey = created.json().data;
  const saved = await call(jar, 'PUT', `/v2/surveys/${survey.id}`, {
    version: survey.version,
    name: 'Reuse source',
    description: null,
    questions,
    audience: defaultAudience,
    tags: [],
    projectId: null,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json().data;
}

const getSurvey = async (jar: CookieJar, id: string): Promise<Survey> =>
  (await call(jar, 'GET', `/v2/surveys/${id}`)).json().data;

describe('template gallery', () => {
  const templates = listTemplates();

  it('has at least eight templates, each with sources that carry a licence and an address', () => {
    expect(templates.length).toBeGreaterThanOrEqual(8);
    for (const id of ['wellbeing-pulse', 'school-climate', 'digital-life', 'careers']) {
      expect(templates.map((tpl) => tpl.id)).toContain(id);
    }
    expect(new Set(templates.map((tpl) => tpl.id)).size).toBe(templates.length);
    for (const template of templates) {
      expect(template.sources.length, template.id).toBeGreaterThan(0);
      for (const source of template.sources) {
        expect(source.licence.length, template.id).toBeGreaterThan(5);
        expect(source.url, template.id).toMatch(/^https:\/\//);
        expect(source.year, template.id).toBeGreaterThan(1900);
      }
      expect(template.questionCount).toBe(template.questions.length);
    }
  });

  it('every template passes the question checks and the pre-check has no blocker', () => {
    for (const template of templates) {
      expect(questionProblems(template.questions), template.id).toEqual([]);
      const flags = precheckSurvey({
        type: template.type,
        name: template.name,
        description: template.description,
        questions: template.questions,
        audience: defaultAudience,
      });
      expect(
        flags.filter((flag) => flag.severity === 'blocker'),
        template.id,
      ).toEqual([]);
      expect(hasBlockers(flags)).toBe(false);
    }
  });

  it('gives fresh ids every time a template is used', () => {
    const a = instantiateTemplate('school-climate')!;
    const b = instantiateTemplate('school-climate')!;
    expect(a.questions[0]!.id).not.toBe(b.questions[0]!.id);
    expect(a.questions[0]!.options[0]!.id).not.toBe(b.questions[0]!.options[0]!.id);
    expect(instantiateTemplate('no-such-template')).toBeNull();
  });

  it('keeps the pulse check starting set working', () => {
    const questions = pulseCheckTemplate();
    expect(questions).toHaveLength(5);
    expect(questionProblems(questions)).toEqual([]);
  });

  it('lists the templates with their sources over the API', async () => {
    const res = await call(jordan, 'GET', '/v2/templates');
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { id: string; sources: { name: string }[]; questionCount: number }[];
    expect(data.find((tpl) => tpl.id === 'wellbeing-pulse')?.sources[0]?.name).toMatch(/WHO-5/);
    expect(data.every((tpl) => tpl.questionCount > 0)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/v2/templates' })).statusCode).toBe(401);
  });

  it('creates a draft from a template, owned by the caller, in their organization', async () => {
    const res = await call(jordan, 'POST', '/v2/surveys/from-template', {
      templateId: 'school-climate',
      organizationId: northside,
    });
    expect(res.statusCode, res.body).toBe(200);
    const survey: Survey = res.json().data;
    expect(survey.status).toBe('draft');
    expect(survey.organizationId).toBe(northside);
    expect(survey.name).toBe('School climate');
    expect(survey.questions.length).toBe(instantiateTemplate('school-climate')!.questionCount);
    // The caller can edit it at once: it saves with the version it came with.
    const saved = await call(jordan, 'PUT', `/v2/surveys/${survey.id}`, {
      version: survey.version,
      name: 'Our school climate',
      description: survey.description,
      questions: survey.questions,
      audience: null,
      tags: [],
      projectId: null,
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('makes a pulse check from the wellbeing pulse, and a personal draft without an organization', async () => {
    const guest = await softRegister(t.app);
    const res = await call(guest, 'POST', '/v2/surveys/from-template', { templateId: 'wellbeing-pulse' });
    expect(res.statusCode, res.body).toBe(200);
    const survey: Survey = res.json().data;
    expect(survey.type).toBe('pulse_check');
    expect(survey.organizationId).toBeNull();
    expect(survey.questions).toHaveLength(5);
  });

  it('refuses an unknown template, bad input and an organization the caller is not in', async () => {
    const unknown = await call(jordan, 'POST', '/v2/surveys/from-template', {
      templateId: 'no-such-template',
      organizationId: northside,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('We could not find that template.');
    const bad = await call(jordan, 'POST', '/v2/surveys/from-template', {
      templateId: 'careers',
      organizationId: 'not-a-uuid',
    });
    expect(bad.statusCode).toBe(400);
    const nul = await call(jordan, 'POST', '/v2/surveys/from-template', { templateId: 'care\u0000ers' });
    expect(nul.statusCode).toBe(400);
    const other = await call(jordan, 'POST', '/v2/surveys/from-template', {
      templateId: 'careers',
      organizationId: brightpath,
    });
    expect(other.statusCode).toBe(403);
    const project = await call(jordan, 'POST', '/v2/surveys/from-template', {
      templateId: 'careers',
      organizationId: northside,
      projectId: randomUUID(),
    });
    expect(project.statusCode).toBe(400);
    expect(project.json().code).toBe('PROJECT_NOT_FOUND');
  });
});

describe('copying questions to another survey', () => {
  it('copies the chosen questions with fresh ids, keeping logic between copied questions only', async () => {
    const first = question('Do you play a team sport?');
    const second = question('Which sport do you play most?', {
      displayLogic: {
        match: 'all',
        conditions: [{ questionId: first.id, operator: 'equals', value: 'yes' }],
      },
    });
    const third = question('Would you like more sports clubs?', {
      displayLogic: { match: 'all', conditions: [{ questionId: first.id, operator: 'equals', value: 'no' }] },
    });
    const source = await draft(jordan, northside, [first, second, third]);
    const target = await draft(jordan, northside, [question('How old were you when you started?')]);

    const res = await call(jordan, 'POST', `/v2/surveys/${source.id}/questions/copy`, {
      targetSurveyId: target.id,
      targetVersion: target.version,
      questionIds: [second.id, first.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ copied: 2, droppedLogic: 0, targetVersion: target.version + 1 });

    const after = await getSurvey(jordan, target.id);
    expect(after.questions.map((q) => q.title)).toEqual([
      'How old were you when you started?',
      'Do you play a team sport?',
      'Which sport do you play most?',
    ]);
    const [, copiedFirst, copiedSecond] = after.questions;
    expect(copiedFirst!.id).not.toBe(first.id);
    expect(copiedFirst!.options.map((o) => o.id)).not.toEqual(first.options.map((o) => o.id));
    const condition = conditionsIn(copiedSecond!.displayLogic)[0];
    expect(condition?.questionId).toBe(copiedFirst!.id);

    // A question whose logic names one that is not copied comes without it.
    const alone = await call(jordan, 'POST', `/v2/surveys/${source.id}/questions/copy`, {
      targetSurveyId: target.id,
      targetVersion: after.version,
      questionIds: [third.id],
    });
    expect(alone.statusCode, alone.body).toBe(200);
    expect(alone.json().data.droppedLogic).toBe(1);
    const last = (await getSurvey(jordan, target.id)).questions.at(-1)!;
    expect(last.title).toBe('Would you like more sports clubs?');
    expect(last.displayLogic).toBeNull();
  });

  it('refuses a stale version, a survey that is not a draft, and bad question ids', async () => {
    const source = await draft(jordan, northside, [question('Do you volunteer?')]);
    const target = await draft(jordan, northside, [question('Do you have a part-time job?')]);
    const questionIds = [source.questions[0]!.id];

    const stale = await call(jordan, 'POST', `/v2/surveys/${source.id}/questions/copy`, {
      targetSurveyId: target.id,
      targetVersion: target.version - 1,
      questionIds,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('VERSION_CONFLICT');

    const unknown = await call(jordan, 'POST', `/v2/surveys/${source.id}/questions/copy`, {
      targetSurveyId: target.id,
      targetVersion: target.version,
      questionIds: ['not-in-the-survey'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('QUESTION_NOT_FOUND');

    const none = await call(jordan, 'POST', `/v2/surveys/${source.id}/questions/copy`, {
      targetSurveyId: target.id,
      targetVersion: target.version,
      questionIds: [],
    });
    expect(none.statusCode).toBe(400);

    const itself = await call(jordan, 'POST', `/v2/surveys/${source.id}/questions/copy`, {
      targetSurveyId: source.id,
      targetVersion: source.version,
      questionIds,
    });
    expect(itself.statusCode).toBe(400);
    expect(itself.json().code).toBe('SAME_SURVEY');

    const submitted = await call(jordan, 'POST', `/v2/surveys/${target.id}/transitions`, {
      action: 'submit',
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const locked = await call(jordan, 'POST', `/v2/surveys/${source.id}/questions/copy`, {
      targetSurveyId: target.id,
      targetVersion: submitted.json().data.version,
      questionIds,
    });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().code).toBe('NOT_EDITABLE');
    expect((await getSurvey(jordan, target.id)).questions).toHaveLength(1);
  });

  it('hides another organization’s surveys and refuses a caller who may not edit the target', async () => {
    const mine = await draft(jordan, northside, [question('Do you cook at home?')]);
    const theirs = await draft(alex, brightpath, [question('Do you walk to class?')]);
    const intoTheirs = await call(jordan, 'POST', `/v2/surveys/${mine.id}/questions/copy`, {
      targetSurveyId: theirs.id,
      targetVersion: theirs.version,
      questionIds: [mine.questions[0]!.id],
    });
    expect(intoTheirs.statusCode).toBe(404);
    const fromTheirs = await call(jordan, 'POST', `/v2/surveys/${theirs.id}/questions/copy`, {
      targetSurveyId: mine.id,
      targetVersion: mine.version,
      questionIds: [theirs.questions[0]!.id],
    });
    expect(fromTheirs.statusCode).toBe(404);
    const target = await draft(jordan, northside, []);
    const moderator = await call(hana, 'POST', `/v2/surveys/${mine.id}/questions/copy`, {
      targetSurveyId: target.id,
      targetVersion: target.version,
      questionIds: [mine.questions[0]!.id],
    });
    expect(moderator.statusCode).toBe(403);
  });

  it('keeps a pulse check within its five questions', async () => {
    const source = await draft(jordan, northside, [question('One?'), question('Two?')]);
    const pulse: Survey = (
      await call(jordan, 'POST', '/v2/surveys', { type: 'pulse_check' }, northside)
    ).json().data;
    expect(pulse.questions).toHaveLength(5);
    const res = await call(jordan, 'POST', `/v2/surveys/${source.id}/questions/copy`, {
      targetSurveyId: pulse.id,
      targetVersion: pulse.version,
      questionIds: source.questions.map((q) => q.id),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('A pulse check has at most 5 questions, and this would make it 7.');
  });
});

describe('questionnaire export and import', () => {
  it('exports a versioned document and imports it into another draft, appending or replacing', async () => {
    const gate = question('Do you have a pet?');
    const follow = question('How many pets do you have?', {
      type: 'number',
      options: [],
      displayLogic: { match: 'all', conditions: [{ questionId: gate.id, operator: 'equals', value: 'yes' }] },
    });
    const source = await draft(jordan, northside, [gate, follow]);
    const exported = await call(jordan, 'GET', `/v2/surveys/${source.id}/questionnaire.json`);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toBe(
      'attachment; filename="reuse-source-questionnaire.json"',
    );
    const document = exported.json();
    expect(document).toMatchObject({ format: QUESTIONNAIRE_FORMAT, version: 1, name: 'Reuse source' });
    expect(document.questions).toHaveLength(2);

    const target = await draft(jordan, northside, [question('Do you have a garden?')]);
    const appended = await call(jordan, 'POST', `/v2/surveys/${target.id}/questionnaire`, {
      version: target.version,
      mode: 'append',
      document,
    });
    expect(appended.statusCode, appended.body).toBe(200);
    const afterAppend: Survey = appended.json().data;
    expect(afterAppend.questions.map((q) => q.title)).toEqual([
      'Do you have a garden?',
      'Do you have a pet?',
      'How many pets do you have?',
    ]);
    expect(afterAppend.questions[1]!.id).not.toBe(gate.id);
    expect(conditionsIn(afterAppend.questions[2]!.displayLogic)[0]?.questionId).toBe(
      afterAppend.questions[1]!.id,
    );

    const replaced = await call(jordan, 'POST', `/v2/surveys/${target.id}/questionnaire`, {
      version: afterAppend.version,
      mode: 'replace',
      document,
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().data.questions.map((q: Question) => q.title)).toEqual([
      'Do you have a pet?',
      'How many pets do you have?',
    ]);
  });

  it('refuses a broken file in the author’s words, naming the question, and changes nothing', async () => {
    const target = await draft(jordan, northside, [question('Do you read for fun?')]);
    const document = {
      format: QUESTIONNAIRE_FORMAT,
      version: 1,
      name: 'Broken',
      description: null,
      type: 'long_form',
      questions: [question('Fine?'), { ...question('Also fine?'), title: '' }],
    };
    const res = await call(jordan, 'POST', `/v2/surveys/${target.id}/questionnaire`, {
      version: target.version,
      mode: 'replace',
      document,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Question 2: the question needs another look (Write the question).');

    const notOurs = await call(jordan, 'POST', `/v2/surveys/${target.id}/questionnaire`, {
      version: target.version,
      mode: 'replace',
      document: { questions: [] },
    });
    expect(notOurs.statusCode).toBe(400);
    expect(notOurs.json().message).toMatch(/not a TeenVoice questionnaire/);

    const badLogic = await call(jordan, 'POST', `/v2/surveys/${target.id}/questionnaire`, {
      version: target.version,
      mode: 'append',
      document: {
        ...document,
        questions: [
          question('Later?', {
            displayLogic: {
              match: 'all',
              conditions: [{ questionId: 'elsewhere', operator: 'equals', value: 'yes' }],
            },
          }),
        ],
      },
    });
    expect(badLogic.statusCode).toBe(400);
    expect(badLogic.json().message).toBe('Question 1: its display logic must refer to an earlier question.');

    const badMode = await call(jordan, 'POST', `/v2/surveys/${target.id}/questionnaire`, {
      version: target.version,
      mode: 'merge',
      document,
    });
    expect(badMode.statusCode).toBe(400);

    const stale = await call(jordan, 'POST', `/v2/surveys/${target.id}/questionnaire`, {
      version: target.version + 5,
      mode: 'replace',
      document: { ...document, questions: [question('Fine?')] },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('VERSION_CONFLICT');

    const after = await getSurvey(jordan, target.id);
    expect(after.version).toBe(target.version);
    expect(after.questions.map((q) => q.title)).toEqual(['Do you read for fun?']);
  });

  it('hides another organization’s survey and refuses a survey that is not a draft', async () => {
    const theirs = await draft(alex, brightpath, [question('Do you bike?')]);
    expect((await call(jordan, 'GET', `/v2/surveys/${theirs.id}/questionnaire.json`)).statusCode).toBe(404);
    const document = (await call(alex, 'GET', `/v2/surveys/${theirs.id}/questionnaire.json`)).json();
    expect(
      (
        await call(jordan, 'POST', `/v2/surveys/${theirs.id}/questionnaire`, {
          version: theirs.version,
          mode: 'append',
          document,
        })
      ).statusCode,
    ).toBe(404);
    const submitted = await call(alex, 'POST', `/v2/surveys/${theirs.id}/transitions`, { action: 'submit' });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const locked = await call(alex, 'POST', `/v2/surveys/${theirs.id}/questionnaire`, {
      version: submitted.json().data.version,
      mode: 'append',
      document,
    });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().code).toBe('NOT_EDITABLE');
  });
});

describe('question bank', () => {
  const bank = (org: string = northside) => `/v2/organizations/${org}/question-bank`;

  it('saves a question without its logic, lists and searches it, and deletes it', async () => {
    const gated = question('How often do you eat breakfast with your family?', {
      displayLogic: {
        match: 'all',
        conditions: [{ questionId: 'earlier', operator: 'equals', value: 'yes' }],
      },
    });
    const saved = await call(jordan, 'POST', bank(), { question: gated, tags: ['family', 'family'] });
    expect(saved.statusCode, saved.body).toBe(200);
    const item: QuestionBankItem = saved.json().data;
    expect(item.question.displayLogic).toBeNull();
    expect(item.question.title).toBe(gated.title);
    expect(item.tags).toEqual(['family']);
    expect(item.createdByName).toBe('Jordan Lee');

    const listed = await call(jordan, 'GET', `${bank()}?search=${encodeURIComponent('BREAKFAST')}`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.map((i: QuestionBankItem) => i.id)).toEqual([item.id]);
    const byTag = await call(jordan, 'GET', `${bank()}?search=family`);
    expect(byTag.json().data.map((i: QuestionBankItem) => i.id)).toContain(item.id);
    const nothing = await call(jordan, 'GET', `${bank()}?search=${encodeURIComponent('%_zebra')}`);
    expect(nothing.json().data).toEqual([]);

    // Another organization sees nothing of it, and cannot delete it.
    expect((await call(alex, 'GET', bank())).statusCode).toBe(403);
    const theirBank = await call(alex, 'GET', bank(brightpath));
    expect(theirBank.json().data.map((i: QuestionBankItem) => i.id)).not.toContain(item.id);
    expect((await call(alex, 'DELETE', `${bank(brightpath)}/${item.id}`)).statusCode).toBe(404);

    expect((await call(jordan, 'DELETE', `${bank()}/${item.id}`)).statusCode).toBe(200);
    expect((await call(jordan, 'DELETE', `${bank()}/${item.id}`)).statusCode).toBe(404);
  });

  it('refuses a question the builder would refuse, bad ids and callers without the permission', async () => {
    const broken = await call(jordan, 'POST', bank(), {
      question: question('Rate your week', {
        type: 'rating',
        options: [],
        scale: { min: 1, max: 50, minLabel: null, maxLabel: null },
      }),
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toMatch(/^The scale of this question runs from 1 to 50/);
    const untitled = await call(jordan, 'POST', bank(), { question: { ...question('x'), title: '   ' } });
    expect(untitled.statusCode).toBe(400);
    expect((await call(jordan, 'GET', '/v2/organizations/not-a-uuid/question-bank')).statusCode).toBe(400);
    expect((await call(jordan, 'DELETE', `${bank()}/not-a-uuid`)).statusCode).toBe(400);
    expect((await call(hana, 'GET', bank())).statusCode).toBe(200);
    expect((await call(hana, 'POST', bank(), { question: question('Do you like music?') })).statusCode).toBe(
      403,
    );
    expect((await call(alex, 'POST', bank(), { question: question('Do you like music?') })).statusCode).toBe(
      403,
    );
  });
});
