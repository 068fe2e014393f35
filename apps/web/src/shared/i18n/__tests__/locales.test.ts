import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ValidationMessage } from '@aurum/domain/validation/rules';
import { ADMIN_ROLES } from '@aurum/domain/access/roles';
import { AUDIT_ACTIONS } from '@aurum/domain/audit/classifications';
import { LANGUAGES, NAMESPACES, DEFAULT_NAMESPACES } from '../languages.ts';
import { NAV_GROUPS } from '../../../app/shell/nav-items.ts';
import { ROUTES, titleKey } from '../../../app/route-table.ts';

const localesDir = new URL('../../../locales/', import.meta.url);

type Tree = { [key: string]: string | Tree };

function load(language: string, namespace: string): Tree {
  return JSON.parse(readFileSync(new URL(`${language}/${namespace}.json`, localesDir), 'utf8')) as Tree;
}

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const variables = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

/** Keys whose value is the same in every language on purpose (brand names). */
const SAME_IN_EVERY_LANGUAGE = new Set(['sidebar:brand']);

const codes = LANGUAGES.map((l) => l.code);
const keysOf = (language: string, namespace: string) => flatten(load(language, namespace));

/** i18next's plural suffixes (`key_one`, `key_other`: the CLDR categories of each language). */
const PLURAL = /_(zero|one|two|few|many|other)$/;
/** A key without its plural suffix. */
const baseKey = (key: string) => key.replace(PLURAL, '');
/** The keys a language must have: plural keys by base key, plus the categories that language uses. */
function keySetOf(language: string, namespace: string): string[] {
  const out = new Set<string>();
  for (const key of keysOf(language, namespace).keys()) out.add(PLURAL.test(key) ? `${baseKey(key)}_{plural}` : key);
  return [...out].sort();
}

describe('locale files', () => {
  it.each(codes)('%s has exactly one file per namespace', (language) => {
    const files = readdirSync(new URL(`${language}/`, localesDir)).sort();
    expect(files).toEqual(NAMESPACES.map((ns) => `${ns}.json`).sort());
  });

  it('there is a folder per language and no other', () => {
    const folders = readdirSync(localesDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
    expect(folders.sort()).toEqual([...codes].sort());
  });

  it('the default namespaces are namespaces', () => {
    for (const ns of DEFAULT_NAMESPACES) expect(NAMESPACES).toContain(ns);
  });

  describe.each(NAMESPACES)('namespace %s', (namespace) => {
    it('has the same keys in every language', () => {
      const [first, ...others] = codes;
      const reference = keySetOf(first as string, namespace);
      for (const language of others) {
        const keys = keySetOf(language, namespace);
        const missing = reference.filter((k) => !keys.includes(k)).map((k) => `${language} lacks ${namespace}:${k}`);
        const extra = keys.filter((k) => !reference.includes(k)).map((k) => `${first} lacks ${namespace}:${k}`);
        expect([...missing, ...extra]).toEqual([]);
      }
    });

    it('has exactly the plural forms of its language for every counted text (i18next, CLDR categories)', () => {
      const problems: string[] = [];
      for (const language of codes) {
        const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories.sort();
        const forms = new Map<string, string[]>();
        for (const key of keysOf(language, namespace).keys()) {
          if (PLURAL.test(key)) forms.set(baseKey(key), [...(forms.get(baseKey(key)) ?? []), PLURAL.exec(key)![1]!]);
        }
        for (const [base, found] of forms) {
          if (JSON.stringify(found.sort()) !== JSON.stringify(categories)) problems.push(`${language} ${namespace}:${base} has ${found.join(',')}, not ${categories.join(',')}`);
          const texts = categories.map((c) => keysOf(language, namespace).get(`${base}_${c}`) ?? '');
          if (!texts.every((text) => text.includes('{{count}}'))) problems.push(`${language} ${namespace}:${base} does not show {{count}}`);
        }
      }
      expect(problems).toEqual([]);
    });

    it('has a non-empty text with the same placeholders for every key in every language', () => {
      const english = keysOf('en', namespace);
      const problems: string[] = [];
      for (const language of codes) {
        for (const [key, text] of keysOf(language, namespace)) {
          if (text.trim() === '') problems.push(`${language} ${namespace}:${key} is empty`);
          const expected = variables(english.get(key) ?? english.get(`${baseKey(key)}_other`) ?? '');
          if (JSON.stringify(variables(text)) !== JSON.stringify(expected)) problems.push(`${language} ${namespace}:${key} placeholders differ`);
        }
      }
      expect(problems).toEqual([]);
    });

    it('is really translated into Traditional Chinese', () => {
      const untranslated = [...keysOf('zh-Hant', namespace)]
        .filter(([key, text]) => !SAME_IN_EVERY_LANGUAGE.has(`${namespace}:${key}`) && !/[\u4e00-\u9fff]/.test(text))
        .map(([key]) => `${namespace}:${key}`);
      expect(untranslated).toEqual([]);
    });
  });

  it('the validation namespace has a message for every domain validation key', () => {
    const keys = new Set([...keysOf('en', 'validation').keys()].map(baseKey));
    for (const key of Object.values(ValidationMessage)) expect(keys.has(key), `validation:${key}`).toBe(true);
  });

  it('every role, sidebar entry and route title has a text', () => {
    const has = (qualified: string) => {
      const [namespace = '', key = ''] = qualified.split(':');
      return keysOf('en', namespace).has(key);
    };
    const wanted = [
      ...ADMIN_ROLES.map((role) => `common:roles.${role}`),
      ...NAV_GROUPS.flatMap((g) => [...(g.key ? [`sidebar:${g.key}`] : []), ...g.items.map((i) => `sidebar:${i.key}`)]),
      ...ROUTES.flatMap((route) => {
        if (route.title === undefined) return [];
        if (typeof route.title === 'string') return [route.title];
        return [...Object.values(route.title.values), route.title.fallback];
      }),
      titleKey({ param: 'x', values: {}, fallback: 'common:comingTitle' }, new URLSearchParams()),
    ];
    expect(wanted.filter((key) => !has(key))).toEqual([]);
  });

  it('every audit classification has a label in every language (the trail and its filter name none by its key)', () => {
    for (const language of codes) {
      const keys = keysOf(language, 'system');
      expect(AUDIT_ACTIONS.filter((action) => !keys.has(`audit.actions.${action}`)), language).toEqual([]);
    }
  });
});
