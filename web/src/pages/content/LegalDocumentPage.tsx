import { Link } from 'react-router';
import { DocumentPage } from './DocumentPage';
import { formatIsoDate } from '../../content/blog';
import { LEGAL_LAST_UPDATED } from '../../content/contact';
import type { ContentDocument } from '../../content/types';
import { usePageMeta } from '../../components/usePageMeta';

const LEGAL_LINKS = [
  { to: '/terms-of-service', label: 'Terms of Service' },
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/cookie-policy', label: 'Cookie Policy' },
] as const;

/** Terms, privacy and cookie policy share one layout with the date of the current version. */
export function LegalDocumentPage({ doc }: { doc: ContentDocument }) {
  usePageMeta({ title: doc.title, description: doc.description });
  return (
    <DocumentPage
      doc={doc}
      meta={
        <>
          Last updated: <time dateTime={LEGAL_LAST_UPDATED}>{formatIsoDate(LEGAL_LAST_UPDATED)}</time>
        </>
      }
    >
      <nav className="related-links" aria-label="Legal documents">
        <p className="related-links__title">Legal documents</p>
        <ul>
          {LEGAL_LINKS.filter((link) => link.label !== doc.title).map((link) => (
            <li key={link.to}>
              <Link to={link.to}>{link.label}</Link>
            </li>
          ))}
          <li>
            <Link to="/support">Contact Support</Link>
          </li>
        </ul>
      </nav>
    </DocumentPage>
  );
}
