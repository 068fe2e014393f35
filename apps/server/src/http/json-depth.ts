/** How deeply a JSON body may nest objects and arrays: far beyond any call of the API, far below a stack overflow. */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether a parsed JSON value nests objects or arrays deeper than `limit`; walked without
 * recursion, so any depth is measured safely (a recursive walk, JSON.stringify among them, would
 * overflow the stack on a body of a few hundred thousand brackets).
 */
export function nestedDeeperThan(value: unknown, limit: number = MAX_JSON_DEPTH): boolean {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (typeof node.value !== 'object' || node.value === null) continue;
    const depth = node.depth + 1;
    if (depth > limit) return true;
    for (const child of Array.isArray(node.value) ? node.value : Object.values(node.value)) {
      if (typeof child === 'object' && child !== null) stack.push({ value: child, depth });
    }
  }
  return false;
}
