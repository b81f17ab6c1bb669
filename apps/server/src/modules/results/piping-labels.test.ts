import { randomUUID } from 'node:crypto';
import type { Question } from '@tv/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../../db/seed/demo-accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { pageTexts } from '../../test/pdf-text';
import { submitAsPage } from '../../test/respondent';
import { signIn } from '../../test/session';
import { liveSurvey, question } from '../../test/surveys';
import { runPspp } from './spss/test-support';

// Issue 26, point 2: outside the respondent's page a piped answer reads '[answer to Q1]', never as
// the raw token, in the results heading, the exports' labels (CSV, XLSX, .sav), the PDF report and
// the safeguarding incident.

let t: TestApp;
let survey: Awaited<ReturnType<typeof liveSurvey>>;
const club = question('Which club do you go to?', {
  options: [
    { id: 'drama', label: 'Drama' },
    { id: 'chess', label: 'Chess' },
  ],
});
const pageBreak = question('Page 2', { type: 'page_break', options: [] });
const sure = question(`You go to {{answer:${club.id}}}. Will you keep going?`, {
  options: [
    { id: 'yes', label: 'Yes' },
    { id: 'no', label: 'No' },
  ],
});
const more = question(`Anything else about {{answer:${club.id}}}?`, {
  type: 'long_text',
  options: [],
  required: false,
});
const questions: Question[] = [club, pageBreak, sure, more];
const token = '{{answer:';

beforeAll(async () => {
  t = await createTestApp();
  survey = await liveSurvey(t.app, questions);
  for (let i = 0; i < 6; i++) {
    const res = await submitAsPage(t.app, survey.id, {
      clientResponseId: randomUUID(),
      screener: { age: 15, gender: 'female', state: 'CA' },
      answers: {
        [club.id]: i % 2 ? 'drama' : 'chess',
        [sure.id]: 'yes',
        ...(i === 0 ? { [more.id]: 'kms' } : {}),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(async () => {
  await t?.close();
});

const get = (path: string, cookie = survey.author.header) =>
  t.app.inject({ method: 'GET', url: path, headers: { cookie } });
const results = (path: string) => get(`/v2/surveys/${survey.id}/results/${path}`);

describe('piped answers in words outside the respondent page', () => {
  it('in the results headings', async () => {
    const res = await results('summary');
    expect(res.statusCode, res.body).toBe(200);
    const titles = (res.json().data.questions as { title: string }[]).map((q) => q.title);
    expect(titles).toContain('You go to [answer to Q1]. Will you keep going?');
    expect(JSON.stringify(titles)).not.toContain(token);
  });

  it('in the cross-tab’s variables', async () => {
    const res = await results(`crosstab?row=q:${sure.id}&column=gender`);
    expect(res.statusCode, res.body).toBe(200);
    const labels = (res.json().data.variables as { label: string }[]).map((v) => v.label);
    expect(labels).toContain('Q2. You go to [answer to Q1]. Will you keep going?');
    expect(JSON.stringify(labels)).not.toContain(token);
  });

  it('in the CSV and XLSX column headers', async () => {
    const csv = await results('export.csv');
    expect(csv.statusCode, csv.body).toBe(200);
    const header = csv.body.split('\r\n')[0]!;
    expect(header).toContain('Q2. You go to [answer to Q1]. Will you keep going?');
    expect(header).toContain('Q3. Anything else about [answer to Q1]?');
    expect(header).not.toContain(token);

    const xlsx = await results('export.xlsx');
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const headers = (workbook.worksheets[0]!.getRow(1).values as unknown[]).map(String);
    expect(headers).toContain('Q2. You go to [answer to Q1]. Will you keep going?');
    expect(headers.join(' ')).not.toContain(token);
  });

  it('in the .sav variable labels, as PSPP reads them', async () => {
    const sav = await results('export.sav');
    expect(sav.statusCode, sav.body).toBe(200);
    const run = runPspp({ 'x.sav': sav.rawPayload }, "GET FILE='x.sav'.\nDISPLAY DICTIONARY.\n", []);
    const output = run.output.replace(/\s+/g, ' ');
    expect(output).toContain('Q2. You go to [answer to Q1]. Will you keep going?');
    expect(output).not.toContain(token);
  });

  it('in the PDF report', async () => {
    const res = await results('report.pdf');
    expect(res.statusCode, res.body).toBe(200);
    const text = (await pageTexts(res.rawPayload)).join('\n').replace(/\s+/g, ' ');
    expect(text).toContain('You go to [answer to Q1]. Will you keep going?');
    expect(text).not.toContain(token);
  });

  it('in the safeguarding incident’s question', async () => {
    const moderator = await signIn(t.app, demoAccounts.moderator.email);
    const res = await get(`/v2/admin/incidents?pageSize=100&surveyId=${survey.id}`, moderator.header);
    expect(res.statusCode, res.body).toBe(200);
    const titles = (res.json().data as { questionTitle: string | null }[]).map((i) => i.questionTitle);
    expect(titles).toContain('Anything else about [answer to Q1]?');
  });
});
