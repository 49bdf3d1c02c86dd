import { LegalDocumentPage } from './LegalDocumentPage';
import { PRIVACY } from '../../content/privacy';

export default function PrivacyPage() {
  return <LegalDocumentPage doc={PRIVACY} />;
}
