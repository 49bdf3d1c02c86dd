import { LegalDocumentPage } from './LegalDocumentPage';
import { COOKIES } from '../../content/cookies';

export default function CookiePage() {
  return <LegalDocumentPage doc={COOKIES} />;
}
