import type { SaveSurvey, Survey } from '@tv/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../lib/http-error';
import { createAutosave } from './autosave';
import { draftFromSurvey } from './draft';
import { memoryDraftStorage } from './draft-storage';

const question = (id: string, title: string) => ({
  id,
  type: 'short_text' as const,
  title,
  description: null,
  required: true,
  randomizeOptions: false,
  options: [],
  rows: [],
  scale: null,
  displayLogic: null,
});

const survey = (patch: Partial<Survey> = {}): Survey => ({
  id: '4a7c1f5e-2b3d-4e6f-8a9b-0c1d2e3f4a5b',
  organizationId: null,
  organizationName: null,
  projectId: null,
  type: 'long_form',
  name: 'Survey',
  description: null,
  status: 'draft',
  version: 1,
  questions: [question('9b2f6a0e-3c1d-4f7a-8e2b-5d6c7a8b9c0d', 'How are you?')],
  audience: null,
  tags: [],
  rejection: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  ...patch,
});

const savedFrom = (payload: SaveSurvey, version: number): Survey => ({
  ...survey(),
  ...payload,
  version,
});

const conflictError = (current: Survey) =>
  new HttpError(409, '[useBackend survey, PUT, /v2/surveys/x request errored]', {
    statusCode: 409,
    error: 'Conflict',
    code: 'VERSION_CONFLICT',
    message: 'Someone else saved this survey while you were editing.',
    data: { current },
  });

const rename = (name: string) => (draft: ReturnType<typeof draftFromSurvey>) => ({ ...draft, name });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('survey autosave', () => {
  it('debounces edits into one save based on the loaded version, and forgets the local copy once saved', async () => {
    const save = vi.fn(async (payload: SaveSurvey) => savedFrom(payload, payload.version + 1));
    const storage = memoryDraftStorage();
    const autosave = createAutosave({ survey: survey(), editable: true, save, storage });

    autosave.edit(rename('Sleep'));
    autosave.edit(rename('Sleep and school'));
    expect(autosave.getState().status).toBe('pending');
    expect(storage.read()?.draft.name).toBe('Sleep and school');

    await vi.advanceTimersByTimeAsync(799);
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save.mock.calls[0]?.[0]).toMatchObject({ version: 1, name: 'Sleep and school' });
    expect(autosave.getState()).toMatchObject({ status: 'saved', baseVersion: 2 });
    expect(storage.read()).toBeNull();
  });

  it('saves edits made during a save afterwards, on top of the new version', async () => {
    let finish: (value: Survey) => void = () => {};
    const save = vi
      .fn<(payload: SaveSurvey) => Promise<Survey>>()
      .mockImplementationOnce(
        (payload) => new Promise((resolve) => (finish = () => resolve(savedFrom(payload, 2)))),
      )
      .mockImplementation(async (payload) => savedFrom(payload, payload.version + 1));
    const autosave = createAutosave({
      survey: survey(),
      editable: true,
      save,
      storage: memoryDraftStorage(),
    });

    autosave.edit(rename('First'));
    await vi.advanceTimersByTimeAsync(800);
    expect(autosave.getState().status).toBe('saving');
    autosave.edit(rename('Second'));
    finish(survey());
    await vi.advanceTimersByTimeAsync(800);

    expect(save).toHaveBeenCalledTimes(2);
    expect(save.mock.calls[1]?.[0]).toMatchObject({ version: 2, name: 'Second' });
    expect(autosave.getState()).toMatchObject({ status: 'saved', baseVersion: 3 });
  });

  it('never overwrites a version someone else saved: it shows both and waits for a choice', async () => {
    const theirs = survey({ version: 2, name: 'Their name', updatedAt: '2025-01-02T00:00:00.000Z' });
    const save = vi
      .fn<(payload: SaveSurvey) => Promise<Survey>>()
      .mockRejectedValueOnce(conflictError(theirs));
    const storage = memoryDraftStorage();
    const autosave = createAutosave({ survey: survey(), editable: true, save, storage });

    autosave.edit(rename('My name'));
    await vi.advanceTimersByTimeAsync(800);

    expect(autosave.getState()).toMatchObject({ status: 'conflict', conflict: theirs });
    expect(autosave.getState().draft.name).toBe('My name');
    expect(storage.read()?.draft.name).toBe('My name');

    autosave.edit(rename('My better name'));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('keeps my version by saving it on top of the version the server has now', async () => {
    const theirs = survey({ version: 5, name: 'Their name' });
    const save = vi
      .fn<(payload: SaveSurvey) => Promise<Survey>>()
      .mockRejectedValueOnce(conflictError(theirs))
      .mockImplementation(async (payload) => savedFrom(payload, payload.version + 1));
    const autosave = createAutosave({
      survey: survey(),
      editable: true,
      save,
      storage: memoryDraftStorage(),
    });

    autosave.edit(rename('My name'));
    await vi.advanceTimersByTimeAsync(800);
    autosave.keepMine();
    await vi.advanceTimersByTimeAsync(0);

    expect(save).toHaveBeenCalledTimes(2);
    expect(save.mock.calls[1]?.[0]).toMatchObject({ version: 5, name: 'My name' });
    expect(autosave.getState()).toMatchObject({ status: 'saved', baseVersion: 6, conflict: null });
    expect(autosave.getState().setAside).toMatchObject({ source: 'theirs', draft: { name: 'Their name' } });
  });

  it('takes the saved version and sets mine aside to copy from', async () => {
    const theirs = survey({ version: 3, name: 'Their name' });
    const onSaved = vi.fn();
    const save = vi
      .fn<(payload: SaveSurvey) => Promise<Survey>>()
      .mockRejectedValueOnce(conflictError(theirs));
    const storage = memoryDraftStorage();
    const autosave = createAutosave({ survey: survey(), editable: true, save, storage, onSaved });

    autosave.edit(rename('My name'));
    await vi.advanceTimersByTimeAsync(800);
    autosave.takeTheirs();

    expect(autosave.getState()).toMatchObject({ status: 'saved', baseVersion: 3, conflict: null });
    expect(autosave.getState().draft.name).toBe('Their name');
    expect(autosave.getState().setAside).toMatchObject({ source: 'mine', draft: { name: 'My name' } });
    expect(storage.read()).toBeNull();
    expect(onSaved).toHaveBeenCalledWith(theirs);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('retries by itself when the network fails, keeping the edit on this device meanwhile', async () => {
    const save = vi
      .fn<(payload: SaveSurvey) => Promise<Survey>>()
      .mockRejectedValueOnce(new HttpError(0, '[useBackend survey, PUT, /v2/surveys/x request errored]'))
      .mockImplementation(async (payload) => savedFrom(payload, 2));
    const storage = memoryDraftStorage();
    const autosave = createAutosave({
      survey: survey(),
      editable: true,
      save,
      storage,
      retryDelaysMs: [1_000],
    });

    autosave.edit(rename('Offline edit'));
    await vi.advanceTimersByTimeAsync(800);
    expect(autosave.getState().status).toBe('retrying');
    expect(storage.read()?.draft.name).toBe('Offline edit');

    await vi.advanceTimersByTimeAsync(1_000);
    expect(save).toHaveBeenCalledTimes(2);
    expect(autosave.getState().status).toBe('saved');
    expect(storage.read()).toBeNull();
  });

  it('holds an incomplete draft on this device and says what is missing', async () => {
    const save = vi.fn();
    const autosave = createAutosave({
      survey: survey(),
      editable: true,
      save,
      storage: memoryDraftStorage(),
    });

    autosave.edit((draft) => ({
      ...draft,
      questions: [...draft.questions, question('5c9e1a2b-3d4f-4a6b-8c7d-9e0f1a2b3c4d', '')],
    }));
    await vi.advanceTimersByTimeAsync(800);

    expect(save).not.toHaveBeenCalled();
    expect(autosave.getState()).toMatchObject({
      status: 'invalid',
      message: 'Question 2: Write the question',
    });
  });

  it('restores unsaved edits after a reload and saves them', async () => {
    const storage = memoryDraftStorage();
    storage.write({ baseVersion: 1, draft: { ...draftFromSurvey(survey()), name: 'Before the reload' } });
    const save = vi.fn(async (payload: SaveSurvey) => savedFrom(payload, 2));
    const autosave = createAutosave({ survey: survey(), editable: true, save, storage });

    expect(autosave.getState()).toMatchObject({ status: 'pending', draft: { name: 'Before the reload' } });
    await vi.advanceTimersByTimeAsync(800);
    expect(save.mock.calls[0]?.[0]).toMatchObject({ version: 1, name: 'Before the reload' });
  });

  it('asks which version to keep when the stored edits are older than the saved survey', () => {
    const storage = memoryDraftStorage();
    storage.write({ baseVersion: 1, draft: { ...draftFromSurvey(survey()), name: 'Stored on this device' } });
    const saved = survey({ version: 4, name: 'Saved elsewhere' });
    const autosave = createAutosave({ survey: saved, editable: true, save: vi.fn(), storage });

    expect(autosave.getState()).toMatchObject({
      status: 'conflict',
      conflict: saved,
      draft: { name: 'Stored on this device' },
    });
  });

  it('adopts a newer saved version when nothing waits to be saved, and locks when the survey leaves draft', () => {
    const autosave = createAutosave({
      survey: survey(),
      editable: true,
      save: vi.fn(),
      storage: memoryDraftStorage(),
    });
    autosave.receive(survey({ version: 2, name: 'Renamed elsewhere' }), true);
    expect(autosave.getState()).toMatchObject({ baseVersion: 2, draft: { name: 'Renamed elsewhere' } });

    autosave.receive(survey({ version: 2, status: 'in_moderation' }), false);
    expect(autosave.getState().status).toBe('locked');
    autosave.edit(rename('Ignored'));
    expect(autosave.getState().draft.name).not.toBe('Ignored');
  });
});
