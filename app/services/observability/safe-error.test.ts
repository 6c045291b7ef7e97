import { describe, expect, it } from 'vitest';
import { safeError, safeSummary, stackFrames, withoutQuery } from './safe-error';

class DrizzleLikeError extends Error {
  constructor(
    readonly query: string,
    readonly params: unknown[],
    cause: unknown,
  ) {
    super(`Failed query: ${query}\nparams: ${params.join(',')}`, { cause });
  }
}

describe('safe errors', () => {
  it('keep the class, the codes and names of a database error and its cause, never its text', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "persons_identity_code_unique"'), {
      name: 'DatabaseError',
      code: '23505',
      severity: 'ERROR',
      detail: 'Key (identity_code)=(salainen) already exists.',
      where: 'salainen',
      hint: 'salainen',
      table: 'persons',
      constraint: 'persons_identity_code_unique',
      routine: '_bt_check_unique',
    });
    const error = new DrizzleLikeError('insert into "persons" values ($1)', ['salainen'], cause);
    const safe = safeError(error);
    expect(JSON.stringify(safe)).not.toMatch(/salainen|Failed query|duplicate key/);
    expect(safe).toMatchObject({
      type: 'DrizzleLikeError',
      cause: { type: 'DatabaseError', code: '23505', table: 'persons', constraint: 'persons_identity_code_unique', routine: '_bt_check_unique' },
    });
    expect(safe.stack).toMatch(/^at /);
    expect(safeSummary(error)).toBe(
      'DrizzleLikeError ← DatabaseError (code=23505, table=persons, constraint=persons_identity_code_unique, routine=_bt_check_unique)',
    );
  });

  it('keep no frame a message could have forged, and no stack that does not start with the message', () => {
    const error = new Error('reason:\n    at Masennus (itsetuhoisia:1:1)');
    expect(safeError(error).stack).not.toContain('Masennus');
    expect(safeError(error).stack).toMatch(/^at /);
    expect(stackFrames('Error: something else\n    at forged (x:1:1)', 'the message')).toBeUndefined();
  });

  it('describe thrown non-errors by their kind only, and stop at a cycle of causes', () => {
    expect(safeError('Masennus')).toEqual({ type: 'string' });
    expect(safeError(null)).toEqual({ type: 'null' });
    expect(safeError({ name: 'Masennus itsetuhoisia', code: 'has spaces' })).toEqual({ type: 'Error' });
    const looped = new Error('a') as Error & { cause?: unknown };
    looped.cause = looped;
    expect(JSON.stringify(safeError(looped)).length).toBeLessThan(5000);
    const aggregate = new AggregateError([new TypeError('x'), Object.assign(new Error('y'), { code: 'ECONNREFUSED', syscall: 'connect' })], 'z');
    expect(safeError(aggregate).errors).toMatchObject([{ type: 'TypeError' }, { code: 'ECONNREFUSED', syscall: 'connect' }]);
  });

  it('cut query strings and fragments from URLs and paths', () => {
    expect(withoutQuery('https://oma.example.fi/fi/x?reason=a#b')).toBe('https://oma.example.fi/fi/x');
    expect(withoutQuery('/fi/x#b')).toBe('/fi/x');
    expect(withoutQuery('/fi/x')).toBe('/fi/x');
  });
});
