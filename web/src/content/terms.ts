import { CONTACT } from './contact';
import { note, p, ul, type ContentDocument } from './types';

/** Terms of Service (minimum age 18). Plain strings with ./markup links. */
export const TERMS: ContentDocument = {
  title: 'Terms of Service',
  eyebrow: 'Legal',
  description:
    'The terms for using Starborn: accounts, the 18+ age requirement, payments through Stripe, AI-generated heroes and stories, sharing, shared story rooms and your rights.',
  intro: [
    'These Terms of Service ("Terms") are the agreement between you and Starborn ("Starborn", "we", "us") for the use of the Starborn website and app, where a birth date and a hero name become a personalised fantasy hero with AI-generated portraits, a backstory, a storybook and live shared stories (together, the "Service").',
    'Please read them carefully. By creating an account or using the Service you accept these Terms and confirm that you have read our [Privacy Policy](/privacy-policy) and [Cookie Policy](/cookie-policy). If you do not agree, please do not use the Service.',
  ],
  sections: [
    {
      id: 'eligibility',
      title: '1. Who may use Starborn',
      blocks: [
        p(
          'You must be **at least 18 years old** to create an account or make a purchase. By registering you confirm that you are 18 or older and that you are legally able to enter into this agreement.',
        ),
        p(
          'Visitors of any age may read our public pages, but the Service itself is not directed at children. If we learn that an account belongs to someone under 18, we will close it and delete its data as described in the [Privacy Policy](/privacy-policy).',
        ),
      ],
    },
    {
      id: 'account',
      title: '2. Your account',
      blocks: [
        p(
          'To create heroes you need an account with your name, a valid email address and a password of at least 8 characters. Please give accurate details and keep them up to date, because we use your email address for receipts and for answering your requests.',
        ),
        ul(
          'Your account is personal. Do not share your password or let anyone else use your account.',
          'You are responsible for what happens under your account. If you think someone else has access to it, contact us at once through [Support](/support) so we can help secure it.',
          'A sign-in lasts up to 7 days on a device. Signing out removes the session from that browser.',
          'You may stop using Starborn at any time and delete your account from your profile (see section 13).',
        ),
      ],
    },
    {
      id: 'service',
      title: '3. What the Service does',
      blocks: [
        p(
          'From the birth date you enter, Starborn works out your Western zodiac sign and your Chinese zodiac animal. Together with the hero name you choose, these shape a hero: three images from different angles, a backstory and a storybook whose chapters are released over time. Premium heroes can also be shared through a public link and can take part in shared story rooms with an AI narrator.',
        ),
        p(
          'We keep improving the Service, so features may change, be added or be withdrawn. If we remove a feature that you paid for, we will give you reasonable notice and, where the feature cannot be replaced, a fair refund of what you paid for it.',
        ),
        p(
          'Astrology in Starborn is a creative inspiration, not a science. Nothing in the Service is a prediction, advice or a statement of fact about you or your future.',
        ),
      ],
    },
    {
      id: 'free-and-premium',
      title: '4. Free previews and premium heroes',
      blocks: [
        p(
          'A new hero starts as a free preview. Previews are deliberately limited: the additional images are blurred and watermarked, the backstory is shortened, fewer chapters are available, and downloading, sharing and joining shared stories as a participant are not included.',
        ),
        p(
          'You may have **one non-premium hero at a time**. To create another hero, first upgrade your existing non-premium hero to premium.',
        ),
        p(
          'A premium upgrade unlocks, for that hero: the full-quality images, the full backstory, downloads of the hero assets, public share links, participation in shared story rooms, and daily chapter releases. Additional chapters can be bought in packs of three.',
        ),
      ],
    },
    {
      id: 'payments',
      title: '5. Prices and payments',
      blocks: [
        p(
          'Prices are shown in US dollars (USD) before you pay. The premium upgrade costs $3.99 per hero; the price of a chapter pack is shown on the checkout page. All purchases are one-time payments: there is no subscription and nothing renews automatically.',
        ),
        p(
          "Payments are processed by our payment provider, **Stripe**. You enter your card details in Stripe's secure payment form; the card number never reaches Starborn's servers. Stripe's own terms and privacy policy apply to the processing of your payment, and Stripe may send you a receipt to the email address you give at checkout.",
        ),
        p(
          'Your purchase takes effect as soon as the payment is confirmed. Applicable taxes are included in or added to the price as the law of your country requires and as shown at checkout.',
        ),
      ],
    },
    {
      id: 'refunds',
      title: '6. Refunds and problems with a purchase',
      blocks: [
        p(
          'Premium upgrades and chapter packs are digital content that is delivered immediately. By completing a purchase you ask us to deliver it at once and acknowledge that, where the law allows, the right to withdraw from the purchase ends when delivery begins.',
        ),
        p(
          'If a purchase does not give you what it promised, for example the upgrade was not applied or the content could not be generated, contact us within 30 days through [Support](/support) (category "Billing"). We will fix the problem or refund the payment. This does not limit any rights you have under the consumer law of your country.',
        ),
      ],
    },
    {
      id: 'ai-content',
      title: '7. AI-generated content',
      blocks: [
        p(
          "Hero images, backstories, chapters and the narrator's messages in shared story rooms are generated by artificial intelligence. Depending on how the Service is configured, generation runs on Starborn's own generation service or uses an external provider, **OpenAI**.",
        ),
        ul(
          'AI output can be surprising, inconsistent or wrong. It can resemble content created for other people, because similar inputs can lead to similar results.',
          'We apply safety instructions and filters, but we cannot review every generated text or image before you see it. If something generated for you is offensive or inappropriate, report it through [Support](/support) and we will look into it.',
          'Do not use generated content in a way that suggests a real person created or endorsed it, and do not present it as fact.',
        ),
      ],
    },
    {
      id: 'your-content',
      title: '8. Your content and your rights in your hero',
      blocks: [
        p(
          '"Your content" means what you put into the Service: hero names, birth dates, messages in shared story rooms and support requests. You keep any rights you have in it. You give us a worldwide, non-exclusive, royalty-free licence to host, store, process and display your content only as far as needed to run the Service for you, for example to generate your hero, show your shared hero to people who have the link, and show your room messages to the other members of that room. The licence ends when your content is deleted, except for copies that other room members already received.',
        ),
        p(
          'As between you and Starborn, you may use the images and texts generated for your heroes for any lawful personal, non-commercial purpose, including posting them on social media and printing them for yourself. For commercial use, such as selling prints or merchandise, please ask us first through [Support](/support). Please note that in some countries purely AI-generated material is not protected by copyright, so others may be free to use similar material.',
        ),
        p(
          "Do not enter names or messages that infringe someone else's rights, such as trademarks or other people's personal data.",
        ),
      ],
    },
    {
      id: 'sharing',
      title: '9. Sharing heroes',
      blocks: [
        p(
          'Owners of premium heroes can create a public share link. **Anyone who has the link can view the shared hero** (its name, images, zodiac signs and backstory) without an account, and we count how often the link is opened so you can see it in your profile. Your email address and birth date are not shown on a shared page.',
        ),
        p(
          'Only share links with people you are happy to show your hero to; a link can be passed on. If you want a link to stop working, contact [Support](/support) and we will deactivate it. Deleting your account deactivates all of your links.',
        ),
      ],
    },
    {
      id: 'shared-stories',
      title: '10. Shared story rooms and chat',
      blocks: [
        p(
          "In a shared story room, several users' heroes take part in one story told by an AI narrator. Premium heroes can create rooms and send messages; other heroes can join as spectators and read along. Anyone who is signed in and has a room's link can join it.",
        ),
        ul(
          '**Messages are visible to every member of the room**, participants and spectators alike, including people who join later.',
          'The AI narrator reads the messages in the room to continue the story, so your messages are processed by the AI service as described in the [Privacy Policy](/privacy-policy).',
          "Treat a room like a public conversation. Do not post your own or anyone else's personal information, such as addresses, phone numbers or passwords.",
        ),
      ],
    },
    {
      id: 'conduct',
      title: '11. Acceptable use',
      blocks: [
        p('When you use Starborn, including in hero names and room messages, you must not:'),
        ul(
          'harass, threaten, bully or impersonate anyone, or post hateful content that attacks people for who they are;',
          'post sexual content involving minors, sexually explicit content, or content that promotes violence, self-harm or illegal activity;',
          'try to make the AI narrator or generator produce such content, or to get around its safety measures;',
          "post spam, advertising or malicious links, or collect other users' data;",
          'scrape the Service, probe or overload our systems, reverse engineer them, or create accounts automatically;',
          "get around the limits of free heroes, payments or access rules, or use someone else's payment method without permission.",
        ),
        p(
          'We may remove content that breaks these rules, close rooms, and suspend or close accounts that break them, in proportion to the seriousness of the breach. Where reasonable we will tell you why. If you think we made a mistake, tell us through [Support](/support) and we will review the decision.',
        ),
      ],
    },
    {
      id: 'nft',
      title: '12. Wallet addresses and NFTs',
      blocks: [
        p(
          'At checkout you may enter an Ethereum wallet address. This is optional and is stored for a possible future feature that would let you keep your hero as an NFT. Starborn does not mint NFTs, sell tokens or run a marketplace today; the marketplace is coming soon and will have its own terms. Nothing on Starborn is an investment or a financial product. See [NFT Basics](/nft-basics) for more.',
        ),
      ],
    },
    {
      id: 'ending',
      title: '13. Ending the agreement',
      blocks: [
        p(
          'You can stop using Starborn at any time. You can delete your account and data yourself, confirmed with your password, under Delete Account on your [Profile](/profile); if you cannot sign in, send a request through [Support](/support) (category "Account") from the email address of your account, or write to ' +
            `[${CONTACT.privacyEmail}](mailto:${CONTACT.privacyEmail}). What is deleted, and what the law requires us to keep, is described in the [Privacy Policy](/privacy-policy).`,
        ),
        p(
          "We may suspend or close an account that seriously or repeatedly breaks these Terms, or where the law requires it. If we ever shut down the Service, we will give at least 30 days' notice by email and refund purchases of premium features that you could not reasonably use.",
        ),
      ],
    },
    {
      id: 'ip',
      title: "14. Starborn's rights",
      blocks: [
        p(
          'The Service, including its software, design, texts written by us, the Starborn name and logo, belongs to Starborn or its licensors. These Terms do not give you any right to use our name or logo, except as described for partners on our [partnership page](/backlink-strategy).',
        ),
      ],
    },
    {
      id: 'liability',
      title: '15. Disclaimers and liability',
      blocks: [
        p(
          'We work hard to keep Starborn available and working, but we provide it "as is" and cannot promise that it will always be available, error-free or that generated content will meet your expectations.',
        ),
        p(
          'Nothing in these Terms limits liability that cannot be limited by law, such as liability for death or personal injury caused by negligence, or for fraud. Otherwise, Starborn is not liable for indirect or consequential losses, and our total liability to you for any claim about the Service is limited to the amount you paid us in the 12 months before the claim arose or 50 US dollars, whichever is greater.',
        ),
      ],
    },
    {
      id: 'changes',
      title: '16. Changes to these Terms',
      blocks: [
        p(
          'We may update these Terms when the Service or the law changes. We will show the date of the latest version at the top of this page, and tell you by email or in the app at least 14 days before a change that affects you materially takes effect. If you do not agree with the new Terms, you can close your account before they apply.',
        ),
      ],
    },
    {
      id: 'law',
      title: '17. Disputes',
      blocks: [
        p(
          'If you have a problem with Starborn, please contact us first: most issues can be solved quickly through [Support](/support). These Terms are governed by the law of the country where Starborn is established, but if you are a consumer you also keep the protection of the mandatory rules of the country where you live, and you may bring a claim in its courts.',
        ),
      ],
    },
    {
      id: 'contact',
      title: '18. Contact',
      blocks: [
        p(
          `Questions about these Terms: [${CONTACT.legalEmail}](mailto:${CONTACT.legalEmail}). For anything about your account, heroes or payments, the fastest way is our [Support](/support) page.`,
        ),
        note(
          'These Terms are written to be read. If something is unclear, ask us and we will explain it; we will also use your question to make the text clearer.',
          'Plain language',
        ),
      ],
    },
  ],
};
