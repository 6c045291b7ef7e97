/**
 * `npm run hr-user`'s arguments (db/hr-user-arguments.ts): each wrong one is refused with a
 * message that names it and never quotes the identity code. That the CLI prints the message alone
 * and exits 1 before it opens the database is tests/integration/messaging/hr-user-cli.test.ts's.
 */
import { describe, expect, it } from 'vitest';
import { makeIdentityCode } from '../app/models/identity-code';
import { parseHrUserArguments, USAGE } from './hr-user-arguments';

const identityCode = makeIdentityCode('1975-05-05', 611);
const contractId = '00000000-0000-4000-8000-000000000000';
const valid = { identityCode, firstName: 'Helmi', lastName: 'Henkilöstö', contractId, title: 'HR-päällikkö', email: 'helmi@example.fi' };
const add = (changes: Partial<typeof valid>) => {
  const a = { ...valid, ...changes };
  return parseHrUserArguments(['add', a.identityCode, a.firstName, a.lastName, a.contractId, a.title, a.email]);
};

describe('npm run hr-user arguments', () => {
  it.each([
    // The same code with another check character.
    ['a bad identity code', add({ identityCode: `${identityCode.slice(0, -1)}${identityCode.endsWith('A') ? 'B' : 'A'}` }), 'Not a valid identity code.'],
    ['an empty name', add({ lastName: ' ' }), 'The first and last name must not be empty.'],
    ['a contract id that is not one', add({ contractId: 'rakenne-oy' }), 'No occupational contract with that id.'],
    ['a title over 100 characters', add({ title: 'x'.repeat(101) }), 'The title must be 1–100 characters.'],
    ['an empty title', add({ title: '' }), 'The title must be 1–100 characters.'],
    ['a bad e-mail address', add({ email: 'helmi(at)example.fi' }), 'Not a valid e-mail address.'],
    ['a missing argument', parseHrUserArguments(['add', identityCode, 'Helmi', 'Henkilöstö', contractId, 'HR-päällikkö']), USAGE],
    ['an unknown command', parseHrUserArguments(['remove', identityCode]), USAGE],
    ['no command', parseHrUserArguments([]), USAGE],
    ['list with an argument', parseHrUserArguments(['list', identityCode]), USAGE],
  ])('refuses %s with a message naming it, without the identity code', (_name, parsed, message) => {
    expect(parsed).toEqual({ error: message });
    expect(message).not.toContain(identityCode);
  });

  it('takes add, deactivate and list, trimmed', () => {
    expect(add({ firstName: ' Helmi ', title: 'x'.repeat(100) })).toEqual({
      command: 'add',
      identityCode,
      firstName: 'Helmi',
      lastName: 'Henkilöstö',
      contractId,
      title: 'x'.repeat(100),
      emailAddress: 'helmi@example.fi',
    });
    expect(parseHrUserArguments(['deactivate', ` ${identityCode} `])).toEqual({ command: 'deactivate', identityCode });
    expect(parseHrUserArguments(['list'])).toEqual({ command: 'list' });
  });
});
