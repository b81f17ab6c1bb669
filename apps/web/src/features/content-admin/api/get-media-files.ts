import { queryOptions, useQuery } from '@tanstack/react-query';
import { cms } from '../../../lib/cms-client';
import { contentAdminKey } from './get-content-entries';

/** A file of the media library as the Strapi upload API describes it. */
export interface MediaFile {
  id: number;
  name: string;
  url: string;
  mime: string;
  size: number;
  width: number | null;
  height: number | null;
  alternativeText: string | null;
}

export const mediaFilesKey = [...contentAdminKey, 'media'] as const;

const isMediaFile = (value: unknown): value is MediaFile =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as MediaFile).id === 'number' &&
  typeof (value as MediaFile).url === 'string' &&
  typeof (value as MediaFile).mime === 'string';

/** Strapi answers a bare array; anything else in it is skipped rather than breaking the library. */
export const toMediaFiles = (body: unknown): MediaFile[] =>
  Array.isArray(body) ? body.filter(isMediaFile) : [];

/** GET /cms/api/upload/files: the whole media library. */
export async function getMediaFiles(signal?: AbortSignal) {
  const body = await cms.get('/api/upload/files', { ...(signal ? { signal } : {}) });
  return toMediaFiles(body);
}

export const mediaFilesQueryOptions = () =>
  queryOptions({ queryKey: mediaFilesKey, queryFn: ({ signal }) => getMediaFiles(signal) });

export const useMediaFiles = () => useQuery(mediaFilesQueryOptions());

export const isImage = (file: Pick<MediaFile, 'mime'>) => file.mime.startsWith('image/');
