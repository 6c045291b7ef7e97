/**
 * What one GraphQL request may cost, checked before anything runs (issue 21): the document's
 * length (before parsing), its tokens (while parsing: graphql-js stops at `maxTokens`), and per
 * operation its aliases, field selections and depth, and that a mutation selects one field (a
 * validation rule that runs before the schema's own rules). Fragments are measured once and
 * counted at every use, so a fragment used twice in a fragment used twice… is refused without
 * being expanded. Pure: no database, no server module.
 */
import { GraphQLError, Kind, parse, type DocumentNode, type FragmentDefinitionNode, type SelectionSetNode, type ValidationRule } from 'graphql';

export interface GraphqlLimits {
  /** Characters of the document (checked before parsing). */
  maxDocumentChars: number;
  /** Lexical tokens of the document (the parser stops after this many). */
  maxTokens: number;
  /** Aliased fields of one operation. */
  maxAliases: number;
  /** Field selections of one operation, each use of a fragment counted. */
  maxFields: number;
  /** Nesting of field selections in one operation (`{ a { b } }` is 2). */
  maxDepth: number;
}

export type GraphqlLimitCode =
  | 'GRAPHQL_DOCUMENT_TOO_LARGE'
  | 'GRAPHQL_TOO_MANY_TOKENS'
  | 'GRAPHQL_TOO_MANY_ALIASES'
  | 'GRAPHQL_TOO_MANY_FIELDS'
  | 'GRAPHQL_TOO_DEEP'
  | 'GRAPHQL_ONE_MUTATION_FIELD';

export interface LimitRefusal {
  code: GraphqlLimitCode;
  message: string;
}

export type ParseOutcome = { ok: true; document: DocumentNode } | { ok: false; refusal: LimitRefusal } | { ok: false; syntaxError: string };

/** Parses a document within the length and token limits. */
export function parseWithinLimits(query: string, limits: Pick<GraphqlLimits, 'maxDocumentChars' | 'maxTokens'>): ParseOutcome {
  if (query.length > limits.maxDocumentChars) {
    return {
      ok: false,
      refusal: { code: 'GRAPHQL_DOCUMENT_TOO_LARGE', message: `The document is longer than ${limits.maxDocumentChars} characters.` },
    };
  }
  try {
    return { ok: true, document: parse(query, { maxTokens: limits.maxTokens, noLocation: true }) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // graphql-js: "Syntax Error: Document contains more that<sic> N tokens. Parsing aborted."
    if (/contains more th(?:an|at) \d+ tokens/.test(message)) {
      return { ok: false, refusal: { code: 'GRAPHQL_TOO_MANY_TOKENS', message: `The document has more than ${limits.maxTokens} tokens.` } };
    }
    return { ok: false, syntaxError: message };
  }
}

/** What a selection set costs. `direct` counts the fields at its own level (through fragments). */
interface Measure {
  fields: number;
  aliases: number;
  depth: number;
  direct: number;
}

const NOTHING: Measure = { fields: 0, aliases: 0, depth: 0, direct: 0 };
const INTROSPECTION_ROOTS = new Set(['__schema', '__type']);

/**
 * Measures every operation of a document. With `skipIntrospection`, `__schema` and `__type`
 * selections count as one field each and their insides not at all (they are answered from the
 * schema in memory, and refused outright where introspection is off).
 */
export function measureOperations(document: DocumentNode, { skipIntrospection = false } = {}) {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const measured = new Map<string, Measure>();
  const inProgress = new Set<string>();

  function fragment(name: string): Measure {
    const known = measured.get(name);
    if (known) return known;
    const definition = fragments.get(name);
    // Unknown and cyclic fragments are the schema rules' to refuse; they cost nothing here.
    if (!definition || inProgress.has(name)) return NOTHING;
    inProgress.add(name);
    const measure = selectionSet(definition.selectionSet);
    inProgress.delete(name);
    measured.set(name, measure);
    return measure;
  }

  function selectionSet(set: SelectionSetNode): Measure {
    let fields = 0;
    let aliases = 0;
    let depth = 0;
    let direct = 0;
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        const inner =
          selection.selectionSet && !(skipIntrospection && INTROSPECTION_ROOTS.has(selection.name.value)) ? selectionSet(selection.selectionSet) : NOTHING;
        fields += 1 + inner.fields;
        aliases += (selection.alias ? 1 : 0) + inner.aliases;
        depth = Math.max(depth, 1 + inner.depth);
        direct += 1;
      } else {
        const inner = selection.kind === Kind.INLINE_FRAGMENT ? selectionSet(selection.selectionSet) : fragment(selection.name.value);
        fields += inner.fields;
        aliases += inner.aliases;
        depth = Math.max(depth, inner.depth);
        direct += inner.direct;
      }
    }
    return { fields, aliases, depth, direct };
  }

  return document.definitions.flatMap((definition) =>
    definition.kind === Kind.OPERATION_DEFINITION ? [{ operation: definition.operation, ...selectionSet(definition.selectionSet) }] : [],
  );
}

const amount = (n: number) => (Number.isSafeInteger(n) ? String(n) : 'more than 9007199254740991');

/** The limits an operation of the document goes over (empty when none). */
export function limitRefusals(document: DocumentNode, limits: GraphqlLimits, options: { skipIntrospection?: boolean } = {}): LimitRefusal[] {
  const refusals: LimitRefusal[] = [];
  for (const m of measureOperations(document, options)) {
    if (m.operation === 'mutation' && m.direct > 1) {
      refusals.push({ code: 'GRAPHQL_ONE_MUTATION_FIELD', message: `A mutation operation may select one field; this one selects ${amount(m.direct)}.` });
    }
    if (m.aliases > limits.maxAliases) {
      refusals.push({
        code: 'GRAPHQL_TOO_MANY_ALIASES',
        message: `The operation uses ${amount(m.aliases)} aliases; at most ${limits.maxAliases} are allowed.`,
      });
    }
    if (m.fields > limits.maxFields) {
      refusals.push({
        code: 'GRAPHQL_TOO_MANY_FIELDS',
        message: `The operation selects ${amount(m.fields)} fields (each use of a fragment counted); at most ${limits.maxFields} are allowed.`,
      });
    }
    if (m.depth > limits.maxDepth) {
      refusals.push({ code: 'GRAPHQL_TOO_DEEP', message: `The operation is nested ${m.depth} levels deep; at most ${limits.maxDepth} are allowed.` });
    }
  }
  return refusals;
}

/** The same check as a graphql-js validation rule (errors carry `extensions.code`). */
export function documentLimitsRule(limits: GraphqlLimits, options: { skipIntrospection?: boolean } = {}): ValidationRule {
  return (context) => ({
    Document(document) {
      for (const refusal of limitRefusals(document, limits, options)) {
        context.reportError(new GraphQLError(refusal.message, { extensions: { code: refusal.code } }));
      }
      // Measured whole: nothing below the document is visited by this rule.
      return false;
    },
  });
}
