import { USER_STATUS_LABELS, type UserStatus } from '@gatehouse/common/policy';

/** A user's status as a coloured pill (the label is the text, so the colour is never the only cue). */
export function StatusPill({ status }: { status: UserStatus }) {
  return <span className={`status-pill status-pill-${status}`}>{USER_STATUS_LABELS[status]}</span>;
}
