import {
  editableStatuses,
  notEditableMessages,
  pruneTranslations,
  reconcileTranslationSources,
  type SurveyStatus,
  translatableTexts,
  translationPlace,
  withTranslatedText,
} from '@tv/contract';
import type { Db } from '../../db/client';
import { HttpError } from '../../plugins/errors';
import type { Viewer } from '../identity/service';
import * as repo from './repository';
import type { SurveysService } from './service';
import { buildXliff, fileIdOf, parseXliff, unitIdOf } from './translation-files';

/**
 * Translation files (decision 045): a survey's texts out as XLIFF 2.0 for a translator, and the
 * translated file back into the Spanish version of a draft, under the same rules as the autosave
 * that saves the Spanish tab (decision 033): same organisation, surveys~update, a draft or changes
 * requested, and the version the author saw.
 */
export function createTranslationFiles(db: Db, surveys: SurveysService) {
  /** The file to give a translator: whoever may see the survey may export its texts. */
  async function exportFile(viewer: Viewer, id: string) {
    const row = await surveys.authorize(viewer, id, 'surveys~view');
    const questions = await repo.listQuestions(db, row.id);
    const survey = { id: row.id, name: row.name, description: row.description, questions };
    return { name: row.name, xliff: buildXliff(survey, row.translations, row.translationSources) };
  }

  const invalid = (message: string) => new HttpError(400, message, 'TRANSLATION_FILE_INVALID');

  /**
   * Reads the file into the Spanish version. Every problem is found before anything is written, so a
   * refused file changes nothing; a file that changes no text writes nothing (the version stays).
   */
  async function importFile(viewer: Viewer, id: string, input: { version: number; xliff: string }) {
    const row = await surveys.authorize(viewer, id, 'surveys~update');
    if (!editableStatuses.includes(row.status as SurveyStatus)) {
      throw new HttpError(409, notEditableMessages[row.status as SurveyStatus], 'NOT_EDITABLE');
    }
    const parsed = parseXliff(input.xliff);
    if (!parsed.ok) throw invalid(parsed.problem);
    if (parsed.fileId !== fileIdOf(row.id)) {
      throw invalid(
        'This file holds the texts of another survey. Export the file from this survey, translate it and import that one.',
      );
    }
    const questions = await repo.listQuestions(db, row.id);
    const survey = { name: row.name, description: row.description, questions };
    const texts = new Map(translatableTexts(survey, row.translations, 'es').map((t) => [unitIdOf(t), t]));

    const unknown = parsed.units.filter((unit) => !texts.has(unit.id)).map((unit) => unit.id);
    if (unknown.length > 0) {
      const named = unknown.slice(0, 3).join(', ');
      throw invalid(
        `The file has ${unknown.length === 1 ? 'a text' : `${unknown.length} texts`} this survey does not have (${named}${unknown.length > 3 ? ', …' : ''}). ` +
          'Their questions or options may have been deleted since the export: export a fresh file and copy the translations over.',
      );
    }
    for (const unit of parsed.units) {
      const text = texts.get(unit.id)!;
      const length = unit.target === null ? 0 : [...unit.target].length;
      if (length > text.maxLength) {
        throw invalid(
          `${translationPlace(text, questions)}: the Spanish is ${length.toLocaleString('en-US')} characters; it can be at most ${text.maxLength.toLocaleString('en-US')}, like the English one. Shorten it and import the file again.`,
        );
      }
    }

    let translations: unknown = row.translations;
    const fromEnglish: Record<string, string> = {};
    let updated = 0;
    for (const unit of parsed.units) {
      const text = texts.get(unit.id)!;
      // A unit without a target leaves the text as it is: a file only adds or changes translations.
      if (unit.target === null || unit.target === text.translated) continue;
      translations = withTranslatedText(translations, text, unit.target);
      if (unit.source) fromEnglish[text.key] = unit.source;
      updated += 1;
    }
    if (updated === 0) return { survey: await surveys.toSurvey(row), updated };

    return db.transaction(async (tx) => {
      const saved = await repo.updateSurveyIfVersion(tx, row.id, input.version, {
        translations: pruneTranslations(survey, translations),
        translationSources: reconcileTranslationSources({
          survey,
          previous: row.translations,
          next: translations,
          recorded: row.translationSources,
          fromEnglish,
        }),
      });
      if (!saved) {
        throw new HttpError(
          409,
          'Someone saved this survey while the file was being imported, so nothing was imported. Import the file again.',
          'VERSION_CONFLICT',
          { current: await surveys.toSurvey(row, tx) },
        );
      }
      return { survey: await surveys.toSurvey(saved, tx), updated };
    });
  }

  return { exportFile, importFile };
}
