import { Link } from 'react-router';
import { DocumentPage } from './DocumentPage';
import { NFT_BASICS } from '../../content/nft';
import { SparkleIcon } from '../../components/Icons';
import { usePageMeta } from '../../components/usePageMeta';

/** NFT Basics: Ethereum is the blockchain; the marketplace is marked coming soon. */
export default function NftBasicsPage() {
  usePageMeta({ title: NFT_BASICS.title, description: NFT_BASICS.description });
  return (
    <DocumentPage
      doc={NFT_BASICS}
      meta={
        <span className="fact-chips">
          <span className="fact-chip">
            Blockchain: <strong>Ethereum</strong>
          </span>
          <span className="fact-chip fact-chip--soon">
            <SparkleIcon width={14} height={14} /> Marketplace: <strong>Coming soon</strong>
          </span>
        </span>
      }
    >
      <div className="cta-panel">
        <h2>Your hero does not need a wallet</h2>
        <p>
          Create, download and share your hero today with a card payment and nothing else. If you like, add an
          Ethereum address at checkout and we will keep it for when the marketplace opens.
        </p>
        <div className="actions">
          <Link to="/create" className="button button--primary">
            Create Your Hero
          </Link>
          <Link to="/faqs" className="button button--ghost">
            Read the FAQs
          </Link>
        </div>
      </div>
    </DocumentPage>
  );
}
