/** Chromium's virtual WebAuthn authenticator, through the DevTools protocol, playing a person's device. */
import type { Page } from 'playwright-core';

/** What the virtual device tells of a passkey it holds (the DevTools protocol's WebAuthn.Credential). */
export interface DeviceCredential {
  credentialId: string;
  isResidentCredential: boolean;
  privateKey: string;
  userHandle?: string;
  signCount: number;
}

/** Gives `page` a device with a platform authenticator that verifies its user (fingerprint, face or screen lock). */
export async function withAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
    /** Puts a credential into the device as if it had been made for `rpId` (what a phishing site would try with a stolen one). */
    copyTo: async (credential: DeviceCredential, rpId: string) => {
      const { credentialId, isResidentCredential, privateKey, userHandle, signCount } = credential;
      await cdp.send('WebAuthn.clearCredentials', { authenticatorId });
      await cdp.send('WebAuthn.addCredential', {
        authenticatorId,
        credential: { credentialId, isResidentCredential, privateKey, signCount, rpId, ...(userHandle ? { userHandle } : {}) },
      });
    },
  };
}
