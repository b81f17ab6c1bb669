import { randomUUID } from 'node:crypto';
import {
  type Audience,
  defaultAudience,
  moderationChecklist,
  type Question,
  type Survey,
} from '@tv/contract';
import type { FastifyInstance } from 'fastify';
import { demoAccounts, demoOrganizations } from '../db/seed/demo-accounts';
import { signIn } from './session';

export const question = (title: string, overrides: Partial<Question> = {}): Question => ({
  id: randomUUID(),
  type: 'single_choice',
  title,
  description: null,
  required: true,
  randomizeOptions: false,
  options: [
    { id: 'yes', label: 'Yes' },
    { id: 'no', label: 'No' },
  ],
  rows: [],
  scale: null,
  displayLogic: null,
  ...overrides,
});

/** A survey of Northside taken all the way to live: created, saved, submitted, approved, published. */
export async function liveSurvey(
  app: FastifyInstance,
  questions: Question[],
  audience: Audience = defaultAudience,
) {
  const author = await signIn(app, demoAccounts.northsideMember.email);
  const moderator = await signIn(app, demoAccounts.moderator.email);
  const publisher = await signIn(app, demoAccounts.platformAdmin.email);
  const headers = { cookie: author.header, 'x-asa-organization-id': demoOrganizations.northside.id };
  const created: Survey = (
    await app.inject({ method: 'POST', url: '/v2/surveys', headers, payload: { type: 'long_form' } })
  ).json().data;
  const saved = await app.inject({
    method: 'PUT',
    url: `/v2/surveys/${created.id}`,
    headers,
    payload: {
      version: created.version,
      name: 'Life after school',
      description: null,
      questions,
      audience,
      tags: [],
      projectId: null,
    },
  });
  if (saved.statusCode !== 200) throw new Error(saved.body);
  const step = async (cookie: string, url: string, payload: object) => {
    const res = await app.inject({ method: 'POST', url, headers: { cookie }, payload });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.body}`);
  };
  await step(author.header, `/v2/surveys/${created.id}/transitions`, { action: 'submit' });
  await step(moderator.header, `/v2/surveys/${created.id}/moderation`, {
    decision: 'approve',
    checklist: Object.fromEntries(moderationChecklist.map((item) => [item.id, true])),
    reasons: [],
  });
  await step(publisher.header, `/v2/surveys/${created.id}/transitions`, { action: 'publish' });
  return { id: created.id, author, moderator, publisher };
}
