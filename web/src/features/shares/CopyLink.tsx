import { useId } from 'react';
import '../../styles/payments.css';
import { useCopy } from './useCopy';

/** A read-only link field with a Copy button that says 'Copied!' for 2 s. */
export function CopyLink({ url, label = 'Share link' }: { url: string; label?: string }) {
  const { copied, copy } = useCopy();
  const id = useId();
  return (
    <div className="copy-link">
      <label htmlFor={id} className="payments-sr-only">
        {label}
      </label>
      <input
        id={id}
        className="field__input copy-link__input"
        type="text"
        readOnly
        value={url}
        onFocus={(event) => event.currentTarget.select()}
      />
      <button type="button" className="button button--ghost button--small" onClick={() => void copy(url)}>
        {copied ? 'Copied!' : 'Copy'}
      </button>
      <span className="payments-sr-only" role="status">
        {copied ? 'Link copied to the clipboard' : ''}
      </span>
    </div>
  );
}
