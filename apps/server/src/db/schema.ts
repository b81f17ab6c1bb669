import * as commerce from './schema/commerce';
import * as content from './schema/content';
import * as exportsSchema from './schema/exports';
import * as identity from './schema/identity';
import * as mail from './schema/mail';
import * as organizations from './schema/organizations';
import * as platform from './schema/platform';
import * as responses from './schema/responses';
import * as surveys from './schema/surveys';

/** Every table, for Drizzle's relational queries. Modules import their own tables from schema/<area>. */
export const schema = {
  ...platform,
  ...identity,
  ...content,
  ...organizations,
  ...mail,
  ...surveys,
  ...responses,
  ...commerce,
  ...exportsSchema,
};
export type Schema = typeof schema;
