import { Alert, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCheck, IconDownload, IconUpload } from '@tabler/icons-react';
import { XLIFF_MAX_BYTES, xliffTooLargeMessage } from '@tv/contract';
import { useRef, useState } from 'react';
import { downloadTranslationFile, useImportTranslationFile } from '../api/translation-files';
import { apiProblem } from '../utils/api-error';
import { useEditor } from './editor-context';

type Result = { kind: 'done' | 'error'; title: string; message: string } | null;

/** '12 texts updated', 'No text changed: …'. */
export function importResultMessage(updated: number): string {
  if (updated === 0)
    return 'No text changed: the file holds the same Spanish as the survey, or no translations yet.';
  return `${updated} ${updated === 1 ? 'text' : 'texts'} updated from the file.`;
}

/**
 * The Spanish tab's translation files (decision 045): 'Export for translation (XLIFF)' downloads the
 * survey's texts for a translator; 'Import translation' reads their file back into the Spanish
 * version. The result, or what is wrong with the file, is said here, under the buttons.
 */
export function TranslationFileControls() {
  const { survey, autosave, editable } = useEditor();
  const importFile = useImportTranslationFile(survey.id, (saved) => autosave.receive(saved, editable));
  const [exporting, setExporting] = useState(false);
  const [result, setResult] = useState<Result>(null);
  const resetRef = useRef<() => void>(null);

  /** The file holds what is saved, and an import starts from it: the latest edits go first. */
  const savedFirst = async (what: 'exported' | 'imported') => {
    if (await autosave.saveNow()) return true;
    setResult({
      kind: 'error',
      title: what === 'exported' ? 'Not exported' : 'Not imported',
      message: `Your latest changes are not saved yet, so nothing was ${what}. Fix what the editor points out, then try again.`,
    });
    return false;
  };

  const exportFile = async () => {
    setExporting(true);
    setResult(null);
    try {
      if (editable && !(await savedFirst('exported'))) return;
      await downloadTranslationFile(survey.id, autosave.getState().draft.name || survey.name);
    } catch (error) {
      setResult({ kind: 'error', title: 'Not exported', message: apiProblem(error).message });
    } finally {
      setExporting(false);
    }
  };

  const chosen = async (file: File | null) => {
    resetRef.current?.();
    if (!file) return;
    setResult(null);
    if (file.size > XLIFF_MAX_BYTES) {
      setResult({ kind: 'error', title: 'Not imported', message: `${file.name}: ${xliffTooLargeMessage}` });
      return;
    }
    if (!(await savedFirst('imported'))) return;
    try {
      const xliff = await file.text();
      const { updated } = await importFile.run({ version: autosave.getState().baseVersion, xliff });
      setResult({ kind: 'done', title: 'Translation imported', message: importResultMessage(updated) });
    } catch (error) {
      const problem = apiProblem(error);
      setResult({ kind: 'error', title: 'Not imported', message: `${file.name}: ${problem.message}` });
    }
  };

  return (
    <Stack gap="xs" data-testid="translation-files">
      <Text size="sm" c="dimmed">
        Working with a translator? Export the texts as an XLIFF file, which translation tools open, and import
        the translated file here.
      </Text>
      <Group gap="sm">
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={exporting}
          onClick={() => void exportFile()}
        >
          Export for translation (XLIFF)
        </Button>
        {editable ? (
          <FileButton
            onChange={(file) => void chosen(file)}
            accept=".xlf,.xliff,application/xliff+xml,application/xml,text/xml"
            resetRef={resetRef}
          >
            {(props) => (
              <Button
                {...props}
                variant="default"
                leftSection={<IconUpload size={16} aria-hidden />}
                loading={importFile.pending}
              >
                Import translation
              </Button>
            )}
          </FileButton>
        ) : null}
      </Group>
      <div aria-live="polite">
        {result ? (
          <Alert
            color={result.kind === 'done' ? 'teal' : 'red'}
            variant="light"
            icon={
              result.kind === 'done' ? (
                <IconCheck size={18} aria-hidden />
              ) : (
                <IconAlertCircle size={18} aria-hidden />
              )
            }
            title={result.title}
            data-testid="translation-file-result"
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => setResult(null)}
          >
            {result.message}
          </Alert>
        ) : null}
      </div>
    </Stack>
  );
}
