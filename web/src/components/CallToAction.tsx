import { Link } from 'react-router';

export interface CallToActionProps {
  to: string;
  label: string;
  /** The button's look; the large primary button unless told. */
  look?: string;
  center?: boolean;
}

/** The row of actions that closes a page or a panel, holding one link styled as a button. */
export function CallToAction({
  to,
  label,
  look = 'button--primary button--large',
  center = false,
}: CallToActionProps) {
  return (
    <div className={center ? 'actions actions--center' : 'actions'}>
      <Link to={to} className={`button ${look}`}>
        {label}
      </Link>
    </div>
  );
}
