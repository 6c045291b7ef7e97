import { buildSchema, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { documentLimitsRule, limitRefusals, measureOperations, parseWithinLimits, type GraphqlLimits } from './graphql-limit-rules';

const LIMITS: GraphqlLimits = { maxDocumentChars: 20_000, maxTokens: 1000, maxAliases: 15, maxFields: 200, maxDepth: 8 };
const measure = (query: string, options?: { skipIntrospection?: boolean }) => measureOperations(parse(query), options);

describe('measureOperations', () => {
  it('counts fields, aliases, depth and the fields at the root of each operation', () => {
    expect(measure('{ a { b c: d { e } } f: g }')).toEqual([{ operation: 'query', fields: 5, aliases: 2, depth: 3, direct: 2 }]);
    expect(measure('query A { a } mutation B { x y }')).toEqual([
      { operation: 'query', fields: 1, aliases: 0, depth: 1, direct: 1 },
      { operation: 'mutation', fields: 2, aliases: 0, depth: 1, direct: 2 },
    ]);
  });

  it('counts a fragment at every use, through inline fragments too, without adding depth of its own', () => {
    const [m] = measure('{ a { ...F } b { ...F ... on T { x: y } } } fragment F on T { p q { r } }');
    // a, b, y, and F (p, q, r) twice.
    expect(m).toMatchObject({ fields: 9, aliases: 1, depth: 3, direct: 2 });
  });

  it('measures a fragment once: a chain that doubles 60 times is counted, not expanded', () => {
    const chain = Array.from({ length: 60 }, (_, i) => `fragment F${i + 1} on T { ...F${i} ...F${i} }`).join(' ');
    const [m] = measure(`{ ...F60 } fragment F0 on T { a } ${chain}`);
    expect(m!.fields).toBe(2 ** 60);
    expect(limitRefusals(parse(`{ ...F60 } fragment F0 on T { a } ${chain}`), LIMITS)).toEqual([
      {
        code: 'GRAPHQL_TOO_MANY_FIELDS',
        message: 'The operation selects more than 9007199254740991 fields (each use of a fragment counted); at most 200 are allowed.',
      },
    ]);
  });

  it('survives fragment cycles and unknown fragments (the schema rules refuse those)', () => {
    expect(measure('{ ...A } fragment A on T { a ...B } fragment B on T { b ...A }')[0]).toMatchObject({ fields: 2 });
    expect(measure('{ x ...Missing }')[0]).toMatchObject({ fields: 1 });
  });

  it('with skipIntrospection, counts __schema and __type as one field each and nothing inside', () => {
    const query = '{ __schema { types { fields { type { ofType { ofType { name } } } } } } __typename }';
    expect(measure(query)[0]).toMatchObject({ fields: 8, depth: 7 });
    expect(measure(query, { skipIntrospection: true })[0]).toMatchObject({ fields: 2, depth: 1 });
  });
});

describe('limitRefusals', () => {
  it('allows one mutation field, also through a fragment, and refuses two', () => {
    expect(limitRefusals(parse('mutation { ...M } fragment M on Mutation { a }'), LIMITS)).toEqual([]);
    expect(limitRefusals(parse('mutation { a b: a }'), LIMITS)).toEqual([
      { code: 'GRAPHQL_ONE_MUTATION_FIELD', message: 'A mutation operation may select one field; this one selects 2.' },
    ]);
    // Queries may select several.
    expect(limitRefusals(parse('{ a b }'), LIMITS)).toEqual([]);
  });

  it('refuses each limit at one over it', () => {
    const aliases = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: a`).join(' ')} }`;
    expect(limitRefusals(parse(aliases(15)), LIMITS)).toEqual([]);
    expect(limitRefusals(parse(aliases(16)), LIMITS).map((r) => r.code)).toEqual(['GRAPHQL_TOO_MANY_ALIASES']);
    const nested = (depth: number) => `${'{ a '.repeat(depth)}${'}'.repeat(depth)}`;
    expect(limitRefusals(parse(nested(8)), LIMITS)).toEqual([]);
    expect(limitRefusals(parse(nested(9)), LIMITS).map((r) => r.code)).toEqual(['GRAPHQL_TOO_DEEP']);
    const fields = (n: number) => `{ ${'a '.repeat(n)}}`;
    expect(limitRefusals(parse(fields(200)), LIMITS)).toEqual([]);
    expect(limitRefusals(parse(fields(201)), LIMITS).map((r) => r.code)).toEqual(['GRAPHQL_TOO_MANY_FIELDS']);
  });

  it('reports through graphql-js validation with extensions.code', () => {
    const schema = buildSchema('type Query { a: Int }');
    const [error] = validate(schema, parse('{ x: a y: a }'), [documentLimitsRule({ ...LIMITS, maxAliases: 1 })]);
    expect(error?.message).toBe('The operation uses 2 aliases; at most 1 are allowed.');
    expect(error?.extensions.code).toBe('GRAPHQL_TOO_MANY_ALIASES');
  });
});

describe('parseWithinLimits', () => {
  it('refuses a long document before parsing and a document of too many tokens while parsing', () => {
    expect(parseWithinLimits('{ a }', LIMITS)).toMatchObject({ ok: true });
    expect(parseWithinLimits(`{ a } #${'x'.repeat(20_000)}`, LIMITS)).toEqual({
      ok: false,
      refusal: { code: 'GRAPHQL_DOCUMENT_TOO_LARGE', message: 'The document is longer than 20000 characters.' },
    });
    // graphql-js's own message decides the code: this pins the wording the module recognises.
    expect(parseWithinLimits(`{ ${'a '.repeat(998)}}`, LIMITS)).toMatchObject({ ok: true });
    expect(parseWithinLimits(`{ ${'a '.repeat(999)}}`, LIMITS)).toEqual({
      ok: false,
      refusal: { code: 'GRAPHQL_TOO_MANY_TOKENS', message: 'The document has more than 1000 tokens.' },
    });
    expect(parseWithinLimits('{ a', LIMITS)).toMatchObject({ ok: false, syntaxError: expect.stringContaining('Syntax Error') });
  });
});
