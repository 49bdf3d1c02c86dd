import { useState } from 'react';
import type { FaqGroup } from './filterFaqs';
import { Inline } from '../../pages/content/Inline';

export interface FaqAccordionProps {
  groups: readonly FaqGroup[];
  /** While searching, every match starts open so the matching answer is visible. */
  searching: boolean;
}

/** Anchor id of a group's heading, for the topic links. */
export function faqGroupAnchor(groupId: string): string {
  return `faq-${groupId}`;
}

function ChevronIcon() {
  return (
    <svg
      className="faq-item__chevron"
      width="20"
      height="20"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d="M6 9l6 6 6-6"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * Grouped accordion: each group is a section with a heading, each question a button that shows or
 * hides its answer (WAI-ARIA accordion pattern). Several answers may be open at once.
 */
export function FaqAccordion({ groups, searching }: FaqAccordionProps) {
  // Opened by hand while browsing; closed by hand while searching (matches start open).
  const [opened, setOpened] = useState<ReadonlySet<string>>(new Set());
  const [closedInSearch, setClosedInSearch] = useState<ReadonlySet<string>>(new Set());
  const [searchingBefore, setSearchingBefore] = useState(searching);
  if (searching !== searchingBefore) {
    setSearchingBefore(searching);
    setClosedInSearch(new Set());
  }

  const isOpen = (id: string) => (searching ? !closedInSearch.has(id) : opened.has(id));

  function toggle(id: string) {
    const flip = (set: ReadonlySet<string>) => {
      const next = new Set(set);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    };
    if (searching) setClosedInSearch(flip);
    else setOpened(flip);
  }

  return (
    <div className="faq-groups">
      {groups.map((group) => (
        <section key={group.id} className="faq-group" aria-labelledby={faqGroupAnchor(group.id)}>
          <h2 id={faqGroupAnchor(group.id)} className="faq-group__title">
            {group.title}
          </h2>
          <div className="faq-group__items">
            {group.items.map((item) => {
              const open = isOpen(item.id);
              const buttonId = `faq-q-${item.id}`;
              const panelId = `faq-a-${item.id}`;
              return (
                <div key={item.id} className={`faq-item${open ? ' faq-item--open' : ''}`}>
                  <h3 className="faq-item__question">
                    <button
                      type="button"
                      id={buttonId}
                      className="faq-item__button"
                      aria-expanded={open}
                      aria-controls={panelId}
                      onClick={() => toggle(item.id)}
                    >
                      <span>{item.question}</span>
                      <ChevronIcon />
                    </button>
                  </h3>
                  <div
                    id={panelId}
                    role="region"
                    aria-labelledby={buttonId}
                    className="faq-item__answer"
                    hidden={!open}
                  >
                    <p>
                      <Inline text={item.answer} />
                    </p>
                  </div>
                </div>
              );
            })}
          </div>
        </section>
      ))}
    </div>
  );
}
