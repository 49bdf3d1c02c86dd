import { Link } from 'react-router';
import { DiscordIcon, InstagramIcon, XLogoIcon } from '../../components/Icons';
import { useCurrentYear } from '../../app/useCurrentYear';
import {
  FOOTER_LEGAL,
  FOOTER_QUICK_LINKS,
  FOOTER_RESOURCES,
  SOCIAL_LINKS,
  type NavItem,
  type SocialNetwork,
} from './links';

const SOCIAL_ICONS: Record<SocialNetwork, typeof XLogoIcon> = {
  x: XLogoIcon,
  instagram: InstagramIcon,
  discord: DiscordIcon,
};

function LinkColumn({ title, items }: { title: string; items: NavItem[] }) {
  const id = `footer-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <nav className="footer-column" aria-labelledby={id}>
      <h2 id={id} className="footer-column__title">
        {title}
      </h2>
      <ul>
        {items.map((item) => (
          <li key={item.to}>
            <Link to={item.to}>{item.label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Footer() {
  const year = useCurrentYear();
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="footer-brand">
          <Link to="/" className="footer-brand__name">
            Starborn
          </Link>
          <p>Heroes born of your stars: zodiac-forged legends, painted and told by AI.</p>
          <ul className="social-links" aria-label="Social media">
            {SOCIAL_LINKS.map(({ network, label, href }) => {
              const Icon = SOCIAL_ICONS[network];
              return (
                <li key={network}>
                  <a href={href} target="_blank" rel="noopener noreferrer" aria-label={label} title={label}>
                    <Icon />
                  </a>
                </li>
              );
            })}
          </ul>
        </div>
        <LinkColumn title="Quick Links" items={FOOTER_QUICK_LINKS} />
        <LinkColumn title="Resources" items={FOOTER_RESOURCES} />
        <LinkColumn title="Legal" items={FOOTER_LEGAL} />
      </div>
      <div className="container site-footer__bottom">
        <p>© {year} Starborn. All rights reserved.</p>
      </div>
    </footer>
  );
}
