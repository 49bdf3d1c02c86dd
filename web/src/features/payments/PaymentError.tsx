/**
 * The one place both payment forms show why a payment did not go through (declined card, network
 * error, a field to fix...): next to the pay button, announced, and given focus and scrolled into
 * view below the fixed header, so that the person who pressed the button meets it where they look.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export interface ShownPaymentError {
  message: string;
  /** Grows with every message shown, so the same words shown again take focus again. */
  seq: number;
}

export function usePaymentError() {
  const seq = useRef(0);
  const [error, setError] = useState<ShownPaymentError | null>(null);
  const show = useCallback((message: string) => {
    seq.current += 1;
    setError({ message, seq: seq.current });
  }, []);
  const clear = useCallback(() => setError(null), []);
  return { error, show, clear };
}

export function PaymentError({ error }: { error: ShownPaymentError | null }) {
  const element = useRef<HTMLParagraphElement>(null);
  const seq = error?.seq;
  useEffect(() => {
    const node = element.current;
    if (seq === undefined || !node) return;
    // Focus without the browser's own jump, then the smallest scroll that shows it whole (its
    // scroll margins keep it clear of the fixed header and of the screen's bottom edge).
    node.focus({ preventScroll: true });
    node.scrollIntoView({ block: 'nearest' });
  }, [seq]);
  if (!error) return null;
  return (
    <p
      ref={element}
      className="form-error payment-error"
      role="alert"
      tabIndex={-1}
      data-testid="payment-error"
    >
      {error.message}
    </p>
  );
}
