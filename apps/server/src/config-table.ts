import { CONFIG_VARIABLES } from './config.ts';

/** The markers around README.md's configuration table; what lies between them is generated. */
export const CONFIG_TABLE_START = '<!-- config-table: generated from CONFIG_SCHEMA in apps/server/src/config.ts by `npm run docs:config`; edit it there -->';
export const CONFIG_TABLE_END = '<!-- /config-table -->';

const cell = (text: string) => text.replaceAll('|', '\\|');

/** The README's configuration table (markdown), one row per variable of CONFIG_SCHEMA, in its order. */
export function configTable(): string {
  const rows = CONFIG_VARIABLES.map(([name, meaning, shown]) => `| \`${name}\` | ${cell(meaning)} | ${cell(shown)} |`);
  return ['| variable | meaning | default |', '|---|---|---|', ...rows].join('\n');
}

/** The README with the table between the markers rewritten; throws when the markers are missing. */
export function withConfigTable(readme: string): string {
  const start = readme.indexOf(CONFIG_TABLE_START);
  const end = readme.indexOf(CONFIG_TABLE_END);
  if (start < 0 || end < start) throw new Error(`README.md lacks the configuration table markers ${CONFIG_TABLE_START} ... ${CONFIG_TABLE_END}`);
  return `${readme.slice(0, start + CONFIG_TABLE_START.length)}\n\n${configTable()}\n\n${readme.slice(end)}`;
}
