import { describe, expect, it } from 'vitest';

import { presetSettings, SAML_APP_PRESET_IDS, SAML_APP_PRESETS } from './saml-app-presets.ts';
import { newSamlApplicationForms, newSamlApplicationRequest, samlSettings } from './schemas/saml-apps.ts';

const ACS = [{ url: 'https://sp.example.test/acs', binding: 'post', index: 0, isDefault: true }];

describe('SAML application presets', () => {
  it('are settings an application may save, each with its docs page', () => {
    for (const id of SAML_APP_PRESET_IDS) {
      const parsed = samlSettings.safeParse({
        name: 'x',
        entityID: 'https://sp.example.test',
        assertionConsumerServices: ACS,
        ...presetSettings(id),
      });
      expect(parsed.success, id).toBe(true);
      expect(SAML_APP_PRESETS[id].docsPage).toMatch(/^docs\/saml-apps\/[a-z-]+\.md$/);
    }
  });

  it('fill in a fixed entity ID only where the service provider has one for everyone', () => {
    expect(SAML_APP_PRESETS.slack.entityID).toBe('https://slack.com');
    expect(SAML_APP_PRESETS.google.entityID).toBe('google.com');
    expect(SAML_APP_PRESETS.salesforce).not.toHaveProperty('entityID');
  });

  it('give a copy of their attributes, so filling a form never changes the preset', () => {
    presetSettings('slack').attributes.email = 'changed';
    expect(SAML_APP_PRESETS.slack.attributes.email).toBe('User.Email');
  });
});

describe('the Add a SAML application forms', () => {
  it('from metadata: a blank NameID format is left to the metadata, blank attribute names are none', () => {
    const form = newSamlApplicationForms.metadataXML.parse({
      name: ' Test SP ',
      metadataXML: '<EntityDescriptor/>',
      preset: '',
      nameIDFormat: '',
      signing: 'assertion',
      attributes: { email: 'mail', givenName: '' },
      entityID: 'ignored: not read from metadata forms',
    });
    expect(newSamlApplicationRequest(form)).toEqual({
      name: 'Test SP',
      metadataURL: undefined,
      metadataXML: '<EntityDescriptor/>',
      preset: undefined,
      settings: { signing: 'assertion', nameIDFormat: undefined, attributes: { email: 'mail', givenName: undefined } },
    });
  });

  it('from a metadata address: the address is required and must be https (http only on loopback)', () => {
    const base = { name: 'x', signing: 'assertion', attributes: {} };
    expect(newSamlApplicationForms.metadataURL.safeParse({ ...base, metadataURL: '' }).success).toBe(false);
    expect(newSamlApplicationForms.metadataURL.safeParse({ ...base, metadataURL: 'http://sp.example.test/md' }).success).toBe(false);
    expect(newSamlApplicationForms.metadataURL.safeParse({ ...base, metadataURL: 'https://sp.example.test/md' }).success).toBe(true);
  });

  it('by hand: every setting, with the certificates the checkboxes need', () => {
    const byHand = { name: 'x', entityID: 'https://sp.example.test', assertionConsumerServices: ACS, preset: 'github' };
    const form = newSamlApplicationForms.byHand.parse(byHand);
    expect(newSamlApplicationRequest(form)).toMatchObject({
      name: 'x',
      preset: 'github',
      settings: { entityID: 'https://sp.example.test' },
    });
    const refused = newSamlApplicationForms.byHand.safeParse({ ...byHand, requireSignedRequests: true });
    expect(refused.error?.issues.map((i) => i.path.join('.'))).toEqual(['signingCertificate']);
    expect(newSamlApplicationForms.byHand.safeParse({ ...byHand, assertionConsumerServices: [] }).success).toBe(false);
  });
});
