import { CONTACT } from './contact';
import { note, p, ul, type ContentDocument } from './types';

/** Privacy Policy. Plain strings with ./markup links. */
export const PRIVACY: ContentDocument = {
  title: 'Privacy Policy',
  eyebrow: 'Legal',
  description:
    'What personal data Starborn collects, why, who processes it (Stripe for payments, OpenAI when configured for AI generation), how long we keep it and how to have it deleted.',
  intro: [
    'This policy explains what personal data Starborn collects when you use our website and app (the "Service"), why we need it, who else processes it, how long we keep it, and the rights you have over it. We have tried to keep it short and concrete: it describes what the Service actually does.',
    `Starborn is responsible for your personal data as the "controller". You can reach us about anything in this policy at [${CONTACT.privacyEmail}](mailto:${CONTACT.privacyEmail}) or through our [Support](/support) page.`,
  ],
  sections: [
    {
      id: 'summary',
      title: 'The short version',
      blocks: [
        ul(
          'We collect what we need to run your account, create your heroes, take payments and answer you, and nothing for advertising.',
          'We do not sell your personal data and we do not use tracking or advertising cookies.',
          'Card payments are handled by Stripe; we never see your card number.',
          'Hero names, zodiac signs and story context are sent to an AI service to generate your hero; your email address, password and payment details are not.',
          'You can ask for a copy of your data or for its deletion at any time.',
        ),
      ],
    },
    {
      id: 'data-we-collect',
      title: '1. What we collect',
      blocks: [
        {
          type: 'table',
          caption: 'Personal data Starborn collects, and where it comes from',
          head: ['Kind of data', 'What exactly', 'Where it comes from'],
          rows: [
            [
              'Account',
              'Your name, email address, and your password stored only as a salted argon2id hash (we cannot read it). Account creation date.',
              'You, when you register',
            ],
            [
              'Heroes',
              'Hero name, the birth date you enter, the Western sign and Chinese animal derived from it, generated images, backstory, storybook chapters, payment status.',
              'You, and the generation service',
            ],
            [
              'Payments',
              "Amount, currency, what was bought, payment status, Stripe's payment reference, the email address you enter at checkout, and the optional wallet address.",
              'You and Stripe',
            ],
            [
              'Share links',
              'Which hero is shared, when the link was created, whether it is active and how often it was opened.',
              'You, and visits to the link',
            ],
            [
              'Shared story rooms',
              "Room title, which heroes joined and in which role, the messages sent, with the hero's name and image and the time.",
              'You, other members and the AI narrator',
            ],
            [
              'Support requests',
              'Name, email address, subject, category and message, your account id if you were signed in, and the time.',
              'You, through the support form or by email',
            ],
            [
              'Technical data',
              'IP address, request id, time, requested address and response status in our server logs; short-lived counters of sign-in attempts per IP address and per email address.',
              'Your browser, automatically',
            ],
          ],
        },
        p(
          'In your browser, the Service keeps your sign-in in local storage; the [Cookie Policy](/cookie-policy) explains exactly what is stored. We do not use analytics or advertising trackers, and we do not buy data about you from anyone.',
        ),
        p(
          'Your birth date is used to work out your zodiac signs and is shown only to you. It is not part of a shared hero page and is not sent to the AI service.',
        ),
      ],
    },
    {
      id: 'purposes',
      title: '2. Why we use it',
      blocks: [
        ul(
          '**To provide the Service you asked for** (performance of our contract with you): running your account, generating and showing your heroes, releasing chapters, sharing, shared story rooms, downloads and purchases.',
          '**To keep the Service safe** (our legitimate interest in security): limiting repeated sign-in attempts, detecting abuse, investigating reports and enforcing the [Terms of Service](/terms-of-service).',
          '**To answer you** (contract, or our legitimate interest in helping people who contact us): replying to support requests and privacy requests.',
          '**To meet legal obligations**: keeping payment records for tax and accounting, and answering lawful requests from authorities.',
        ),
        p(
          'We do not send marketing emails unless you have agreed to receive them, and you can withdraw that agreement at any time. We do not make decisions with legal or similarly significant effects about you by automated means. AI is used to write stories and paint pictures, not to judge you.',
        ),
      ],
    },
    {
      id: 'ai',
      title: '3. AI generation',
      blocks: [
        p(
          "Your hero's images, backstory and chapters, and the narrator's messages in shared story rooms, are generated by AI. Depending on how the Service is configured, generation runs on Starborn's own generation service or uses **OpenAI** (OpenAI, L.L.C., United States) through its API.",
        ),
        ul(
          'For a hero, we send the hero name, the zodiac signs with their elements and traits, and a technical hero id. We do not send your email address, password, birth date or payment details.',
          'For a shared story, we send the messages of the room and the names and signs of the heroes in it, so that the narrator can continue the story.',
          'OpenAI processes this data on our behalf under its API business terms, which state that data sent through the API is not used to train its models by default. OpenAI may keep API data for a limited time to detect abuse.',
        ),
        p(
          'Please do not put personal information, such as your real full name, address or phone number, into hero names or room messages.',
        ),
      ],
    },
    {
      id: 'sharing',
      title: '4. Who sees your data',
      blocks: [
        ul(
          "**People you share with.** A share link shows your hero's name, images, signs and backstory to anyone who has the link. Your messages in a shared story room are visible to every member of that room, with your hero's name and image.",
          '**Stripe** (Stripe, Inc. and its affiliates) processes card payments as an independent controller for the payment itself and under its own privacy policy.',
          '**OpenAI**, when the Service is configured to use it, for AI generation as described above.',
          '**Hosting and storage providers** that run our servers, database and the storage for hero images, under contracts that allow them to use the data only to provide their service to us.',
          '**Authorities**, only when the law requires us to disclose data, and after checking that the request is lawful.',
          '**A successor**, if Starborn is ever sold or merged; we will tell you before your data becomes subject to a different privacy policy.',
        ),
        p(
          'We never sell your personal data, and we do not share it for cross-context behavioural advertising.',
        ),
      ],
    },
    {
      id: 'transfers',
      title: '5. International transfers',
      blocks: [
        p(
          'Some of our providers, including Stripe and OpenAI, process data in the United States and other countries. Where data leaves the European Economic Area, the United Kingdom or Switzerland, we rely on adequacy decisions or on the Standard Contractual Clauses approved by the European Commission, together with additional safeguards where needed.',
        ),
      ],
    },
    {
      id: 'retention',
      title: '6. How long we keep it',
      blocks: [
        {
          type: 'table',
          caption: 'Retention periods',
          head: ['Data', 'Kept for'],
          rows: [
            ['Account details', 'As long as your account exists'],
            ['Heroes, images, backstories and chapters', 'Until you delete them or your account'],
            ['Share links and their view counts', 'Until the link is deactivated or your account is deleted'],
            [
              'Your messages in shared story rooms',
              'As long as the room exists, or until your account is deleted',
            ],
            ['Support requests', '2 years after the request was closed'],
            ['Payment records', 'As long as tax and accounting law requires (up to 10 years)'],
            ['Server logs', '30 days'],
            ['Sign-in attempt counters', '15 minutes'],
            ['Backups', 'Deleted data disappears from backups within 35 days'],
          ],
        },
      ],
    },
    {
      id: 'deletion',
      title: '7. Deleting your data',
      blocks: [
        p(
          `You can delete your account and data at any time yourself, under Delete Account on your [Profile](/profile), confirmed with your password; it takes effect at once. If you cannot sign in, ask us through [Support](/support) (category "Account") or by writing to [${CONTACT.privacyEmail}](mailto:${CONTACT.privacyEmail}) from the email address of your account. We may ask you to confirm such a request from that address so that nobody else can delete your account, and carry it out within 30 days.`,
        ),
        p('Deleting your account deletes:'),
        ul(
          'your account, name, email address and password hash;',
          'your heroes with their images, backstories, storybooks and chapters;',
          'your share links, which stop working at once;',
          'your place in shared story rooms (your messages stay in the conversation, shown as from "a departed hero", with nothing that links them to you);',
          'your support requests, unless we still need one to finish handling a dispute.',
        ),
        p(
          'We keep only what the law obliges us to keep, which is the payment records, and we keep them no longer than required. Copies in backups disappear within 35 days. Deletion cannot be undone, so download the assets of your premium heroes first if you want to keep them.',
        ),
      ],
    },
    {
      id: 'rights',
      title: '8. Your rights',
      blocks: [
        p('Depending on where you live, you have the right to:'),
        ul(
          'get a copy of your personal data, in a portable format if you wish;',
          'have incorrect data corrected;',
          'have your data deleted;',
          'object to or restrict processing based on our legitimate interests;',
          'withdraw consent you have given, without affecting what was done before;',
          'not be treated differently for exercising these rights;',
          'complain to your data protection authority. We would appreciate the chance to resolve your concern first.',
        ),
        p(
          `To use any of these rights, write to [${CONTACT.privacyEmail}](mailto:${CONTACT.privacyEmail}) or use the [support form](/support). We answer within 30 days, and usually much sooner. It costs nothing.`,
        ),
      ],
    },
    {
      id: 'security',
      title: '9. Security',
      blocks: [
        p(
          'We protect your data with encrypted connections (HTTPS), passwords stored only as argon2id hashes, signed sign-in tokens that expire after 7 days, limits on repeated sign-in attempts, a strict content security policy in the browser, and access to production data restricted to the people who need it. No system is perfectly secure; if a breach affects your data, we will tell you and the authorities as the law requires.',
        ),
      ],
    },
    {
      id: 'children',
      title: '10. Children',
      blocks: [
        p(
          'Starborn is for adults: you must be at least 18 to create an account. We do not knowingly collect data from anyone younger. If you believe a child has given us personal data, contact us and we will delete it.',
        ),
      ],
    },
    {
      id: 'changes',
      title: '11. Changes to this policy',
      blocks: [
        p(
          'When we change how we handle personal data, we update this policy and the date at the top. If a change is significant, we tell you by email or in the app before it takes effect.',
        ),
        note(
          `Questions about privacy go to [${CONTACT.privacyEmail}](mailto:${CONTACT.privacyEmail}). Everything else goes to our [Support](/support) team.`,
          'Contact',
        ),
      ],
    },
  ],
};
