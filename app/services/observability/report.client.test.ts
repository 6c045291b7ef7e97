import { describe, expect, it, vi } from 'vitest';

/** A fresh copy of the module (its state is per page). */
async function fresh() {
  vi.resetModules();
  return import('./report.client');
}

describe('browser error reports before and after the SDK', () => {
  it('keeps nothing without a DSN', async () => {
    const m = await fresh();
    m.reportBrowserError(new Error('x'), 'uncaught');
    const report = vi.fn();
    m.setBrowserReporter(report);
    expect(report).not.toHaveBeenCalled();
  });

  it('keeps errors until the SDK is ready, then passes them on; later ones at once', async () => {
    const m = await fresh();
    m.expectBrowserReporter();
    const first = new Error('during hydration');
    m.reportBrowserError(first, 'recoverable', '\n    at Page');
    const report = vi.fn();
    m.setBrowserReporter(report);
    expect(report).toHaveBeenCalledExactlyOnceWith(first, 'recoverable', '\n    at Page');
    const second = new TypeError('later');
    m.reportBrowserError(second, 'boundary');
    expect(report).toHaveBeenLastCalledWith(second, 'boundary', undefined);
  });

  it("reports an error once (React's hook and the boundary see the same one), and skips the server's and non-errors", async () => {
    const m = await fresh();
    m.expectBrowserReporter();
    const report = vi.fn();
    m.setBrowserReporter(report);
    const error = new Error('render');
    m.reportBrowserError(error, 'caught');
    m.reportBrowserError(error, 'boundary');
    // React Router's copy of a server error: an empty stack when hydrating, none from a data request.
    const hydrated = new Error('Unexpected Server Error');
    hydrated.stack = '';
    const fetched = new Error('Unexpected Server Error');
    fetched.stack = undefined;
    m.reportBrowserError(hydrated, 'boundary');
    m.reportBrowserError(fetched, 'boundary');
    m.reportBrowserError('a string', 'uncaught');
    expect(report).toHaveBeenCalledExactlyOnceWith(error, 'caught', undefined);
  });

  it('keeps ten at most while waiting', async () => {
    const m = await fresh();
    m.expectBrowserReporter();
    for (let i = 0; i < 15; i++) m.reportBrowserError(new Error(`e${i}`), 'uncaught');
    const report = vi.fn();
    m.setBrowserReporter(report);
    expect(report).toHaveBeenCalledTimes(10);
  });
});
