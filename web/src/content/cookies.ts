import { CONTACT } from './contact';
import { note, p, ul, type ContentDocument } from './types';

/** Cookie Policy: the app keeps its session in localStorage and sets no tracking cookies. */
export const COOKIES: ContentDocument = {
  title: 'Cookie Policy',
  eyebrow: 'Legal',
  description:
    "Starborn uses no tracking or advertising cookies. Your sign-in is kept in your browser's local storage under two keys, authToken and user. Here is what they hold and how to clear them.",
  intro: [
    "Short answer: **Starborn does not use tracking, analytics or advertising cookies**, and there is no cookie banner because there is nothing to consent to. To keep you signed in, the app stores two entries in your browser's local storage, `authToken` and `user`. This page explains exactly what they are.",
  ],
  sections: [
    {
      id: 'what-we-store',
      title: 'What we store in your browser',
      blocks: [
        p(
          'Local storage is a small storage area in your browser that belongs to our website. Unlike cookies, it is not sent to our servers with every request: the app reads it and sends only what a request needs. Starborn uses two keys, and only after you sign in or register:',
        ),
        {
          type: 'table',
          caption: 'Local storage entries set by Starborn',
          head: ['Key', 'What it holds', 'Why', 'How long'],
          rows: [
            [
              '`authToken`',
              'A signed sign-in token',
              'Proves to our servers that requests come from your account',
              'Until you sign out; the token itself expires 7 days after sign-in',
            ],
            [
              '`user`',
              'Your account id, name and email address',
              'Shows your name in the menu without asking the server on every page',
              'Until you sign out',
            ],
          ],
        },
        p(
          'Both entries are strictly necessary for the Service you ask for, which is staying signed in. They are not used to follow you across other websites and are not shared with anyone.',
        ),
      ],
    },
    {
      id: 'cookies',
      title: 'Cookies',
      blocks: [
        ul(
          "Starborn's own servers do not set cookies.",
          'We use no analytics tools, advertising networks, social media pixels or other third-party trackers.',
          'Our fonts and images are served from our own website, so loading a page does not contact other companies.',
        ),
        p(
          "The one exception is payment. When the checkout uses the payment form of our payment provider **Stripe**, Stripe may set its own cookies (such as `__stripe_mid` and `__stripe_sid`) to prevent fraud. They are strictly necessary to pay securely and are governed by Stripe's own cookie policy.",
        ),
      ],
    },
    {
      id: 'clearing',
      title: 'How to remove them',
      blocks: [
        ul(
          '**Sign out.** Sign Out removes both entries from the browser, and signing out in one tab signs out your other tabs too.',
          "**Clear site data.** Your browser's settings let you delete the stored data of a single website or of all websites.",
          "**Block storage.** You can block local storage in your browser. Starborn's public pages still work, but you will not be able to stay signed in.",
        ),
      ],
    },
    {
      id: 'changes',
      title: 'Changes',
      blocks: [
        p(
          'If we ever want to use anything beyond what is strictly necessary, such as analytics, we will update this page first and ask for your consent before anything is stored.',
        ),
        note(
          `Questions? Write to [${CONTACT.privacyEmail}](mailto:${CONTACT.privacyEmail}) or read our [Privacy Policy](/privacy-policy).`,
          'Contact',
        ),
      ],
    },
  ],
};
