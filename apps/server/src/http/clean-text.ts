/**
 * Text PostgreSQL cannot hold: a NUL character (refused in text and jsonb) or a UTF-16 surrogate
 * without its pair (a lone \uD800 is not Unicode: refused in jsonb, silently replaced elsewhere).
 */
const BAD_TEXT = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isBadText(value: string): boolean {
  return BAD_TEXT.test(value);
}

/** An object of fields (JSON, the query parser's null-prototype records, multipart fields); not a Buffer or a Date. */
function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.prototype.toString.call(value) === '[object Object]';
}

/**
 * The path (`a.b.0.c`, as route() names a field) of the first string in a parsed input (JSON,
 * query, path parameters, multipart fields) that holds bad text, or of the object whose key does;
 * `root` when it is the input itself; null when all text is clean. Walks records and arrays
 * only (an uploaded file's bytes are not text), without recursion (any depth of nesting).
 */
export function badTextPath(input: unknown, root: string): string | null {
  interface Node {
    value: unknown;
    key: string | null;
    parent: Node | null;
  }
  const name = (node: Node) => {
    const keys: string[] = [];
    for (let n: Node | null = node; n && n.key !== null; n = n.parent) keys.unshift(n.key);
    return keys.length > 0 ? keys.join('.') : root;
  };
  const stack: Node[] = [{ value: input, key: null, parent: null }];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const { value } = node;
    if (typeof value === 'string') {
      if (isBadText(value)) return name(node);
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], key: String(i), parent: node });
    } else if (isRecord(value)) {
      const keys = Object.keys(value);
      if (keys.some(isBadText)) return name(node);
      for (let i = keys.length - 1; i >= 0; i--) stack.push({ value: value[keys[i]!], key: keys[i]!, parent: node });
    }
  }
  return null;
}
