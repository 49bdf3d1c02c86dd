import { Link } from 'react-router';
import '../../styles/heroes.css';

export const CREATE_BLOCKED_NOTE =
  'You can only have one non-premium hero at a time. To create a new hero, please upgrade your existing non-premium hero to premium status.';

/**
 * Create New Hero: a link to the wizard, or, while one of the user's heroes is not premium, a truly
 * disabled button described by the note that says why (CreateBlockedNote with the same id).
 */
export function CreateNewHeroButton({
  blocked,
  noteId,
  className,
}: {
  blocked: boolean;
  noteId: string;
  className: string;
}) {
  if (blocked) {
    return (
      <button type="button" className={className} disabled aria-describedby={noteId}>
        Create New Hero
      </button>
    );
  }
  return (
    <Link to="/create" className={className}>
      Create New Hero
    </Link>
  );
}

export function CreateBlockedNote({ id }: { id: string }) {
  return (
    <p id={id} className="heroes-page__note" role="note">
      {CREATE_BLOCKED_NOTE}
    </p>
  );
}
