import { queryOptions, useQuery } from '@tanstack/react-query';
import { GlMappingAnswer } from '@aurum/domain/finance/gl-mapping';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { useWrite } from '#shared/http/use-write.ts';
import { financeQueries } from './finance-queries.ts';

/** GET finance/gl-mapping → the accountant's mapping in force, every GL account with its mapping, the codes left unmapped (decision 1018). */
export function getGlMapping(signal?: AbortSignal) {
  return http.request(`${SECURE_API}/finance/gl-mapping`, { schema: GlMappingAnswer, signal });
}

/** Under the finance screens' key: any finance write refreshes it too. */
export const glMappingQuery = () => queryOptions({ queryKey: [...financeQueries.all(), 'gl-mapping'], queryFn: ({ signal }) => getGlMapping(signal) });

export function useGlMapping() {
  return useQuery(glMappingQuery());
}

/** PUT finance/gl-mapping (multipart: file; editGlMapping) → the new mapping in force; a bad file is refused whole. */
export function replaceGlMapping(file: File) {
  const form = new FormData();
  form.set('file', file, file.name);
  return http.request(`${SECURE_API}/finance/gl-mapping`, { method: 'PUT', body: form, schema: GlMappingAnswer });
}

export function useReplaceGlMapping() {
  return useWrite(replaceGlMapping, financeQueries.all());
}
