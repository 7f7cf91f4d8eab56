/** The organisation's password rules (spec sections 3 and 9), checked on the server before any hash is made. */
import { ACCOUNT_MESSAGES } from '@gatehouse/common/account-messages';
import { LIMITS } from '@gatehouse/common/policy';

import type { OrganisationRow } from '../db/schema.ts';
import { isCommonPassword } from './common-passwords.ts';

export type PasswordRules = Pick<
  OrganisationRow,
  'password_min_length' | 'password_upper' | 'password_lower' | 'password_digit' | 'password_special' | 'use_password_list'
>;

/** Every rule the password breaks, as sentences for the user; empty when it is acceptable. */
export function passwordPolicyFailures(password: string, rules: PasswordRules): string[] {
  const failures: string[] = [];
  const length = [...password.normalize('NFKC')].length;
  if (length < rules.password_min_length) failures.push(`Use at least ${rules.password_min_length} characters`);
  if (length > LIMITS.passwordMaxLength) failures.push(`Use no more than ${LIMITS.passwordMaxLength} characters`);
  if (rules.password_upper && !/\p{Lu}/u.test(password)) failures.push('Include an upper-case letter');
  if (rules.password_lower && !/\p{Ll}/u.test(password)) failures.push('Include a lower-case letter');
  if (rules.password_digit && !/\p{Nd}/u.test(password)) failures.push('Include a digit');
  if (rules.password_special && !/[^\p{L}\p{N}]/u.test(password)) failures.push('Include a symbol or punctuation mark');
  if (rules.use_password_list && isCommonPassword(password)) failures.push(ACCOUNT_MESSAGES.passwordTooCommon);
  return failures;
}
