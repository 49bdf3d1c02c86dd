import { useDeferredValue, useId, useState } from 'react';
import { Link } from 'react-router';
import { FAQ_GROUPS } from '../../content/faqs';
import { FaqAccordion, faqGroupAnchor } from '../../features/faq/FaqAccordion';
import { countFaqs, filterFaqs } from '../../features/faq/filterFaqs';
import { usePageMeta } from '../../components/usePageMeta';
import { SearchInput } from '../../components/SearchInput';
import '../../styles/content.css';

const TOTAL = countFaqs(FAQ_GROUPS);

/** Searchable, grouped accordion; the search matches question or answer text. */
export default function FaqPage() {
  usePageMeta({
    title: 'Frequently Asked Questions',
    description:
      'Answers about creating heroes, zodiac signs, premium upgrades and payments, sharing, shared stories, privacy and NFTs on Starborn.',
  });
  const searchId = useId();
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const groups = filterFaqs(FAQ_GROUPS, deferredQuery);
  const searching = deferredQuery.trim() !== '';
  const shown = countFaqs(groups);

  return (
    <div className="content-page">
      <header className="container content-hero">
        <p className="eyebrow">Help Center</p>
        <h1>Frequently Asked Questions</h1>
        <p className="lead">
          Quick answers about heroes, signs, premium, sharing and your account. Can&rsquo;t find what you
          need? <Link to="/support">Contact Support</Link>.
        </p>
      </header>

      <div className="container faq-layout">
        <div role="search" className="faq-search">
          <label htmlFor={searchId} className="field__label">
            Search the FAQs
          </label>
          <SearchInput
            id={searchId}
            className="faq-search__input"
            placeholder="Try “premium”, “refund” or “Ethereum”"
            value={query}
            onSearch={setQuery}
            autoComplete="off"
            enterKeyHint="search"
          />
          <p className="faq-search__status" role="status">
            {searching
              ? `Showing ${shown} of ${TOTAL} questions`
              : `${TOTAL} questions in ${FAQ_GROUPS.length} topics`}
          </p>
        </div>

        {!searching && (
          <nav className="jump-links" aria-label="FAQ topics">
            {FAQ_GROUPS.map((group) => (
              <a key={group.id} href={`#${faqGroupAnchor(group.id)}`}>
                {group.title}
              </a>
            ))}
          </nav>
        )}

        {shown > 0 ? (
          <FaqAccordion groups={groups} searching={searching} />
        ) : (
          <div className="empty-state">
            <h2>No matching questions</h2>
            <p className="muted">
              Nothing matches &ldquo;{deferredQuery.trim()}&rdquo;. Try another word, or ask us directly.
            </p>
            <div className="actions actions--center">
              <button type="button" className="button button--ghost" onClick={() => setQuery('')}>
                Clear Search
              </button>
              <Link to="/support" className="button button--primary">
                Contact Support
              </Link>
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
