/** Whether a return address is a path of this site (no other origin, no header injection); without zod, for the first load. */
export function isSafeReturnPath(value: string): boolean {
  return value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') && !/[\r\n]/.test(value);
}
