/** A fresh family in the built-in population register (guardian-registration.spec.ts, a11y.spec.ts). */
import type { APIRequestContext } from '@playwright/test';
import { expect } from '../fixtures';

export interface FamilyFixture {
  guardian: { identityCode: string; firstName: string; lastName: string };
  children: { firstName: string; lastName: string }[];
}

/**
 * A guardian (our patient with the consent, phone +358401239999, address Perhepolku 1) and
 * their child(ren) aged 6 (and 9), who are in the population register only.
 */
export async function freshFamily(request: APIRequestContext, baseURL = '', children = 1): Promise<FamilyFixture> {
  const response = await request.get(`${baseURL}/dev/test-fixtures/family?children=${children}`);
  expect(response.ok()).toBeTruthy();
  return (await response.json()) as FamilyFixture;
}

export const childName = (family: FamilyFixture, i = 0) => `${family.children[i]!.firstName} ${family.children[i]!.lastName}`;
