import { CONTACT } from './contact';
import { note, ol, p, ul, type ContentDocument } from './types';

/** The partnership page (/backlink-strategy): a link and content programme for bloggers and astrology sites. */
export const PARTNERSHIP: ContentDocument = {
  title: 'Partner With Starborn',
  eyebrow: 'Partnerships',
  description:
    'A content and linking partnership for astrology sites, fantasy bloggers, mythology educators and game masters: guest articles, expert features, linkable resources and a partner badge.',
  intro: [
    'Starborn lives where astrology, mythology and storytelling meet, and so do many of the best writers on the web. If you run an astrology site, a fantasy or worldbuilding blog, a mythology newsletter or a tabletop gaming channel, we would like to work with you on content that your readers and ours will genuinely enjoy, and to link to each other where it helps them.',
  ],
  sections: [
    {
      id: 'who',
      title: 'Who we partner with',
      blocks: [
        ul(
          '**Astrology writers and horoscope sites** who explore signs, elements and compatibility.',
          '**Fantasy authors and worldbuilding blogs** interested in character archetypes and myth.',
          '**Mythology and folklore educators** who bring old stories to new readers.',
          '**Game masters and tabletop creators** who build heroes and run shared stories of their own.',
          '**Creative writing communities** curious about storytelling with AI.',
        ),
        p(
          'Size matters less than fit. A small site with an engaged audience and original writing is as welcome as a large one.',
        ),
      ],
    },
    {
      id: 'offer',
      title: 'What we offer',
      blocks: [
        ul(
          '**Guest articles on the Starborn Blog**, credited to you with an author bio and a link to your site.',
          '**Expert features.** We quote astrologers, mythologists and writers in our articles and credit each quote with a link to the source.',
          '**Linkable resources** for your own articles: our [Zodiac Guide](/zodiac-guide), our essays on [zodiac hero archetypes](/blog/zodiac-hero-archetypes) and [AI mythical journeys](/blog/ai-mythical-journeys), and our plain-language [NFT Basics](/nft-basics).',
          '**Co-created content**, such as a hero for each sign of your monthly forecast or a shared story played live with your community, promoted on our social channels.',
          '**A partner listing** on this page for sites we collaborate with regularly.',
        ),
      ],
    },
    {
      id: 'link-to-us',
      title: 'Linking to Starborn',
      blocks: [
        p(
          'If a Starborn page helps your readers, link to it with words that describe what they will find, for example "a guide to the twelve zodiac signs" for the Zodiac Guide or "how the zodiac shapes hero archetypes" for our article. Descriptive links are more useful to readers than "click here", and they help search engines understand both sites.',
        ),
        p(
          'You are welcome to show the Starborn badge, found at the end of this page, on your site, linked to our home page.',
        ),
      ],
    },
    {
      id: 'principles',
      title: 'Our linking principles',
      blocks: [
        p(
          'A partnership should make both sites better for readers, so we follow search engine guidelines and advertising rules to the letter:',
        ),
        ul(
          'We link because the content is useful, never in exchange for money or as part of automated link swaps, link networks or private blog networks.',
          'Any paid or sponsored placement is marked with `rel="sponsored"` and labelled clearly as sponsored.',
          'Guest articles must be original, written by you, and not published anywhere else. Mass-produced or spun content is not accepted.',
          'Partnerships are disclosed to readers on both sides, as advertising rules require.',
          'Links go to the page that is genuinely relevant, with honest anchor text.',
        ),
      ],
    },
    {
      id: 'guest-guidelines',
      title: 'Guest article guidelines',
      blocks: [
        ul(
          'Length: 1,000 to 2,000 words, in English, written for curious readers rather than specialists.',
          'Topics: zodiac signs and archetypes, the Chinese zodiac, mythology and folklore, worldbuilding, character creation, and storytelling with AI.',
          'An author bio of up to 50 words with up to two links to your own site or profiles.',
          'We edit for clarity and house style and send you the final version before it is published.',
          'Astrology is presented as a creative and cultural tradition, not as prediction or advice.',
        ),
      ],
    },
    {
      id: 'apply',
      title: 'How to get started',
      blocks: [
        ol(
          `Email [${CONTACT.partnersEmail}](mailto:${CONTACT.partnersEmail}) with your site's address, a few words about your audience, and the idea you would like to work on.`,
          'We reply within 5 business days, usually with a few questions or a first outline.',
          'We agree on the scope, the schedule and how each side will credit and link the work.',
          'We publish, share it on our channels, and send you the link.',
        ),
        note(
          'Prefer a form? Use the [support form](/support) with the subject "Partnership" and we will pass your message on to the partnerships team.',
          'Another way in',
        ),
      ],
    },
  ],
};
