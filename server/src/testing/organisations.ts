/** Saving organisation settings the way the settings page does: the whole form, some values changed. */
import { SETTING_NAMES } from '@gatehouse/common/schemas/organisation-settings';

import type { TestClient, TestResponse } from './http-client.ts';

export type SettingsForm = Record<string, string | number | boolean | readonly string[] | undefined>;

/** The form the settings page would send for these settings (the admin view), with some changed. */
export function settingsForm(view: Record<string, unknown>, changes: SettingsForm = {}): SettingsForm {
  const form: SettingsForm = {};
  for (const key of SETTING_NAMES) {
    const value = view[key];
    form[key] = value === null ? undefined : (value as SettingsForm[string]);
  }
  return { ...form, ...changes };
}

/** Reads the organisation's settings as its admin and saves them with `changes`. */
export async function saveSettings(admin: TestClient, changes: SettingsForm): Promise<TestResponse> {
  const view = (await admin.get('/api/organisation')).json<Record<string, unknown>>();
  return admin.put('/api/organisation', { form: settingsForm(view, changes) });
}
