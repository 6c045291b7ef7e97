import { isRouteErrorResponse } from 'react-router';
import { describe, expect, it } from 'vitest';
import { idParam, isIdParam, numericId } from './params';

/** What idParam threw, as the error boundary sees it. */
function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('did not throw');
}

describe('idParam', () => {
  it.each([
    ['1', 1],
    ['007', 7],
    ['999999999999999', 999999999999999],
  ])('reads %s as %d', (value, expected) => {
    expect(idParam({ id: value })).toBe(expected);
  });

  it('reads another parameter by name', () => {
    expect(idParam({ threadId: '42' }, 'threadId')).toBe(42);
  });

  it.each([undefined, '', '-1', '1.5', '1e3', ' 1', '1,2', 'abc', '1234567890123456'])('answers %j with the 404 the error boundary renders', (value) => {
    const error = thrownBy(() => idParam({ id: value }));
    expect(error).toMatchObject({ type: 'DataWithResponseInit', data: { error: 'notFound' }, init: { status: 404 } });
    expect(isRouteErrorResponse(error)).toBe(false);
  });
});

describe('isIdParam and numericId', () => {
  it('accept 1–15 digits only', () => {
    expect(isIdParam('123')).toBe(true);
    expect(isIdParam('12a')).toBe(false);
    expect(isIdParam(null)).toBe(false);
    expect(numericId('0')).toBe(0);
    expect(numericId('15')).toBe(15);
    expect(numericId('1234567890123456')).toBeNull();
    expect(numericId(undefined)).toBeNull();
  });
});
