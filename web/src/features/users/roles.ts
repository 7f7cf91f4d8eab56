import { type Role, ROLE_LABELS, ROLE_RANK, ROLES } from '@gatehouse/common/policy';

/** The role choices of spec section 6: User and User Admin, and Organisation Admin only for an Organisation Admin. */
export function roleOptions(actorRole: Role): { value: Role; label: string }[] {
  return ROLES.filter((role) => ROLE_RANK[role] <= ROLE_RANK[actorRole]).map((role) => ({ value: role, label: ROLE_LABELS[role] }));
}

/** Whether the signed-in admin may change, delete or act on a user of `role` (their own rank or below). */
export const mayManage = (actorRole: Role, role: Role): boolean => ROLE_RANK[role] <= ROLE_RANK[actorRole];
