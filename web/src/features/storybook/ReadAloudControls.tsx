import { useRef } from 'react';
import type { ReadAloud } from './useReadAloud';

const STATUS_TEXT = {
  idle: '',
  speaking: 'Reading aloud…',
  paused: 'Paused',
} as const;

/**
 * Listen / Pause / Resume and Stop for the chapter on screen. One button changes its words (focus
 * stays on it); Stop shows while a reading is under way. The state (not every sentence) is announced
 * politely, so a screen reader is not talked over sentence by sentence.
 */
export function ReadAloudControls({ reader, total }: { reader: ReadAloud; total: number }) {
  const toggle = useRef<HTMLButtonElement>(null);
  if (!reader.supported || total === 0) return null;
  const { status } = reader;
  const onToggle = status === 'idle' ? reader.listen : status === 'speaking' ? reader.pause : reader.resume;
  const label = status === 'idle' ? 'Listen' : status === 'speaking' ? 'Pause' : 'Resume';
  const announcement = reader.failed
    ? 'Reading aloud stopped: your browser could not speak this chapter.'
    : STATUS_TEXT[status];

  return (
    <div className="read-aloud" role="group" aria-label="Read aloud">
      <button
        ref={toggle}
        type="button"
        className="button button--ghost button--small read-aloud__button"
        onClick={onToggle}
      >
        {label}
      </button>
      {status !== 'idle' && (
        <button
          type="button"
          className="button button--ghost button--small read-aloud__button"
          onClick={() => {
            reader.stop();
            toggle.current?.focus();
          }}
        >
          Stop
        </button>
      )}
      <p className="read-aloud__status" aria-live="polite" data-testid="read-aloud-status">
        {announcement}
      </p>
    </div>
  );
}
