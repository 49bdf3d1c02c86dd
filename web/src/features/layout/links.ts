/** Every link of the header and footer in one place. */
export interface NavItem {
  to: string;
  label: string;
}

export const VISITOR_NAV: NavItem[] = [
  { to: '/', label: 'Home' },
  { to: '/blog', label: 'Blog' },
];

export const MEMBER_NAV: NavItem[] = [
  { to: '/', label: 'Home' },
  { to: '/blog', label: 'Blog' },
  { to: '/heroes', label: 'My Heroes' },
  { to: '/create', label: 'Create Hero' },
  { to: '/shared-story', label: 'Shared Story' },
  { to: '/profile', label: 'Profile' },
];

export const FOOTER_QUICK_LINKS: NavItem[] = [
  { to: '/', label: 'Home' },
  { to: '/create', label: 'Create Hero' },
  { to: '/heroes', label: 'My Heroes' },
  { to: '/shared-story', label: 'Shared Story' },
  { to: '/blog', label: 'Blog' },
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
