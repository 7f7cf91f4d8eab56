/**
 * Creating SAML applications with a preset, through real HTTP on either database: the preset fills the
 * NameID format, attribute names and signing its service provider expects, over the metadata and under
 * what is given by hand; every answer carries the certificate the IdP metadata publishes first.
 */
import { X509Certificate } from 'node:crypto';

import { presetSettings, SAML_APP_PRESET_IDS, SAML_APP_PRESETS } from '@gatehouse/common/saml-app-presets';
import { SAML_IDP_PATHS } from '@gatehouse/common/saml-apps';
import type { SamlApplication } from '@gatehouse/common/schemas/saml-apps';
import { generateServiceProviderMetadata } from '@node-saml/node-saml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { signedIn } from '../testing/applications.ts';
import { startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import type { TestClient } from '../testing/http-client.ts';

const acs = (host: string) => [{ url: `https://${host}/saml/acs`, binding: 'post', index: 0, isDefault: true }];

describe.each(testDialects())('SAML application presets on %s', (dialect) => {
  let server: TestServer;
  let admin: TestClient;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    await server.createOrganisation('acme');
    admin = await signedIn(server, 'acme', 'admin@acme.test');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('fills what each service provider expects, and its fixed entity ID where it has one', async () => {
    for (const preset of SAML_APP_PRESET_IDS) {
      const created = await admin.post('/api/samlapps', {
        json: {
          name: SAML_APP_PRESETS[preset].label,
          preset,
          settings: { entityID: `https://${preset}.example.test/sp`, assertionConsumerServices: acs(`${preset}.example.test`) },
        },
      });
      expect(created.status, created.text).toBe(201);
      const app = created.json<SamlApplication>();
      const expected = presetSettings(preset);
      expect(app, preset).toMatchObject(expected);
      expect(Object.keys(app.attributes).sort(), preset).toEqual(Object.keys(expected.attributes).sort());
    }
    // Without an entity ID given, Slack's own one is taken.
    const slack = await admin.post('/api/samlapps', {
      json: { name: 'Slack 2', preset: 'slack', settings: { assertionConsumerServices: acs('acme.slack.com') } },
    });
    expect(slack.status, slack.text).toBe(201);
    expect(slack.json<SamlApplication>()).toMatchObject({ entityID: 'https://slack.com', nameIDFormat: 'persistent', signing: 'both' });
    // Google's fixed entity ID gives way to the one its metadata names (a domain-specific issuer).
    const google = await admin.post('/api/samlapps', {
      json: {
        name: 'Google',
        preset: 'google',
        metadataXML: generateServiceProviderMetadata({
          issuer: 'google.com/a/acme.test',
          callbackUrl: 'https://www.google.com/a/acme.test/acs',
        }),
      },
    });
    expect(google.status, google.text).toBe(201);
    expect(google.json<SamlApplication>()).toMatchObject({ entityID: 'google.com/a/acme.test', signing: 'both' });
  });

  it('puts the preset over the metadata and what is given by hand over the preset', async () => {
    const metadata = generateServiceProviderMetadata({
      issuer: 'https://sp.example.test/metadata',
      callbackUrl: 'https://sp.example.test/acs',
      identifierFormat: 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient',
    });
    const created = await admin.post('/api/samlapps', {
      json: { name: 'From metadata', metadataXML: metadata, preset: 'github', settings: { attributes: { email: 'mail' } } },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.json<SamlApplication>()).toMatchObject({
      entityID: 'https://sp.example.test/metadata',
      assertionConsumerServices: [{ url: 'https://sp.example.test/acs', binding: 'post' }],
      // The metadata asked for transient; GitHub's preset says email.
      nameIDFormat: 'email',
      attributes: { email: 'mail' },
    });
    expect(created.json<SamlApplication>().attributes).not.toHaveProperty('displayName');
  });

  it('refuses a preset it does not know', async () => {
    const created = await admin.post('/api/samlapps', {
      json: {
        name: 'Unknown',
        preset: 'zoom',
        settings: { entityID: 'https://zoom.example.test', assertionConsumerServices: acs('zoom.example.test') },
      },
    });
    expect(created.status).toBe(400);
    expect(created.json<{ validation: { errors: Record<string, unknown> } }>().validation.errors).toHaveProperty('preset');
  });

  it('answers the certificate the IdP metadata publishes first, as PEM', async () => {
    const list = await admin.get('/api/samlapps');
    expect(list.status).toBe(200);
    const [first] = list.json<SamlApplication[]>();
    const pem = first!.identityProvider.certificate;
    expect(pem).toMatch(/^-----BEGIN CERTIFICATE-----\n/);
    const metadata = await server.client('acme').get(SAML_IDP_PATHS.metadata);
    const published = /<ds:X509Certificate>([^<]+)</.exec(metadata.text)![1]!;
    expect(new X509Certificate(pem).raw.toString('base64')).toBe(published);
  });
});
