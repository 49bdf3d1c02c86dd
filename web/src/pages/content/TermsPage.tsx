import { LegalDocumentPage } from './LegalDocumentPage';
import { TERMS } from '../../content/terms';

export default function TermsPage() {
  return <LegalDocumentPage doc={TERMS} />;
}
