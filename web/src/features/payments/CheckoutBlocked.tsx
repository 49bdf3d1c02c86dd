/** What the checkout shows instead of a payment form when there is nothing it could sell (see checkoutBlock). */
import { Link } from 'react-router';
import { BLOCK_TEXTS, type CheckoutBlock } from './checkoutBlock';

export function CheckoutBlocked({ block, heroId }: { block: CheckoutBlock; heroId: string }) {
  const heroPage = `/hero/${encodeURIComponent(heroId)}`;
  const [title, body, action] =
    block.kind === 'not-found'
      ? [BLOCK_TEXTS.notFoundTitle, BLOCK_TEXTS.notFoundBody, { to: '/heroes', label: BLOCK_TEXTS.myHeroes }]
      : block.kind === 'already-premium'
        ? [
            BLOCK_TEXTS.alreadyPremiumTitle,
            BLOCK_TEXTS.alreadyPremiumBody,
            { to: heroPage, label: BLOCK_TEXTS.heroPage },
          ]
        : [BLOCK_TEXTS.noChaptersTitle, block.message, { to: heroPage, label: BLOCK_TEXTS.heroPage }];
  return (
    <div className={`checkout-blocked checkout-blocked--${block.kind}`} role="status" data-block={block.kind}>
      <h2>{title}</h2>
      <p>{body}</p>
      <div className="actions">
        <Link to={action.to} className="button button--primary">
          {action.label}
        </Link>
      </div>
    </div>
  );
}
