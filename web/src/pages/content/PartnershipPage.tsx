import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { DocumentPage } from './DocumentPage';
import { CONTACT } from '../../content/contact';
import { PARTNERSHIP } from '../../content/partnership';
import { SmartImage } from '../../components/SmartImage';
import { usePageMeta } from '../../components/usePageMeta';
import { siteOrigin } from '../../app/siteOrigin';

/** The HTML a partner pastes to show the Starborn badge, pointing at this site. */
export function badgeSnippet(origin: string): string {
  return (
    `<a href="${origin}/" title="Starborn: personalised zodiac fantasy heroes">` +
    `<img src="${origin}/logo.jpg" alt="Starborn" width="96" height="96"></a>`
  );
}

type CopyState = 'idle' | 'copied' | 'failed';

function BadgeKit() {
  const snippet = badgeSnippet(siteOrigin());
  const [copy, setCopy] = useState<CopyState>('idle');

  useEffect(() => {
    if (copy === 'idle') return;
    const timer = window.setTimeout(() => setCopy('idle'), 2000);
    return () => window.clearTimeout(timer);
  }, [copy]);

  async function copySnippet() {
    try {
      await navigator.clipboard.writeText(snippet);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  }

  return (
    <section className="badge-kit" aria-labelledby="badge-kit-title">
      <h2 id="badge-kit-title">The Starborn Badge</h2>
      <div className="badge-kit__body">
        <SmartImage
          src="/logo.jpg"
          alt="The Starborn badge"
          width={96}
          height={96}
          className="badge-kit__image"
        />
        <div className="badge-kit__code">
          <p className="muted">Paste this HTML where you would like the badge to appear:</p>
          <pre className="code-snippet" tabIndex={0} aria-label="Badge HTML">
            <code>{snippet}</code>
          </pre>
          <div className="actions">
            <button type="button" className="button button--ghost button--small" onClick={copySnippet}>
              {copy === 'copied' ? 'Copied!' : 'Copy HTML'}
            </button>
            <span className="badge-kit__status" role="status">
              {copy === 'failed'
                ? 'Copying is blocked in this browser; select the code and copy it instead.'
                : ''}
            </span>
          </div>
        </div>
      </div>
    </section>
  );
}

/** The partnership and linking programme for bloggers and astrology sites (/backlink-strategy). */
export default function PartnershipPage() {
  usePageMeta({ title: PARTNERSHIP.title, description: PARTNERSHIP.description });
  return (
    <DocumentPage doc={PARTNERSHIP}>
      <BadgeKit />
      <div className="cta-panel">
        <h2>Let&rsquo;s tell better stories together</h2>
        <p>Tell us about your site and your idea. We answer every serious proposal within 5 business days.</p>
        <div className="actions">
          <a href={`mailto:${CONTACT.partnersEmail}?subject=Partnership`} className="button button--primary">
            Email {CONTACT.partnersEmail}
          </a>
          <Link to="/blog" className="button button--ghost">
            Read the Blog
          </Link>
        </div>
      </div>
    </DocumentPage>
  );
}
