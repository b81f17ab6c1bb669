import { queryOptions, useQuery } from '@tanstack/react-query';
import { type BuildInfo, buildInfoSchema } from '@tv/contract';

/** The build this tab is running, baked in by the Vite build-info plugin. */
export const bundledBuildInfo: BuildInfo = __BUILD_INFO__;

export async function getBuildInfo(signal?: AbortSignal): Promise<BuildInfo> {
  const response = await fetch('/build.json', { cache: 'no-store', ...(signal ? { signal } : {}) });
  if (!response.ok) throw new Error(`[build-info, GET, /build.json request errored]`);
  return buildInfoSchema.parse(await response.json());
}

export const buildInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['platform', 'build-info'],
    queryFn: ({ signal }) => getBuildInfo(signal),
    refetchInterval: 5 * 60_000,
    refetchOnWindowFocus: 'always',
    staleTime: 0,
    retry: false,
  });

export const useBuildInfo = (enabled: boolean) => useQuery({ ...buildInfoQueryOptions(), enabled });

export const isNewerBuild = (served: BuildInfo | undefined, bundled: BuildInfo = bundledBuildInfo) =>
  served !== undefined && served.buildTime !== bundled.buildTime;
