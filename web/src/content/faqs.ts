import type { FaqGroup } from '../features/faq/filterFaqs';
import { CONTACT, EMAIL_RESPONSE_TIME } from './contact';

/** The FAQ page's questions, grouped. Answers use ./markup. */
export const FAQ_GROUPS: readonly FaqGroup[] = [
  {
    id: 'getting-started',
    title: 'Getting Started',
    items: [
      {
        id: 'what-is-starborn',
        question: 'What is Starborn?',
        answer:
          'Starborn turns your birth date and a hero name into a personalised fantasy hero. Your birth date gives your hero a Western zodiac sign and a Chinese zodiac animal, and our AI paints the hero from three angles, writes a backstory and begins a storybook whose chapters unfold over the following days.',
      },
      {
        id: 'how-to-start',
        question: 'How do I create my first hero?',
        answer:
          'Create a free account, then open [Create Hero](/create). Pick your birth date, give your hero a name, check the preview and press "Generate My Hero". Generation usually takes around 30 seconds.',
      },
      {
        id: 'age',
        question: 'Is there a minimum age?',
        answer:
          'Yes. You must be at least 18 years old to create an account or make a purchase, as set out in our [Terms of Service](/terms-of-service).',
      },
      {
        id: 'signs',
        question: 'How are my zodiac signs worked out?',
        answer:
          "Your Western sign comes from the day and month you were born, using the classic date ranges (for example Aries from March 21 to April 19). Your Chinese animal comes from the Chinese lunar year, which begins at the lunar new year in January or February, so an early-year birthday can belong to the previous year's animal. The [Zodiac Guide](/zodiac-guide) lists all twelve signs and animals.",
      },
      {
        id: 'birth-years',
        question: 'Which birth dates are supported?',
        answer:
          'The date picker offers the current year and the 99 years before it. The Chinese calendar behind it is tabulated from 1924 to 2050.',
      },
    ],
  },
  {
    id: 'your-hero',
    title: 'Your Hero',
    items: [
      {
        id: 'what-you-get',
        question: 'What does a hero include?',
        answer:
          'Every hero has three images (a portrait, a profile and an action shot), a backstory shaped by both of its signs, traits, strengths and weaknesses, a list of compatible signs, and a storybook with chapters.',
      },
      {
        id: 'blurred',
        question: "Why are some of my hero's images blurred?",
        answer:
          'A new hero starts as a free preview. Previews show the first image in full and blur the others, shorten the backstory to its first 300 characters and include fewer chapters. Upgrading the hero to Premium unlocks everything in full quality.',
      },
      {
        id: 'one-free-hero',
        question: 'Can I create more than one hero?',
        answer:
          'Yes, as many as you like, but only one non-premium hero at a time. To create another hero, first upgrade your existing non-premium hero to Premium.',
      },
      {
        id: 'chapters',
        question: 'How do storybook chapters work?',
        answer:
          'A premium story releases a new chapter every day, and the chapters panel shows a countdown to the next one. If you cannot wait, you can unlock three more chapters at once from the chapters panel.',
      },
      {
        id: 'ai',
        question: 'Who writes and paints my hero?',
        answer:
          "Artificial intelligence, guided by your hero's name and signs. Because it is generated, every hero is different, and occasionally something may not come out quite right. If something generated for you looks wrong or inappropriate, tell us through [Support](/support).",
      },
    ],
  },
  {
    id: 'premium-payments',
    title: 'Premium & Payments',
    items: [
      {
        id: 'premium',
        question: 'What does Premium unlock?',
        answer:
          'For that hero: full-quality images without watermarks, the full backstory, downloads of the hero assets, a public share link, participation in shared story rooms, and daily chapter releases.',
      },
      {
        id: 'price',
        question: 'How much does Premium cost?',
        answer:
          'The premium upgrade is a one-time payment of $3.99 (USD) per hero. Extra chapters are sold in packs of three, and the price is shown on the checkout page before you pay. There are no subscriptions.',
      },
      {
        id: 'payment-security',
        question: 'How are payments processed?',
        answer:
          "Card payments are handled by our payment provider, Stripe. You type your card details into Stripe's secure form, so your card number never reaches Starborn's servers.",
      },
      {
        id: 'refund',
        question: 'Something went wrong with my purchase. What can I do?',
        answer:
          'Contact us through [Support](/support) with the category "Billing" within 30 days. If an upgrade was not applied or your content could not be generated, we will fix it or refund you.',
      },
      {
        id: 'ai-unavailable',
        question: 'Why does checkout say the AI service is temporarily unavailable?',
        answer:
          'Before taking a payment we check that the AI service can generate your content. If it is over its limits, we pause payments so you are never charged for something we cannot deliver. Please try again a little later.',
      },
    ],
  },
  {
    id: 'sharing-stories',
    title: 'Sharing & Shared Stories',
    items: [
      {
        id: 'share',
        question: 'How do I share my hero?',
        answer:
          "Premium heroes can be shared with a public link. Anyone with the link can see the hero's name, images, signs and backstory, even without an account. Your profile lists your links with how often each was viewed.",
      },
      {
        id: 'shared-story',
        question: 'What is a shared story?',
        answer:
          'A live room where several heroes adventure together while an AI narrator weaves their messages into one story. Premium heroes can create rooms and send messages; other heroes can join as spectators and read along.',
      },
      {
        id: 'room-visibility',
        question: 'Who can read my messages in a shared story?',
        answer:
          'Everyone in the room, participants and spectators, including people who join later. Treat it like a public conversation and do not post personal information.',
      },
      {
        id: 'invite',
        question: 'How do I invite friends to a room?',
        answer:
          'Open the room, press "Invite Heroes" and copy the room link. Anyone who is signed in and has the link can join.',
      },
    ],
  },
  {
    id: 'account-privacy',
    title: 'Account & Privacy',
    items: [
      {
        id: 'forgot-password',
        question: 'I forgot my password. What now?',
        answer:
          'Send us a message through [Support](/support) with the category "Account" from the email address of your account, and we will help you regain access.',
      },
      {
        id: 'delete-account',
        question: 'How do I delete my account and data?',
        answer: `Open your [Profile](/profile), go to Delete Account at the bottom and confirm with your password: your account, heroes with their pictures, storybooks and share links are deleted at once. Your room messages stay in their rooms as from "a departed hero", and the payment records the law requires are kept with nothing that names you. If you cannot sign in, send a request through [Support](/support) with the category "Account", or write to [${CONTACT.privacyEmail}](mailto:${CONTACT.privacyEmail}), from the email address of your account. The [Privacy Policy](/privacy-policy) has the details.`,
      },
      {
        id: 'cookies',
        question: 'Do you use cookies or trackers?',
        answer:
          "No tracking, analytics or advertising cookies. To keep you signed in, the app stores your sign-in token and basic account details in your browser's local storage, and signing out removes them. See the [Cookie Policy](/cookie-policy).",
      },
      {
        id: 'contact',
        question: 'How quickly will support answer?',
        answer: `We answer emails and support messages ${EMAIL_RESPONSE_TIME}. Our hours and every way to reach us are on the [Support](/support) page.`,
      },
    ],
  },
  {
    id: 'nfts',
    title: 'NFTs',
    items: [
      {
        id: 'nft-now',
        question: 'Is my hero an NFT?',
        answer:
          'Not yet. Heroes are stored by Starborn and can be downloaded and shared without any wallet. We are preparing a marketplace where premium heroes can be minted on Ethereum; it is coming soon, and minting will always be optional.',
      },
      {
        id: 'wallet',
        question: 'Why does checkout ask for a wallet address?',
        answer:
          'It is optional. If you enter an Ethereum address, we keep it so your hero can be sent there when the marketplace launches. We will never ask for your recovery phrase or private key. Read [NFT Basics](/nft-basics) to learn more.',
      },
    ],
  },
];
