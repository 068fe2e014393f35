import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '#shared/http/client.ts';
import { INFOZ_PATH } from '#shared/http/paths.ts';

export const BuildInfo = z.object({ branch: z.string(), commit: z.string() });
export type BuildInfo = z.infer<typeof BuildInfo>;

/** GET /infoz: the server's git branch and commit. */
export function getBuildInfo(): Promise<BuildInfo> {
  return http.request(INFOZ_PATH, { auth: 'none', schema: BuildInfo });
}

/** The backend version as the sidebar shows it: branch_shortcommit. */
export function backendVersion(info: BuildInfo): string {
  return `${info.branch}_${info.commit.slice(0, 7)}`;
}

export function useBuildInfo() {
  return useQuery({ queryKey: ['system', 'infoz'], queryFn: getBuildInfo, staleTime: Infinity, retry: 1 });
}
