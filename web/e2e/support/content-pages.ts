/** The public content pages: path, level-1 heading (the document title is '<heading> | Starborn'). */
export const CONTENT_PAGES: Array<[string, string]> = [
  ['/terms-of-service', 'Terms of Service'],
  ['/privacy-policy', 'Privacy Policy'],
  ['/cookie-policy', 'Cookie Policy'],
  ['/zodiac-guide', 'Zodiac Guide'],
  ['/nft-basics', 'NFT Basics'],
  ['/faqs', 'Frequently Asked Questions'],
  ['/support', 'Support'],
  ['/blog', 'Starborn Blog'],
  ['/blog/zodiac-hero-archetypes', 'Zodiac Hero Archetypes'],
  ['/blog/ai-mythical-journeys', 'AI Mythical Journeys'],
  ['/backlink-strategy', 'Partner With Starborn'],
];
