import { Link } from 'react-router';
import { ArticleCover } from './ArticleCover';
import { Byline } from './Byline';
import { Sections, TableOfContents } from './ContentBlocks';
import { Inline } from './Inline';
import { JsonLd } from './JsonLd';
import { useScrollToHash } from './useScrollToHash';
import { ARTICLES, articleBySlug, articlePath, type ArticleSlug } from '../../content/blog';
import { articleJsonLd } from '../../content/jsonLd';
import { usePageMeta } from '../../components/usePageMeta';
import '../../styles/content.css';
import { siteOrigin } from '../../app/siteOrigin';

/** One blog article with its table of contents, structured data and a link to the other article. */
export default function BlogArticlePage({ slug }: { slug: ArticleSlug }) {
  const article = articleBySlug(slug);
  usePageMeta({ title: article.title, description: article.description, type: 'article' });
  useScrollToHash();
  const next = ARTICLES.find((a) => a.slug !== slug)!;

  return (
    <div className="content-page">
      <JsonLd data={articleJsonLd(article, siteOrigin())} />
      <header className="container content-hero content-hero--article">
        <nav aria-label="Breadcrumb" className="breadcrumbs">
          <ol>
            <li>
              <Link to="/">Home</Link>
            </li>
            <li>
              <Link to="/blog">Blog</Link>
            </li>
            <li aria-current="page">{article.title}</li>
          </ol>
        </nav>
        <p className="eyebrow">{article.category}</p>
        <h1>{article.title}</h1>
        <p className="article-subtitle">{article.subtitle}</p>
        <Byline article={article} />
      </header>
      <div className="container">
        <ArticleCover cover={article.cover} className="article-cover--hero" />
      </div>
      <div className="container content-layout">
        <aside className="content-layout__aside">
          <TableOfContents sections={article.sections} />
        </aside>
        <article className="prose content-layout__main" aria-label={article.title}>
          {article.intro.map((paragraph, index) => (
            <p key={index} className={index === 0 ? 'prose__opening' : undefined}>
              <Inline text={paragraph} />
            </p>
          ))}
          <Sections sections={article.sections} />
          <aside className="read-next" aria-labelledby="read-next-title">
            <p id="read-next-title" className="eyebrow">
              Read next
            </p>
            <Link to={articlePath(next.slug)} className="read-next__link">
              <span className="read-next__title">{next.title}</span>
              <span className="read-next__subtitle">{next.subtitle}</span>
            </Link>
          </aside>
        </article>
      </div>
    </div>
  );
}
