import { MAIL_MESSAGES } from '@gatehouse/common/mail-messages';
import { describe, expect, it } from 'vitest';

import { type MailBranding, renderMail } from './templates.ts';

const brand: MailBranding = {
  name: 'Acme & <Sons>',
  origin: 'https://acme.id.example.com',
  host: 'acme.id.example.com',
  logoUrl: null,
  primary: '#00796b',
  onPrimary: '#ffffff',
};

describe('mail templates', () => {
  it('renders the same message as HTML and plain text, with the button link in both', () => {
    const link = 'https://acme.id.example.com/verifyemail?verificationID=abc&x="1"';
    const mail = renderMail(brand, MAIL_MESSAGES.signUpVerification(brand.name, 24), link);
    expect(mail.subject).toBe('Confirm your email address for Acme & <Sons>');
    expect(mail.text).toContain(`Confirm and choose a password:\n${link}\n`);
    expect(mail.text).toContain('The link works for 1 day.');
    expect(mail.html).toContain('href="https://acme.id.example.com/verifyemail?verificationID=abc&amp;x=&quot;1&quot;"');
    expect(mail.html).toContain('Acme &amp; &lt;Sons&gt;');
    expect(mail.html).not.toContain('<Sons>');
    expect(mail.html).toContain('background:#00796b;color:#ffffff');
  });

  it('shows a code large, without a button when there is no link', () => {
    const mail = renderMail(brand, MAIL_MESSAGES.recoveryCode('Acme', '7KQ2-M9XD', 15));
    expect(mail.text).toContain('\n    7KQ2-M9XD\n');
    expect(mail.html).toContain('letter-spacing:4px');
    expect(mail.html).not.toContain('<a href');
  });
});
