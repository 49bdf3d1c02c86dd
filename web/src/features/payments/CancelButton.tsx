import { useNavigate } from 'react-router';

/** Cancel goes back; a checkout opened directly goes to the hero instead. */
export function CancelButton({ heroId }: { heroId: string }) {
  const navigate = useNavigate();
  const canGoBack = typeof window !== 'undefined' && (window.history.state as { idx?: number } | null)?.idx;
  return (
    <button
      type="button"
      className="button button--ghost"
      onClick={() => {
        if (canGoBack) void navigate(-1);
        else void navigate(`/hero/${encodeURIComponent(heroId)}`);
      }}
    >
      Cancel
    </button>
  );
}
