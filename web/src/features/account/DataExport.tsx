import { useState } from 'react';
import { asApiError } from '../../app/apiErrors';
import { AccountSection, FormOutcome } from './AccountSection';
import { DATA_EXPORT_MESSAGES } from './dataExport';
import { useDownloadMyDataMutation } from './dataExportApi';

/** Your data: everything of the account as one zip (JSON files and the pictures), downloaded at once. */
export function DataExport() {
  const [download, { isLoading }] = useDownloadMyDataMutation();
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  async function downloadMyData() {
    setError(null);
    setSaved(null);
    try {
      const fileName = await download().unwrap();
      setSaved(`Your data was saved as ${fileName}.`);
    } catch (err) {
      setError(asApiError(err)?.message ?? DATA_EXPORT_MESSAGES.failed);
    }
  }

  return (
    <AccountSection
      title="Your data"
      description="Download everything Starborn holds about you: your account, heroes and their pictures, storybooks, shared links, room messages and payments (never card details), as a zip of JSON files and images."
    >
      <FormOutcome error={error} success={saved} />
      <div className="account-form__actions">
        <button
          type="button"
          className="button button--ghost"
          disabled={isLoading}
          aria-busy={isLoading}
          onClick={() => void downloadMyData()}
        >
          {isLoading ? 'Preparing Your Data...' : 'Download My Data'}
        </button>
      </div>
    </AccountSection>
  );
}
