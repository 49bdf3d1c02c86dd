import { ROOM_TEXT } from './roomRules';

/** The mark beside the host's hero, in the participants list and on the host's messages. */
export function HostBadge() {
  return <span className="story-badge story-badge--host">{ROOM_TEXT.host}</span>;
}
