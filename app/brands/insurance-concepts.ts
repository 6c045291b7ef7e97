/**
 * The patient concepts each organisation (brand) records for insurance customers' reimbursement
 * choices (spec 3 §3): a per-brand fact, kept in its own module so that only the insurance
 * pages' code loads it (the brands' runtime facts are in every page's shared chunk).
 */
import type { Insurer, Reimbursement } from '~/models/booking/insurance';
import type { BrandKey } from './types';

/** Concept codes by organisation (spec 3 §3): which code records which reimbursement choice. */
export const CONCEPT_CODES: Record<BrandKey, readonly { insurer: Insurer; reimbursement: Reimbursement | null; code: string }[]> = {
  general: [
    { insurer: 'IF', reimbursement: 'USE_REIMBURSEMENT', code: '90157' },
    { insurer: 'IF', reimbursement: 'COMPANY_REIMBURSEMENT', code: '758236' },
    { insurer: 'IF', reimbursement: 'PAY_AND_REIMBURSE', code: '758236' },
    { insurer: 'OP', reimbursement: null, code: '999503' },
  ],
  children: [
    { insurer: 'IF', reimbursement: 'USE_REIMBURSEMENT', code: '90157' },
    { insurer: 'IF', reimbursement: 'PAY_AND_REIMBURSE', code: '758236' },
    { insurer: 'OP', reimbursement: null, code: '999503' },
  ],
};
