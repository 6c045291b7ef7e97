import { describe, expect, it } from 'vitest';
import { errorCode, gatewayApiOutcome } from './gatewayapi-rules';

const error = (code: string) => ({
  code,
  incident_uuid: 'd8127429-fa0c-4316-b1f2-e610c3958f43',
  message: 'MSISDN %1 blacklisted',
  variables: ['358401234567'],
});

describe("GatewayAPI's answers", () => {
  it('200 with ids is sent, with the first id', () => {
    expect(gatewayApiOutcome(200, { ids: [421332671], usage: { countries: { FI: 1 }, currency: 'EUR', total_cost: 0.05 } })).toEqual({
      kind: 'sent',
      providerId: '421332671',
    });
    expect(gatewayApiOutcome(200, { ids: ['421332672'] })).toEqual({ kind: 'sent', providerId: '421332672' });
  });

  it('a 2xx without an id is not sent again (it may be on its way)', () => {
    expect(gatewayApiOutcome(200, {})).toEqual({ kind: 'permanent', reason: 'HTTP 200 without a message id' });
    expect(gatewayApiOutcome(200, null)).toMatchObject({ kind: 'permanent' });
    expect(gatewayApiOutcome(200, { ids: [] })).toMatchObject({ kind: 'permanent' });
    expect(gatewayApiOutcome(200, { ids: [1.5] })).toMatchObject({ kind: 'permanent' });
  });

  it('5xx, 429, 408 and 425 are temporary', () => {
    for (const status of [500, 502, 503, 504, 429, 408, 425]) expect(gatewayApiOutcome(status, null).kind, String(status)).toBe('temporary');
    expect(gatewayApiOutcome(500, { incident_uuid: 'x', message: 'boom' })).toEqual({ kind: 'temporary', reason: 'HTTP 500' });
  });

  it('4xx is permanent: arguments, key or signature, IP address, JSON body', () => {
    expect(gatewayApiOutcome(400, error('0x0308'))).toEqual({ kind: 'permanent', reason: 'HTTP 400 0x0308' });
    expect(gatewayApiOutcome(400, error('0x0215'))).toEqual({ kind: 'permanent', reason: 'HTTP 400 0x0215' });
    expect(gatewayApiOutcome(401, error('0x0224'))).toEqual({ kind: 'permanent', reason: 'HTTP 401 0x0224' });
    expect(gatewayApiOutcome(401, error('0x0223')).kind).toBe('permanent');
    expect(gatewayApiOutcome(403, error('0x0213')).kind).toBe('permanent');
    expect(gatewayApiOutcome(422, null)).toEqual({ kind: 'permanent', reason: 'HTTP 422' });
    expect(gatewayApiOutcome(404, null).kind).toBe('permanent');
    expect(gatewayApiOutcome(301, null).kind).toBe('permanent');
  });

  it('…except the codes another try gets past', () => {
    for (const code of ['0x0214', '0x0216', '0x0225', '0x0226', '0x0305', '0x0306', '0x0209']) {
      expect(gatewayApiOutcome(400, error(code)), code).toEqual({ kind: 'temporary', reason: `HTTP 400 ${code}` });
    }
    expect(gatewayApiOutcome(401, error('0x0225')).kind).toBe('temporary');
  });

  it('never keeps the message or the variables (they may quote the number)', () => {
    const outcome = gatewayApiOutcome(400, error('0x0215'));
    expect(JSON.stringify(outcome)).not.toMatch(/358401234567|blacklisted/);
  });

  it('reads only well-formed codes', () => {
    expect(errorCode({ code: '0x021a' })).toBe('0x021A');
    expect(errorCode({ code: '0x21' })).toBeNull();
    expect(errorCode({ code: 'x0x0215; 358401234567' })).toBeNull();
    expect(errorCode({ code: 533 })).toBeNull();
    expect(errorCode('0x0215')).toBeNull();
  });
});
