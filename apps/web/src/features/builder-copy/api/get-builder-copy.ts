import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import builderCopyFile from '@tv/contract/copy/builder-copy.json';
import { cms } from '../../../lib/cms-client';

/** One section of the interface copy; the builder's keys are those of the bundled copy file. */
export type BuilderCopy = (typeof builderCopyFile)['builder'];
export type CopySection = Record<string, string>;

export const FALLBACK_COPY_PATH = '/copy/strapiCopyFallback.json';
/** Spec §9: copy is kept in memory and fetched again after 10 minutes. */
export const COPY_CACHE_MS = 600_000;

async function fetchFallbackCopy(signal?: AbortSignal): Promise<unknown> {
  const response = await fetch(FALLBACK_COPY_PATH, signal ? { signal } : {});
  if (!response.ok) throw new Error(`[cms, GET, ${FALLBACK_COPY_PATH} request errored]`);
  return response.json();
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The copy JSON is keyed by section, then by key (spec §3); anything but text is ignored. */
export function sectionOf(body: unknown, section: string): CopySection | null {
  const entries = isRecord(body) ? body[section] : undefined;
  if (!isRecord(entries)) return null;
  return Object.fromEntries(
    Object.entries(entries).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/** The keys the app's own copy file has per section, so a partial answer can be told from a whole one. */
const knownKeys: Record<string, readonly string[]> = Object.fromEntries(
  Object.entries(builderCopyFile).map(([section, entries]) => [section, Object.keys(entries)]),
);

const isComplete = (copy: CopySection, section: string) =>
  (knownKeys[section] ?? []).every((key) => typeof copy[key] === 'string');

/**
 * GET /cms/api/teenvoice-copy.json, one section of it. The copy file shipped with the app is fetched
 * only when that call fails, lacks the section or leaves out keys the app uses; then it is used
 * silently (spec §8), the content service's texts winning key by key, so no text is ever blank.
 */
export async function getCopy(section = 'builder', signal?: AbortSignal): Promise<CopySection> {
  const options = signal ? { signal } : {};
  let service: CopySection | null = null;
  try {
    service = sectionOf(await cms.get('/api/teenvoice-copy.json', options), section);
  } catch (error) {
    if (signal?.aborted) throw error;
  }
  if (service && isComplete(service, section)) return service;

  let file: CopySection | null = null;
  try {
    file = sectionOf(await fetchFallbackCopy(signal), section);
  } catch (error) {
    if (!service) throw error;
  }
  if (!service && !file) throw new Error(`[cms, copy section ${section} missing]`);
  return { ...file, ...service };
}

export const copyQueryOptions = (section = 'builder') =>
  queryOptions({
    queryKey: ['cms', 'copy', section],
    queryFn: ({ signal }) => getCopy(section, signal),
    staleTime: COPY_CACHE_MS,
    gcTime: COPY_CACHE_MS,
    // A screen left open picks up edited copy too, not only the next one to mount.
    refetchInterval: COPY_CACHE_MS,
  });

export const builderCopyQueryOptions = () => copyQueryOptions('builder');

/** The builder's copy; routes load it before the screen, so this rarely suspends. */
export function useBuilderCopy(): BuilderCopy {
  return useSuspenseQuery(builderCopyQueryOptions()).data as BuilderCopy;
}
