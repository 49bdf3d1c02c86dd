import { Link } from 'react-router';
import { ArticleCover } from './ArticleCover';
import { Byline } from './Byline';
import { JsonLd } from './JsonLd';
import { ARTICLES, BLOG_DESCRIPTION, BLOG_TITLE, articlePath } from '../../content/blog';
import { blogJsonLd } from '../../content/jsonLd';
import { usePageMeta } from '../../components/usePageMeta';
import { CallToAction } from '../../components/CallToAction';
import '../../styles/content.css';
import { siteOrigin } from '../../app/siteOrigin';

/** The blog index with its two articles. */
export default function BlogIndexPage() {
  usePageMeta({ title: BLOG_TITLE, description: BLOG_DESCRIPTION });
  return (
    <div className="content-page">
      <JsonLd data={blogJsonLd(siteOrigin())} />
      <header className="container content-hero">
        <p className="eyebrow">Stories from the stars</p>
        <h1>{BLOG_TITLE}</h1>
        <p className="lead">
          Essays on the zodiac, mythology and the craft of storytelling with AI, for anyone who has ever
          wondered what kind of hero they would be.
        </p>
      </header>
      <div className="container">
        <ul className="article-grid">
          {ARTICLES.map((article) => (
            <li key={article.slug}>
              <article className="article-card" aria-labelledby={`card-${article.slug}`}>
                <ArticleCover cover={article.cover} className="article-card__cover" />
                <div className="article-card__body">
                  <p className="eyebrow">{article.category}</p>
                  <h2 id={`card-${article.slug}`} className="article-card__title">
                    <Link to={articlePath(article.slug)}>{article.title}</Link>
                  </h2>
                  <p className="article-card__subtitle">{article.subtitle}</p>
                  <p className="muted">{article.description}</p>
                  <Byline article={article} />
                </div>
              </article>
            </li>
          ))}
        </ul>
        <aside className="cta-panel" aria-labelledby="write-for-us">
          <h2 id="write-for-us">Write for the Starborn Blog</h2>
          <p>
            Astrologers, fantasy writers, mythology lovers and game masters: we publish guest articles and
            feature experts from our community.
          </p>
          <CallToAction to="/backlink-strategy" label="Partner With Us" look="button--ghost" />
        </aside>
      </div>
    </div>
  );
}
