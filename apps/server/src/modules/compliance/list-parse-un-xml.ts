import { SaxesParser } from 'saxes';
import type { ParsedListEntry } from '@aurum/domain/compliance/list-entry';
import { EntryCollector, checkFileSize, listFileRefused } from './list-parse-entry.ts';

/**
 * The UN Security Council consolidated list as the UN publishes it in XML (decision 1103):
 * CONSOLIDATED_LIST > INDIVIDUALS > INDIVIDUAL and ENTITIES > ENTITY. Read as a stream with saxes
 * (entries are small trees, built one at a time); a DOCTYPE is refused outright, so no DTD, no
 * entity declaration and no external reference is ever read (XXE, billion laughs).
 */

interface Node {
  name: string;
  text: string;
  children: Node[];
}

/** An entry's tree is a few dozen elements; these bounds stop a hostile one growing without end. */
const ENTRY_NODES_MAX = 2_000;
const TEXT_MAX = 10_000;
const CHUNK = 64 * 1024;

const child = (n: Node, name: string) => n.children.find((c) => c.name === name);
const text = (n: Node, name: string) => child(n, name)?.text.trim() ?? '';
const all = (n: Node, name: string) => n.children.filter((c) => c.name === name);

function birthDate(d: Node): string {
  const date = text(d, 'DATE');
  if (date) return date.slice(0, 10);
  const year = text(d, 'YEAR');
  if (year) return year;
  const from = text(d, 'FROM_YEAR');
  const to = text(d, 'TO_YEAR');
  return from && to ? `${from}-${to}` : from || to;
}

function aliases(n: Node, element: string): ParsedListEntry['names'] {
  return all(n, element)
    .map((a) => ({ name: text(a, 'ALIAS_NAME'), quality: /low/iu.test(text(a, 'QUALITY')) ? ('low' as const) : ('good' as const) }))
    .filter((a) => a.name !== '');
}

function individual(n: Node): ParsedListEntry {
  const primaryName = ['FIRST_NAME', 'SECOND_NAME', 'THIRD_NAME', 'FOURTH_NAME'].map((f) => text(n, f)).join(' ');
  const original = text(n, 'NAME_ORIGINAL_SCRIPT');
  return {
    reference: text(n, 'REFERENCE_NUMBER'),
    type: 'individual',
    primaryName,
    names: [...(original ? [{ name: original, quality: 'good' as const }] : []), ...aliases(n, 'INDIVIDUAL_ALIAS')],
    birthDates: all(n, 'INDIVIDUAL_DATE_OF_BIRTH').map(birthDate),
    nationalities: all(n, 'NATIONALITY').flatMap((x) => all(x, 'VALUE').map((v) => v.text)),
    documents: all(n, 'INDIVIDUAL_DOCUMENT').map((d) => ({ type: text(d, 'TYPE_OF_DOCUMENT'), number: text(d, 'NUMBER'), country: text(d, 'ISSUING_COUNTRY') })),
    details: { dataId: text(n, 'DATAID'), listType: text(n, 'UN_LIST_TYPE'), listedOn: text(n, 'LISTED_ON') },
  };
}

function entity(n: Node): ParsedListEntry {
  return {
    reference: text(n, 'REFERENCE_NUMBER'),
    type: 'entity',
    primaryName: text(n, 'FIRST_NAME'),
    names: aliases(n, 'ENTITY_ALIAS'),
    birthDates: [],
    nationalities: [],
    documents: [],
    details: { dataId: text(n, 'DATAID'), listType: text(n, 'UN_LIST_TYPE'), listedOn: text(n, 'LISTED_ON') },
  };
}

/** The sections and the element each holds. */
const SECTIONS: Record<string, string> = { INDIVIDUALS: 'INDIVIDUAL', ENTITIES: 'ENTITY' };

export function parseUnXml(bytes: Uint8Array, truncated = false): ParsedListEntry[] {
  checkFileSize(bytes, truncated);
  const collector = new EntryCollector();
  const parser = new SaxesParser({ xmlns: false, position: true });
  const path: string[] = [];
  let entryStack: Node[] = [];
  let nodes = 0;
  let sawRoot = false;

  parser.on('doctype', () => {
    throw listFileRefused('doctype', 'DOCTYPE: a list file may not declare a DTD or entities');
  });
  parser.on('opentag', (tag) => {
    const depth = path.length;
    path.push(tag.name);
    if (depth === 0) {
      if (tag.name !== 'CONSOLIDATED_LIST') throw listFileRefused('schema', `root element ${tag.name}: expected CONSOLIDATED_LIST`);
      sawRoot = true;
      return;
    }
    if (depth === 2) {
      const expected = SECTIONS[path[1]!];
      if (expected !== undefined && tag.name !== expected) throw listFileRefused('schema', `element ${tag.name} in ${path[1]}: expected ${expected}`);
      if (expected === undefined) return;
      nodes = 0;
      entryStack = [{ name: tag.name, text: '', children: [] }];
      return;
    }
    if (depth > 2 && entryStack.length > 0) {
      if (++nodes > ENTRY_NODES_MAX) throw listFileRefused('schema', `element ${path[2]}: more than ${ENTRY_NODES_MAX} elements`);
      const node: Node = { name: tag.name, text: '', children: [] };
      entryStack.at(-1)!.children.push(node);
      entryStack.push(node);
    }
  });
  const onText = (t: string) => {
    const node = entryStack.at(-1);
    if (!node) return;
    if (node.text.length + t.length > TEXT_MAX) throw listFileRefused('field', `element ${node.name}: text longer than ${TEXT_MAX} characters`);
    node.text += t;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', () => {
    const depth = path.length - 1;
    const name = path.pop()!;
    if (entryStack.length === 0) return;
    if (depth === 2) {
      const [node] = entryStack;
      entryStack = [];
      const dataId = text(node!, 'DATAID');
      collector.add(name === 'INDIVIDUAL' ? individual(node!) : entity(node!), `${name}${dataId ? ` DATAID ${dataId.slice(0, 20)}` : ''}`);
    } else {
      entryStack.pop();
    }
  });

  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for (let at = 0; at < bytes.length; at += CHUNK) parser.write(decoder.decode(bytes.subarray(at, at + CHUNK), { stream: true }));
    parser.write(decoder.decode()).close();
  } catch (error) {
    if (error instanceof TypeError) throw listFileRefused('notUtf8', 'file: not UTF-8 text');
    if ((error as { code?: number }).code !== undefined) throw error;
    throw listFileRefused('xml', `XML: ${(error as Error).message.slice(0, 200)}`);
  }
  if (!sawRoot) throw listFileRefused('schema', 'no CONSOLIDATED_LIST element');
  return collector.entries;
}
