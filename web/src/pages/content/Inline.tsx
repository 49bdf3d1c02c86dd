import { Link } from 'react-router';
import { linkKind, parseInline } from '../../content/markup';

/** Renders a string of content/markup.ts: router links, mail links, external links, strong and code. */
export function Inline({ text }: { text: string }) {
  return (
    <>
      {parseInline(text).map((segment, index) => {
        switch (segment.type) {
          case 'strong':
            return <strong key={index}>{segment.text}</strong>;
          case 'code':
            return <code key={index}>{segment.text}</code>;
          case 'link': {
            const kind = linkKind(segment.href);
            if (kind === 'internal') {
              return (
                <Link key={index} to={segment.href}>
                  {segment.text}
                </Link>
              );
            }
            if (kind === 'mail') {
              return (
                <a key={index} href={segment.href}>
                  {segment.text}
                </a>
              );
            }
            return (
              <a key={index} href={segment.href} target="_blank" rel="noopener noreferrer">
                {segment.text}
              </a>
            );
          }
          default:
            return segment.text;
        }
      })}
    </>
  );
}
