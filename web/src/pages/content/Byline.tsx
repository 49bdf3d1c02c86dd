import { SmartImage } from '../../components/SmartImage';
import { BLOG_AUTHOR, formatIsoDate, type Article, articleReadingMinutes } from '../../content/blog';

/** Author (with the Starborn logo, through SmartImage), date and reading time. */
export function Byline({ article }: { article: Article }) {
  return (
    <p className="byline">
      <SmartImage src="/logo-96.jpg" alt="" width={32} height={32} className="byline__avatar" />
      <span>{BLOG_AUTHOR}</span>
      <span aria-hidden="true">·</span>
      <time dateTime={article.datePublished}>{formatIsoDate(article.datePublished)}</time>
      <span aria-hidden="true">·</span>
      <span>{articleReadingMinutes(article)} min read</span>
    </p>
  );
}
