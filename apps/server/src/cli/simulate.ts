/**
 * The panel simulator from the command line:
 * `npm run simulate -- <surveyId> [count]` fills a live survey with synthetic responses.
 * `npm run simulate -- <surveyId> <count> --bulk` writes them 5,000 per INSERT without taking sample
 * places (load tests, benchmarks); the result folder then adds them to the aggregates.
 */
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { insertSimulatedBulk, simulateResponses } from '../modules/responses/service';
import { foldSurveyAll } from '../modules/results/service';
import { findSurvey, listQuestions } from '../modules/surveys/service';

const bulk = process.argv.includes('--bulk');
const [surveyId, countArg = '200'] = process.argv.slice(2).filter((arg) => arg !== '--bulk');
if (!surveyId) {
  console.error('Usage: npm run simulate -- <surveyId> [count] [--bulk]');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase(config);
try {
  await migrateDatabase(database);
  const survey = await findSurvey(database.db, surveyId);
  if (!survey) throw new Error(`No survey ${surveyId}.`);
  const questions = await listQuestions(database.db, surveyId);
  if (bulk) {
    const inserted = await insertSimulatedBulk(database.db, survey, questions, Number(countArg));
    // One pass, as a backlog is folded (decision 051): each aggregate row is written once.
    const folded = await foldSurveyAll(database.db, surveyId, 1_000_000);
    console.log(`Added ${inserted} simulated responses to "${survey.name}" (${folded} folded into results).`);
  } else {
    if (survey.status !== 'live')
      throw new Error(`The survey is ${survey.status}; only a live survey takes responses.`);
    const inserted = await simulateResponses(database.db, survey, questions, Number(countArg));
    console.log(`Added ${inserted} simulated responses to "${survey.name}".`);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
