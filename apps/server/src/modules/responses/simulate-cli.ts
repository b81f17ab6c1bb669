/**
 * The panel simulator from the command line:
 * `npm run simulate -- <surveyId> [count]` fills a live survey with synthetic responses.
 */
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { migrateDatabase } from '../../db/migrate';
import { findSurvey, listQuestions } from '../surveys/repository';
import { simulateResponses } from './simulator';

const [surveyId, countArg = '200'] = process.argv.slice(2);
if (!surveyId) {
  console.error('Usage: npm run simulate -- <surveyId> [count]');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase(config);
try {
  await migrateDatabase(database);
  const survey = await findSurvey(database.db, surveyId);
  if (!survey) throw new Error(`No survey ${surveyId}.`);
  if (survey.status !== 'live')
    throw new Error(`The survey is ${survey.status}; only a live survey takes responses.`);
  const inserted = await simulateResponses(
    database.db,
    survey,
    await listQuestions(database.db, surveyId),
    Number(countArg),
  );
  console.log(`Added ${inserted} simulated responses to "${survey.name}".`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
