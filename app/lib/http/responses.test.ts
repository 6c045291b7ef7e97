import { describe, expect, it } from 'vitest';
import { notFound, notFoundText } from './responses';

describe('notFound', () => {
  it('is the 404 data every page route throws', () => {
    expect(notFound()).toMatchObject({ type: 'DataWithResponseInit', data: { error: 'notFound' }, init: { status: 404 } });
  });

  it('is a plain-text "Not found" for resource routes', async () => {
    const response = notFoundText();
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('Not found');
  });
});
