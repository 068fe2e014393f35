import { useQuery } from '@tanstack/react-query';
import { settingsQueries, type BuildInfo } from './settings-queries.ts';

/** The backend version as the sidebar shows it: branch_shortcommit. */
export function backendVersion(info: BuildInfo): string {
  return `${info.branch}_${info.commit.slice(0, 7)}`;
}

export function useBuildInfo() {
  return useQuery(settingsQueries.buildInfo());
}
