/** Every link of the header and footer in one place. */
export interface NavItem {
  to: string;
  label: string;
}

/** The app's own pages that appear in more than one list, each named once. */
const PAGES = {
  home: { to: '/', label: 'Home' },
  blog: { to: '/blog', label: 'Blog' },
  heroes: { to: '/heroes', label: 'My Heroes' },
  create: { to: '/create', label: 'Create Hero' },
  sharedStory: { to: '/shared-story', label: 'Shared Story' },
} satisfies Record<string, NavItem>;

export const VISITOR_NAV: NavItem[] = [PAGES.home, PAGES.blog];

export const MEMBER_NAV: NavItem[] = [
  PAGES.home,
  PAGES.blog,
  PAGES.heroes,
  PAGES.create,
  PAGES.sharedStory,
  { to: '/profile', label: 'Profile' },
];

export const FOOTER_QUICK_LINKS: NavItem[] = [
  PAGES.home,
  PAGES.create,
  PAGES.heroes,
  PAGES.sharedStory,
  PAGES.blog,
];

export const FOOTER_RESOURCES: NavItem[] = [
  { to: '/zodiac-guide', label: 'Zodiac Guide' },
  { to: '/nft-basics', label: 'NFT Basics' },
  { to: '/faqs', label: 'FAQs' },
  { to: '/support', label: 'Support' },
  { to: '/backlink-strategy', label: 'Partner With Us' },
];

export const FOOTER_LEGAL: NavItem[] = [
  { to: '/terms-of-service', label: 'Terms of Service' },
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/cookie-policy', label: 'Cookie Policy' },
];

export type SocialNetwork = 'x' | 'instagram' | 'discord';

/** The three external social links. Handles to be confirmed by marketing. */
export const SOCIAL_LINKS: Array<{ network: SocialNetwork; label: string; href: string }> = [
  { network: 'x', label: 'Starborn on X', href: 'https://x.com/starbornhero' },
  { network: 'instagram', label: 'Starborn on Instagram', href: 'https://www.instagram.com/starbornhero' },
  { network: 'discord', label: 'Starborn on Discord', href: 'https://discord.gg/starbornhero' },
];
