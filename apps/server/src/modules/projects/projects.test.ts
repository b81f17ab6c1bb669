import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/mail';
import { demoAccounts, demoOrganizations } from '../../db/seed/demo-accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { type CookieJar, signIn } from '../../test/session';

let t: TestApp;
let jordan: CookieJar;
let priya: CookieJar;
let alex: CookieJar;
const northside = demoOrganizations.northside.id;

beforeAll(async () => {
  t = await createTestApp();
  [jordan, priya, alex] = await Promise.all([
    signIn(t.app, demoAccounts.northsideMember.email),
    signIn(t.app, demoAccounts.northsideAdmin.email),
    signIn(t.app, demoAccounts.brightpathMember.email),
  ]);
});
afterAll(async () => {
  await t?.close();
});

const call = (jar: CookieJar, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { cookie: jar.header, 'x-asa-organization-id': northside },
    ...(payload ? { payload } : {}),
  });

describe('projects', () => {
  it('creates a project owned by its creator and tells the admins', async () => {
    const res = await call(jordan, 'POST', '/v2/projects', {
      name: 'Wellbeing 2026',
      description: 'Termly check-ins',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'Wellbeing 2026',
      surveyCount: 0,
      users: [expect.objectContaining({ name: 'Jordan Lee', roleName: 'Owner' })],
    });
    const mails = await t.app.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.template, 'project/new-project-created'));
    expect(mails.map((m) => m.toEmail)).toEqual([demoAccounts.northsideAdmin.email]);
    expect((await call(jordan, 'POST', '/v2/projects', { name: 'AB' })).json().data.fields.name).toEqual([
      'Project Name should be at least 3 characters long',
    ]);
  });

  it('adds organisation members to a project and mails them, but nobody from outside', async () => {
    const project = (await call(jordan, 'GET', '/v2/projects')).json().data[0];
    const members = (await call(priya, 'GET', '/v2/organization/members')).json().data.members;
    const priyaId = members.find((m: { email: string }) => m.email === demoAccounts.northsideAdmin.email).id;
    const res = await call(priya, 'POST', `/v2/projects/${project.id}/users`, {
      userIds: [priyaId],
      roleName: 'Editor',
    });
    expect(res.json().data.users).toHaveLength(2);
    const mails = await t.app.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.template, 'project/new-project-users-added'));
    expect(mails.map((m) => m.toEmail)).toEqual([demoAccounts.northsideAdmin.email]);
    const alexProfile = (
      await t.app.inject({ method: 'GET', url: '/v2/profile', headers: { cookie: alex.header } })
    ).json().data;
    const outsider = await call(priya, 'POST', `/v2/projects/${project.id}/users`, {
      userIds: [alexProfile.id],
      roleName: 'Viewer',
    });
    expect(outsider.statusCode).toBe(400);
  });
});

describe('surveys in projects (issue 12)', () => {
  const brightpath = demoOrganizations.brightpath.id;
  const asAlex = (method: 'POST' | 'PUT', url: string, payload: object) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: alex.header, 'x-asa-organization-id': brightpath },
      payload,
    });

  it('counts the surveys in each project', async () => {
    const project = (await call(jordan, 'POST', '/v2/projects', { name: 'Counted project' })).json().data;
    expect(project.surveyCount).toBe(0);
    await call(jordan, 'POST', '/v2/surveys', { type: 'pulse_check', projectId: project.id });
    await call(jordan, 'POST', '/v2/surveys', { type: 'long_form', projectId: project.id });
    const listed = (await call(jordan, 'GET', '/v2/projects')).json().data;
    expect(listed.find((p: { id: string }) => p.id === project.id).surveyCount).toBe(2);
  });

  it("refuses a survey in another organization's project, on create and on save, and links nothing", async () => {
    const project = (await call(jordan, 'POST', '/v2/projects', { name: 'Northside only' })).json().data;
    const created = await asAlex('POST', '/v2/surveys', { type: 'pulse_check', projectId: project.id });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toMatchObject({
      code: 'PROJECT_NOT_FOUND',
      message: "Choose one of your organization's projects.",
    });
    const own = (await asAlex('POST', '/v2/surveys', { type: 'long_form' })).json().data;
    const saved = await asAlex('PUT', `/v2/surveys/${own.id}`, {
      version: own.version,
      name: own.name,
      description: null,
      questions: [],
      audience: null,
      tags: [],
      projectId: project.id,
    });
    expect(saved.statusCode).toBe(400);
    expect(saved.json().data.fields.projectId).toEqual(["Choose one of your organization's projects."]);
    const listed = (await call(jordan, 'GET', '/v2/projects')).json().data;
    expect(listed.find((p: { id: string }) => p.id === project.id).surveyCount).toBe(0);
  });
});

describe('tags and survey users', () => {
  it('counts the tags used on the organisation’s surveys', async () => {
    const survey = (await call(jordan, 'POST', '/v2/surveys', { type: 'long_form' })).json().data;
    await call(jordan, 'PUT', `/v2/surveys/${survey.id}`, {
      version: survey.version,
      name: survey.name,
      description: null,
      questions: [],
      audience: null,
      tags: ['wellbeing', 'school'],
      projectId: null,
    });
    expect((await call(jordan, 'GET', '/v2/tags')).json().data).toEqual([
      { name: 'school', surveyCount: 1 },
      { name: 'wellbeing', surveyCount: 1 },
    ]);
  });

  it('gives a member a role on one survey, mails them, and changes it', async () => {
    const survey = (await call(priya, 'POST', '/v2/surveys', { type: 'long_form' })).json().data;
    const added = await call(priya, 'POST', `/v2/surveys/${survey.id}/users`, {
      email: demoAccounts.northsideMember.email,
      roleName: 'Viewer',
    });
    expect(added.json().data).toEqual([expect.objectContaining({ name: 'Jordan Lee', roleName: 'Viewer' })]);
    await call(priya, 'POST', `/v2/surveys/${survey.id}/users`, {
      email: demoAccounts.northsideMember.email,
      roleName: 'Editor',
    });
    const templates = (
      await t.app.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.toEmail, demoAccounts.northsideMember.email))
    ).map((m) => m.template);
    expect(templates).toEqual(
      expect.arrayContaining(['survey/survey-user-added', 'survey/user-permission-changed']),
    );
    const outsider = await call(priya, 'POST', `/v2/surveys/${survey.id}/users`, {
      email: demoAccounts.brightpathMember.email,
      roleName: 'Viewer',
    });
    expect(outsider.json().code).toBe('NOT_A_MEMBER');
    const jordanId = added.json().data[0].id;
    expect((await call(priya, 'DELETE', `/v2/surveys/${survey.id}/users/${jordanId}`)).json().data).toEqual(
      [],
    );
  });
});

describe('survey-level roles', () => {
  it('lets a read-only member edit the one survey they were made Editor of, and no other', async () => {
    const members = (await call(priya, 'GET', '/v2/organization/members')).json().data.members;
    const jordanId = members.find(
      (m: { email: string }) => m.email === demoAccounts.northsideMember.email,
    ).id;
    await call(priya, 'PUT', `/v2/organization/members/${jordanId}`, { roleName: 'Viewer' });
    try {
      const shared = (await call(priya, 'POST', '/v2/surveys', { type: 'long_form' })).json().data;
      const other = (await call(priya, 'POST', '/v2/surveys', { type: 'long_form' })).json().data;
      const save = (survey: { id: string; version: number }) =>
        call(jordan, 'PUT', `/v2/surveys/${survey.id}`, {
          version: survey.version,
          name: 'Edited by Jordan',
          description: null,
          questions: [],
          audience: null,
          tags: [],
          projectId: null,
        });
      expect((await save(shared)).statusCode).toBe(403);
      await call(priya, 'POST', `/v2/surveys/${shared.id}/users`, {
        email: demoAccounts.northsideMember.email,
        roleName: 'Editor',
      });
      expect((await save(shared)).statusCode).toBe(200);
      expect((await save(other)).statusCode).toBe(403);
    } finally {
      await call(priya, 'PUT', `/v2/organization/members/${jordanId}`, { roleName: 'Researcher' });
    }
  });
});

describe('interface copy', () => {
  it('serves the builder copy by section and key, Strapi-style path', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/cms/api/teenvoice-copy.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().builder.proTip1).toMatch(/decision/);
    expect(res.json().builder.proTip4).toBe('');
    const unknown = await t.app.inject({ method: 'GET', url: '/cms/api/teenvoice-nothing' });
    expect(unknown.json()).toEqual({
      data: null,
      error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} },
    });
  });

  it('serves the newest terms first, one per page, as the sign-up screen asks', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/cms/api/teenvoice-terms-and-conditions?sort=versionTimestamp:desc&pagination[page]=1&pagination[pageSize]=1',
    });
    expect(res.json().data[0].attributes.content).toContain('{versionTimestamp}');
    expect(res.json().meta.pagination).toEqual({ page: 1, pageSize: 1, pageCount: 1, total: 1 });
    const bad = await t.app.inject({ method: 'GET', url: '/cms/api/teenvoice-terms-and-conditions?bogus=1' });
    expect(bad.statusCode).toBe(400);
  });
});
