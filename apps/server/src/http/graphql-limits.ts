import { GraphQLError, Kind, type ASTNode, type FragmentDefinitionNode, type SelectionSetNode, type ValidationContext, type ValidationRule } from 'graphql';

/** The size limits of a GraphQL document, checked at validation: nesting depth and fields in all. */
export const MAX_DEPTH = 8;
export const MAX_FIELDS = 300;

/** Refuses documents nested deeper than MAX_DEPTH (fragments followed). */
export function depthLimitRule(max: number): ValidationRule {
  return (context: ValidationContext) => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const d of context.getDocument().definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
    const depth = (set: SelectionSetNode | undefined, seen: Set<string>): number => {
      if (!set) return 0;
      let deepest = 0;
      for (const s of set.selections) {
        if (s.kind === Kind.FIELD) deepest = Math.max(deepest, s.selectionSet ? 1 + depth(s.selectionSet, seen) : 1);
        else if (s.kind === Kind.INLINE_FRAGMENT) deepest = Math.max(deepest, depth(s.selectionSet, seen));
        else if (!seen.has(s.name.value)) deepest = Math.max(deepest, depth(fragments.get(s.name.value)?.selectionSet, new Set([...seen, s.name.value])));
      }
      return deepest;
    };
    return {
      OperationDefinition(node) {
        const d = depth(node.selectionSet, new Set());
        if (d > max) context.reportError(new GraphQLError(`Query is too deep (${d} levels, at most ${max})`, { nodes: [node] }));
      },
    };
  };
}

/** Refuses documents selecting more than MAX_FIELDS fields in all (aliases and fragments included). */
export function costLimitRule(max: number): ValidationRule {
  return (context: ValidationContext) => {
    let fields = 0;
    return {
      Field(node: ASTNode) {
        fields += 1;
        if (fields === max + 1) context.reportError(new GraphQLError(`Query is too large (more than ${max} fields)`, { nodes: [node] }));
      },
    };
  };
}
