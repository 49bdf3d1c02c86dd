import type { ReactNode } from 'react';
import { Inline } from './Inline';
import { Sections, TableOfContents } from './ContentBlocks';
import { useScrollToHash } from './useScrollToHash';
import type { ContentDocument } from '../../content/types';
import '../../styles/content.css';

export interface DocumentPageProps {
  doc: ContentDocument;
  /** A line under the introduction, e.g. the "Last updated" date. */
  meta?: ReactNode;
  /** Extra content after the sections, inside the article. */
  children?: ReactNode;
}

/** A long page: title and introduction, an "On this page" list, and the sections. */
export function DocumentPage({ doc, meta, children }: DocumentPageProps) {
  useScrollToHash();
  return (
    <div className="content-page">
      <header className="container content-hero">
        <p className="eyebrow">{doc.eyebrow}</p>
        <h1>{doc.title}</h1>
        {doc.intro.map((paragraph, index) => (
          <p key={index} className="lead">
            <Inline text={paragraph} />
          </p>
        ))}
        {meta && <p className="content-hero__meta">{meta}</p>}
      </header>
      <div className="container content-layout">
        <aside className="content-layout__aside">
          <TableOfContents sections={doc.sections} />
        </aside>
        <article className="prose content-layout__main">
          <Sections sections={doc.sections} />
          {children}
        </article>
      </div>
    </div>
  );
}
