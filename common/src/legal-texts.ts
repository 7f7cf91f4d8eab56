/**
 * The privacy policy (/privacypolicy) and the terms and conditions of use (/termsandconditions), in
 * plain language, for this product. The deployment's facts (data controller, support address) come
 * from the server's configuration; the limits from policy.ts. A paragraph may hold [text](mailto:...)
 * links; a list is an array of strings.
 */
import { liveTexts } from './i18n/runtime.ts';
import { LIMITS, TIER_USER_LIMITS } from './policy.ts';

export interface LegalSection {
  /** The fragment that links to the section, e.g. /privacypolicy#cookies. */
  id: string;
  heading: string;
  content: (string | string[])[];
}

export interface LegalDocument {
  title: string;
  intro: string;
  sections: LegalSection[];
}

export interface DeploymentFacts {
  dataController: string;
  supportEmail: string;
  /** The host of the product's front door, e.g. id.example.com. */
  baseHostname: string;
}

const mail = (address: string) => `[${address}](mailto:${address})`;

/** The least and most time personal data is kept (spec section 9). */
export const RETENTION = { minimum: '6 months', maximum: '5 years' } as const;

export function privacyPolicy(facts: DeploymentFacts): LegalDocument {
  return {
    title: 'Privacy policy',
    intro: `This policy explains what personal data Gatehouse at ${facts.baseHostname} keeps about you, why, for how long, and what you can ask of us. We keep as little as a secure sign-in service can, and we never sell it or use it for advertising.`,
    sections: [
      {
        id: 'controller',
        heading: 'Who is responsible',
        content: [
          `${facts.dataController} is the data controller for the personal data processed by this service. You can reach us at ${mail(facts.supportEmail)}.`,
          "Each organisation that uses Gatehouse decides who may sign in to its applications. For the accounts of an organisation, that organisation decides how your account is used; we process your data on its behalf and on its instructions, and your organisation's administrators are the first people to ask about your account.",
        ],
      },
      {
        id: 'data',
        heading: 'What we keep',
        content: [
          [
            'Your account: email address, and if you give them your first name, surname and mobile phone number, your role and the applications you may use.',
            'Your password, only as a one-way hash (argon2id): nobody, including us, can read it back.',
            'Security records: when you signed in, failed sign-in attempts, when your password changed, your multi-factor authentication settings, and the browser (user agent) of each session.',
            "The settings, images and applications an organisation's administrators add.",
            'Messages you send us through the contact form, with the address to reply to.',
          ],
        ],
      },
      {
        id: 'use',
        heading: 'Why we use it',
        content: [
          [
            'To sign you in to your organisation and its applications, and to keep your account safe: checking passwords and codes, slowing down and stopping guessing, and ending sessions.',
            'To send the emails and messages the service needs: confirming your address, invitations, sign-in and recovery codes, and security notices. We send no marketing.',
            'To answer your messages.',
          ],
          "We do this to provide the service you or your organisation asked for, and because keeping accounts secure is in everyone's legitimate interest.",
        ],
      },
      {
        id: 'sharing',
        heading: 'Who sees it',
        content: [
          [
            "Your organisation's administrators see your account and its security records, never your password.",
            'An application you sign in to receives what it asks for and your organisation allows: typically your email address and name.',
            'The providers that deliver our email and text messages receive what they deliver.',
          ],
          'Nobody else, unless the law requires it.',
        ],
      },
      {
        id: 'cookies',
        heading: 'Cookies',
        content: [
          'We use only cookies that the service cannot work without, so we do not ask for consent to them. There are no analytics, advertising or tracking cookies.',
          [
            'Your session: keeps you signed in. It ends when you sign out, after 20 minutes without activity, and after 12 hours at most.',
            'Sign-up and recovery: remember, for an hour at most, the step you are at while you choose a password or enter a code.',
            'Remember me: only when your organisation turns it on, remembers the email address you sign in with, for the number of days it sets. Choose "Forget me" on the sign-in page to remove it.',
          ],
          'All of them are sent only to the address that set them, cannot be read by scripts, and are sent only over https where the service runs on it.',
        ],
      },
      {
        id: 'retention',
        heading: 'How long we keep it',
        content: [
          "Your account and its security records are kept while your account exists, and are deleted with it: when your organisation's administrators delete your account, it is gone from the service at once.",
          `What we must keep to look into security incidents and disputes, or because the law requires it, such as backups and our correspondence with you, is kept for at least ${RETENTION.minimum} and at most ${RETENTION.maximum}, then deleted.`,
          'Some things go sooner still: links and codes expire within minutes or hours and are kept only as hashes; the content of delivered emails is not kept; an organisation may delete inactive accounts automatically; demo organisations are deleted, with everything in them, when the demo ends.',
        ],
      },
      {
        id: 'security',
        heading: 'How we protect it',
        content: [
          'Passwords are hashed with argon2id; sessions, links and client secrets are kept only as hashes; the keys that sign your sign-in tokens are encrypted. Every organisation is kept apart from every other, and every connection to the service can be encrypted.',
        ],
      },
      {
        id: 'rights',
        heading: 'Your rights',
        content: [
          `You may ask for a copy of your data, have it corrected or deleted, object to or restrict how it is used, and take it elsewhere. Ask your organisation's administrators, or write to ${mail(facts.supportEmail)}; we answer within a month. You may also complain to your data protection authority.`,
        ],
      },
      {
        id: 'changes',
        heading: 'Changes',
        content: [
          'When this policy changes, the new version is published here. If a change matters to how your data is used, we tell you before it applies.',
        ],
      },
    ],
  };
}

export function termsAndConditions(facts: DeploymentFacts): LegalDocument {
  const freeUsers = TIER_USER_LIMITS.starter;
  return {
    title: 'Terms and conditions of use',
    intro: `These terms apply to everyone who uses Gatehouse at ${facts.baseHostname}: the people who set up an organisation, its administrators, and everyone who signs in through it. By using the service you accept them. How we handle personal data is explained in our privacy policy.`,
    sections: [
      {
        id: 'who',
        heading: 'Who may use Gatehouse',
        content: [
          `You must be at least ${LIMITS.minimumAge} years old to use the service.`,
          "If you set up an organisation, you accept these terms for it and confirm that you may do so, and you make sure that the people you invite may use its applications. Your organisation's administrators decide who may sign in, with which roles and policies.",
        ],
      },
      {
        id: 'account',
        heading: 'Your account',
        content: [
          "Keep your password to yourself, use a different one for every service, and turn on multi-factor authentication. What happens with your account is your responsibility, so tell your organisation's administrators, or us, at once if you think someone else is using it.",
        ],
      },
      {
        id: 'use',
        heading: 'Using the service fairly',
        content: [
          [
            "Do not try to get into accounts or organisations that are not yours, to get round the service's security, or to overload it.",
            'Do not use invitations, sign-up or the contact form to send unwanted messages.',
            "Do not put anything unlawful, or anything you have no right to, into an organisation's settings, images or applications.",
          ],
          'We may suspend access that breaks these rules or endangers other users, and tell you why unless that would help an attacker.',
        ],
      },
      {
        id: 'free',
        heading: 'Free organisation accounts',
        content: [
          `Organisations start on the free Starter package. A free organisation account stays free as long as its use stays within the package's usage level of ${freeUsers} registered users. Going beyond it needs a paid package: we will never move you to one, or charge you, without your agreement.`,
          "Demo organisations are for trying the service: they are deleted, with everything in them, when the demo ends. Do not put real people's details in them.",
        ],
      },
      {
        id: 'service',
        heading: 'The service',
        content: [
          'We work to keep the service available, secure and up to date, and we may improve or change features. We tell administrators in good time before a change that affects how their organisation works.',
          'The service is provided as it is. As far as the law allows, we are not liable for indirect losses, or for losses caused by accounts whose owners did not keep them safe. Nothing in these terms limits rights you have by law.',
        ],
      },
      {
        id: 'ending',
        heading: 'Ending',
        content: [
          "You may stop using the service at any time; your organisation's administrators can delete your account. We may close accounts and organisations that break these terms. What happens to the data then is set out in the privacy policy.",
        ],
      },
      {
        id: 'contact',
        heading: 'Contact',
        content: [`${facts.dataController} provides this service. Questions about these terms: ${mail(facts.supportEmail)}.`],
      },
    ],
  };
}

/** Texts around the public pages themselves (the catalog's `publicPage.*` keys; the documents above are English only). */
export const PUBLIC_PAGE_EN = {
  /** While the browser leaves for the organisation's own privacy, terms or help page. */
  redirecting: 'Redirecting...',
  contents: 'Contents',
} as const;

export const PUBLIC_PAGE_MESSAGES = liveTexts('publicPage', PUBLIC_PAGE_EN);
