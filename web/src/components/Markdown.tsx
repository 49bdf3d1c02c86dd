import { useMemo } from 'react';
import { parseMarkdown, renderMarkdown, sanitizeHtml, type RenderedMarkdown } from './markdown';

export interface MarkdownProps {
  text: string;
  className?: string;
  /** Levels to push the text's headings down, below the surrounding page's (default 0). */
  headingOffset?: number;
}

/** The text as sanitised HTML, or as plain text when formatting fails (see renderMarkdown). */
export function useRenderedMarkdown(text: string, headingOffset = 0): RenderedMarkdown {
  return useMemo(
    () => renderMarkdown(text, { parse: (md) => parseMarkdown(md, headingOffset), sanitize: sanitizeHtml }),
    [text, headingOffset],
  );
}

/** Sanitised markdown; plain text in a paragraph when formatting fails. */
export function Markdown({ text, className = 'markdown', headingOffset = 0 }: MarkdownProps) {
  const rendered = useRenderedMarkdown(text, headingOffset);
  if (rendered.kind === 'text') {
    return (
      <div className={className}>
        <p>{rendered.text}</p>
      </div>
    );
  }
  // The HTML went through the DOMPurify allow-list in renderMarkdown.
  return <div className={className} dangerouslySetInnerHTML={{ __html: rendered.html }} />;
}
