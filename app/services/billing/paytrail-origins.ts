/**
 * Where Paytrail's pieces of the pay page come from (ADR 0018, 0043). Its create-payment answer
 * names each payment method's logo on Paytrail's static host, e.g.
 * `https://resources.paytrail.com/images/payment-method-logos/nordea.svg`; the CSP's img-src
 * allows exactly this origin when PAYMENTS=paytrail, and the pay page shows no logo from
 * anywhere else. Pure (server.ts and the payment service both read it).
 */
export const PAYTRAIL_LOGO_ORIGIN = 'https://resources.paytrail.com';
