import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { surveys } from '../../db/schema/surveys';
import { demoSurveys } from '../../db/seed/demo-surveys';
import { createTestApp, type TestApp } from '../../test/app';
import { insertSimulatedBulk } from '../responses/simulator';
import { foldSurveyAll } from './aggregates';
import { type ExportOptions, type ExportRow, responsePages, responsesCsv, responsesXlsx } from './export';
import { writeCodedCsv, writeSav } from './spss';
import { parseCsv, psppProblems, runPspp } from './spss/test-support';
import { responsesCodebook, responsesCodedCsv, responsesDataset, responsesSav } from './spss-export';
import { cellWeights, responseWeights } from './weighting';

// Issue 27: the .sav and coded CSV are written as they are read, a keyset page (1,000 responses) at a
// time, and weights are looked up by audience cell. More responses than one page, so records run on
// across pages; the file must be the one written whole.

const COUNT = 2_345;
let t: TestApp;
const demo = demoSurveys[0]!;
const survey = { id: randomUUID(), name: 'Streamed export', audience: demo.audience, weightingTargets: null };
const createdAt = new Date('2026-11-28T03:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  const db = t.app.database.db;
  await db.insert(surveys).values({
    id: survey.id,
    type: 'long_form',
    name: survey.name,
    status: 'complete',
    audience: demo.audience,
  });
  await insertSimulatedBulk(db, survey, demo.questions, COUNT, { seed: 27, simulated: false, batch: 1_000 });
  await foldSurveyAll(db, survey.id);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function drain(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

async function weighted(): Promise<ExportOptions> {
  const weights = await cellWeights(t.app.database.db, survey, undefined);
  return { weights, weightLabel: weights.label };
}

/** Offset of the case count in a .sav header ('$FL2', product, layout, case size, compression, weight). */
const CASES_AT = 4 + 60 + 4 + 4 + 4 + 4;

describe('a .sav of more responses than one page, written as it is read', () => {
  it('holds the bytes of the file written whole, its case count left unknown (-1)', async () => {
    const db = t.app.database.db;
    const options = await weighted();
    const whole = writeSav(await responsesDataset(db, survey, demo.questions, options), { createdAt });
    const streamed = await drain(responsesSav(db, survey, demo.questions, options, { createdAt }));
    expect(whole.readInt32LE(CASES_AT)).toBe(COUNT);
    expect(streamed.readInt32LE(CASES_AT)).toBe(-1);
    const patched = Buffer.from(streamed);
    patched.writeInt32LE(COUNT, CASES_AT);
    expect(patched.equals(whole)).toBe(true);
  });

  it('reads back in PSPP identical to the file written whole', async () => {
    const db = t.app.database.db;
    const options = await weighted();
    const whole = writeSav(await responsesDataset(db, survey, demo.questions, options), { createdAt });
    const streamed = await drain(responsesSav(db, survey, demo.questions, options, { createdAt }));
    const read = (file: Buffer) => {
      const run = runPspp(
        { 'x.sav': file },
        "GET FILE='x.sav'.\nSAVE TRANSLATE /OUTFILE='x.csv' /TYPE=CSV /FIELDNAMES /CELLS=VALUES /REPLACE.\nSHOW WEIGHT.\nDISPLAY DICTIONARY.\nDESCRIPTIVES /VARIABLES=age weight.\n",
        ['x.csv'],
      );
      expect(psppProblems(run)).toEqual([]);
      return run;
    };
    const a = read(whole);
    const b = read(streamed);
    const rows = parseCsv(b.files['x.csv']!);
    expect(rows).toHaveLength(COUNT + 1);
    expect(b.files['x.csv']).toBe(a.files['x.csv']);
    expect(b.output).toBe(a.output);
    expect(b.output).toContain('weight');
  });

  it('writes the coded CSV as it is read, and the codebook without reading a response', async () => {
    const db = t.app.database.db;
    const options = await weighted();
    const dataset = await responsesDataset(db, survey, demo.questions, options);
    const whole = writeCodedCsv(dataset, { bom: true });
    const streamed = (await drain(responsesCodedCsv(db, survey, demo.questions, options))).toString('utf8');
    expect(streamed).toBe(whole.csv);
    expect(responsesCodebook(survey, demo.questions, options)).toBe(whole.codebook);
  });

  it('reports progress after each page, in every writer', async () => {
    const db = t.app.database.db;
    const base = await weighted();
    const writers: Record<string, (options: ExportOptions) => Readable> = {
      csv: (options) => responsesCsv(db, survey.id, demo.questions, options),
      xlsx: (options) => responsesXlsx(db, survey.id, survey.name, demo.questions, options),
      sav: (options) => responsesSav(db, survey, demo.questions, options),
      coded: (options) => responsesCodedCsv(db, survey, demo.questions, options),
    };
    for (const [name, write] of Object.entries(writers)) {
      const seen: number[] = [];
      await drain(write({ ...base, onProgress: (rows) => seen.push(rows) }));
      expect(seen, name).toEqual([1_000, 2_000, COUNT]);
    }
  });
});

describe('weights by audience cell', () => {
  it('equal the old weights by response id, in every export', async () => {
    const db = t.app.database.db;
    const byCell = await cellWeights(db, survey, undefined);
    const { byId } = await responseWeights(db, survey, undefined);
    expect(byId.size).toBe(COUNT);
    const rows: ExportRow[] = [];
    for await (const page of responsePages(db, survey.id, {})) rows.push(...page);
    expect(rows).toHaveLength(COUNT);
    for (const row of rows) expect(byCell.of(row)).toBe(byId.get(row.id));
    // Not all 1: the sample is raked.
    expect(new Set(byId.values()).size).toBeGreaterThan(5);

    const options: ExportOptions = { weights: byCell, weightLabel: byCell.label };
    const expected = (id: string) => Number(byId.get(id)!.toFixed(6));
    // CSV: the Weight column is last.
    const csv = parseCsv(
      (await drain(responsesCsv(db, survey.id, demo.questions, options))).toString('utf8'),
    );
    expect(csv[0]!.at(-1)).toBe('Weight');
    for (const line of csv.slice(1)) expect(Number(line.at(-1))).toBe(expected(line[0]!));
    // XLSX.
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(
      (await drain(responsesXlsx(db, survey.id, survey.name, demo.questions, options))) as never,
    );
    const sheet = book.getWorksheet('Responses')!;
    const width = sheet.getRow(1).cellCount;
    expect(sheet.getRow(1).getCell(width).value).toBe('Weight');
    expect(sheet.rowCount).toBe(COUNT + 1);
    sheet.eachRow((row, at) => {
      if (at > 1) expect(row.getCell(width).value).toBe(expected(String(row.getCell(1).value)));
    });
    // .sav and coded CSV: the weight variable holds the unrounded weight.
    const dataset = await responsesDataset(db, survey, demo.questions, options);
    const weightAt = dataset.variables.findIndex((v) => v.name === 'weight');
    expect(dataset.weightVariable).toBe('weight');
    for (const row of dataset.rows) expect(row[weightAt]).toBe(byId.get(row[0] as string));
    const coded = parseCsv(
      (await drain(responsesCodedCsv(db, survey, demo.questions, options)))
        .toString('utf8')
        .replace(/^\uFEFF/, ''),
    );
    const column = coded[0]!.indexOf('weight');
    for (const line of coded.slice(1)) expect(Number(line[column])).toBe(byId.get(line[0]!));
  });
});

describe('keyset pages', () => {
  // Last: it rewrites the completion times. Responses stored with now() have microseconds, and many
  // may share one time; a page must start right after the last row of the one before, never repeat it.
  it('hold every response once when completion times have microseconds and are shared across pages', async () => {
    const db = t.app.database.db;
    await t.app.database.executeSql(
      `update survey_responses set completed_at = timestamptz '2026-11-20 10:00:00.123456+00' + (('x' || substr(md5(id::text), 1, 2))::bit(8)::int % 3) * interval '1 microsecond' where survey_id = $1`,
      [survey.id],
    );
    const ids: string[] = [];
    let last = '';
    for await (const page of responsePages(db, survey.id, {})) {
      for (const row of page) {
        const key = `${row.position}|${row.id}`;
        expect(key > last).toBe(true);
        last = key;
        ids.push(row.id);
      }
    }
    expect(ids).toHaveLength(COUNT);
    expect(new Set(ids).size).toBe(COUNT);
    const csv = parseCsv((await drain(responsesCsv(db, survey.id, demo.questions, {}))).toString('utf8'));
    expect(new Set(csv.slice(1).map((line) => line[0])).size).toBe(COUNT);
  });
});
