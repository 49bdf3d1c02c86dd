import { Link } from 'react-router';
import {
  CONTACT,
  EMAIL_RESPONSE_TIME,
  LIVE_CHAT_HOURS,
  SUPPORT_HOURS,
  SUPPORT_HOURS_TEXT,
} from '../../content/contact';
import { SOCIAL_LINKS } from '../../features/layout/links';
import { SupportForm } from '../../features/support/SupportForm';
import { usePageMeta } from '../../components/usePageMeta';
import '../../styles/content.css';

const DISCORD = SOCIAL_LINKS.find((link) => link.network === 'discord')!;

const QUICK_LINKS = [
  { to: '/faqs', label: 'Frequently Asked Questions', note: 'Searchable answers to common questions' },
  { to: '/zodiac-guide', label: 'Zodiac Guide', note: 'Dates, elements and traits of every sign' },
  { to: '/nft-basics', label: 'NFT Basics', note: 'Ethereum, wallets and the coming marketplace' },
  { to: '/terms-of-service', label: 'Terms of Service', note: 'Accounts, payments and refunds' },
  { to: '/privacy-policy', label: 'Privacy Policy', note: 'Your data, and how to have it deleted' },
  { to: '/cookie-policy', label: 'Cookie Policy', note: 'What we keep in your browser' },
] as const;

/** The three ways to reach support: a title, the link and when or what for. */
const CONTACT_OPTIONS = [
  {
    title: 'Email',
    link: <a href={`mailto:${CONTACT.supportEmail}`}>{CONTACT.supportEmail}</a>,
    note: `Responses ${EMAIL_RESPONSE_TIME}.`,
  },
  {
    title: 'Live Chat',
    link: (
      <a href={DISCORD.href} target="_blank" rel="noopener noreferrer">
        #support on our Discord
      </a>
    ),
    note: `Staffed ${LIVE_CHAT_HOURS}.`,
  },
  {
    title: 'Message Form',
    link: <a href="#send-message">Write to us below</a>,
    note: 'Best for account and billing questions.',
  },
];

/** Contact options, support hours, quick links and the message form. */
export default function SupportPage() {
  usePageMeta({
    title: 'Support',
    description: `Get help with Starborn: email, live chat and a message form. Support hours: ${SUPPORT_HOURS_TEXT}.`,
  });

  return (
    <div className="content-page">
      <header className="container content-hero">
        <p className="eyebrow">Help Center</p>
        <h1>Support</h1>
        <p className="lead">
          Stuck on a step, puzzled by a payment or just curious about your hero? Our team is here to help, and
          real people read every message.
        </p>
      </header>

      <div className="container support-layout">
        <section aria-labelledby="contact-options" className="support-section">
          <h2 id="contact-options">Contact Options</h2>
          <ul className="contact-grid">
            {CONTACT_OPTIONS.map(({ title, link, note }) => (
              <li key={title} className="contact-card">
                <h3>{title}</h3>
                <p>{link}</p>
                <p className="muted">{note}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="support-hours" className="support-section">
          <h2 id="support-hours">Support Hours</h2>
          <p className="hours-summary">{SUPPORT_HOURS_TEXT}</p>
          <div className="hours-card">
            <table className="content-table hours-table">
              <caption className="visually-hidden">Support hours (Eastern Time)</caption>
              <tbody>
                {SUPPORT_HOURS.map((row) => (
                  <tr key={row.days}>
                    <th scope="row">{row.days}</th>
                    <td>{row.hours}</td>
                  </tr>
                ))}
                <tr>
                  <th scope="row">Live chat</th>
                  <td>{LIVE_CHAT_HOURS}</td>
                </tr>
                <tr>
                  <th scope="row">Email</th>
                  <td>responses {EMAIL_RESPONSE_TIME}</td>
                </tr>
              </tbody>
            </table>
          </div>
        </section>

        <section aria-labelledby="send-message" className="support-section support-section--form">
          <h2 id="send-message">Send Us a Message</h2>
          <p className="muted">
            Messages about an account or a payment are easiest for us to check when sent from your
            account&rsquo;s email address.
          </p>
          <div className="support-form-card">
            <SupportForm />
          </div>
        </section>

        <section aria-labelledby="quick-links" className="support-section">
          <h2 id="quick-links">Quick Links</h2>
          <ul className="quick-links">
            {QUICK_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="quick-link">
                  <span className="quick-link__label">{link.label}</span>
                  <span className="quick-link__note">{link.note}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
