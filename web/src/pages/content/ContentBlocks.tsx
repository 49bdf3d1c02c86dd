import type { Block, Section } from '../../content/types';
import { InfoIcon } from '../../components/Icons';
import { Inline } from './Inline';

function BlockView({ block }: { block: Block }) {
  switch (block.type) {
    case 'p':
      return (
        <p>
          <Inline text={block.text} />
        </p>
      );
    case 'h3':
      return (
        <h3>
          <Inline text={block.text} />
        </h3>
      );
    case 'ul':
    case 'ol': {
      const List = block.type;
      return (
        <List>
          {block.items.map((item, index) => (
            <li key={index}>
              <Inline text={item} />
            </li>
          ))}
        </List>
      );
    }
    case 'quote':
      return (
        <figure className="prose-quote">
          <blockquote>
            <p>
              <Inline text={block.text} />
            </p>
          </blockquote>
          {block.cite && <figcaption>{block.cite}</figcaption>}
        </figure>
      );
    case 'note':
      return (
        <aside className="callout" aria-label={block.title ?? 'Note'}>
          <InfoIcon className="callout__icon" />
          <div>
            {block.title && <p className="callout__title">{block.title}</p>}
            <p>
              <Inline text={block.text} />
            </p>
          </div>
        </aside>
      );
    case 'table':
      return (
        // A wide table scrolls on its own; the region is focusable so keyboard users can scroll it.
        <div className="table-scroll" role="region" aria-label={block.caption} tabIndex={0}>
          <table className="content-table">
            <caption>{block.caption}</caption>
            <thead>
              <tr>
                {block.head.map((cell) => (
                  <th key={cell} scope="col">
                    {cell}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((row, rowIndex) => (
                <tr key={rowIndex}>
                  {row.map((cell, cellIndex) =>
                    cellIndex === 0 ? (
                      <th key={cellIndex} scope="row">
                        <Inline text={cell} />
                      </th>
                    ) : (
                      <td key={cellIndex}>
                        <Inline text={cell} />
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
  }
}

export function Blocks({ blocks }: { blocks: readonly Block[] }) {
  return (
    <>
      {blocks.map((block, index) => (
        <BlockView key={index} block={block} />
      ))}
    </>
  );
}

/** Sections as h2 + blocks; the h2 carries the anchor id used by the table of contents. */
export function Sections({ sections }: { sections: readonly Section[] }) {
  return (
    <>
      {sections.map((section) => (
        <section key={section.id} aria-labelledby={section.id} className="prose-section">
          <h2 id={section.id}>{section.title}</h2>
          <Blocks blocks={section.blocks} />
        </section>
      ))}
    </>
  );
}

/** "On this page": links to each section's heading. */
export function TableOfContents({ sections }: { sections: readonly Section[] }) {
  return (
    <nav className="toc" aria-labelledby="toc-title">
      <p id="toc-title" className="toc__title">
        On this page
      </p>
      <ol>
        {sections.map((section) => (
          <li key={section.id}>
            <a href={`#${section.id}`}>{section.title}</a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
