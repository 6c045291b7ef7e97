/**
 * The arguments of `npm run hr-user` (db/hr-user-cli.ts, ADR 0042), checked before the database
 * is opened: the command, or a message that names what is wrong.
 */
import { isValidEmail } from '../app/models/contact';
import { isValidIdentityCode } from '../app/models/identity-code';

export const USAGE =
  'Usage: npm run hr-user -- add <identity code> <first name> <last name> <contract id> <title> <e-mail> | deactivate <identity code> | list';
export const NO_CONTRACT = 'No occupational contract with that id.';
/** A contract id is a UUID: anything else is no contract (and never reaches the database as one). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** `hr_users_title_check`. */
const TITLE_MAX_LENGTH = 100;

export type HrUserCommand =
  | { command: 'add'; identityCode: string; firstName: string; lastName: string; contractId: string; title: string; emailAddress: string }
  | { command: 'deactivate'; identityCode: string }
  | { command: 'list' };

/** The command, or what is wrong with the arguments. */
export function parseHrUserArguments([command, ...args]: string[]): HrUserCommand | { error: string } {
  if (command === 'add' && args.length === 6) {
    const [identityCode, firstName, lastName, contractId, title, emailAddress] = args.map((a) => a.trim()) as [string, string, string, string, string, string];
    if (!isValidIdentityCode(identityCode)) return { error: 'Not a valid identity code.' };
    if (!firstName || !lastName) return { error: 'The first and last name must not be empty.' };
    if (!UUID.test(contractId)) return { error: NO_CONTRACT };
    if (!title || [...title].length > TITLE_MAX_LENGTH) return { error: `The title must be 1–${TITLE_MAX_LENGTH} characters.` };
    if (!isValidEmail(emailAddress)) return { error: 'Not a valid e-mail address.' };
    return { command, identityCode, firstName, lastName, contractId, title, emailAddress };
  }
  if (command === 'deactivate' && args.length === 1) return { command, identityCode: args[0]!.trim() };
  if (command === 'list' && args.length === 0) return { command };
  return { error: USAGE };
}
