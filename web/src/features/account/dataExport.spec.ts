import { describe, expect, it } from '@jest/globals';
import { ERROR_MESSAGES } from '../../app/apiErrors';
import { DATA_EXPORT_MESSAGES, dataExportErrorMessage, dataExportFileName } from './dataExport';

describe('data export', () => {
  it('names the zip after the day in UTC, as the server does', () => {
    expect(dataExportFileName(new Date('2026-11-27T23:30:00Z'))).toBe('starborn-data-2026-11-27.zip');
  });

  it('says when the allowance is spent, and that a download failed otherwise', () => {
    expect(dataExportErrorMessage({ kind: 'http', status: 429, message: 'x' })).toBe(
      DATA_EXPORT_MESSAGES.tooMany,
    );
    expect(dataExportErrorMessage({ kind: 'http', status: 500, message: 'x' })).toBe(
      DATA_EXPORT_MESSAGES.failed,
    );
    expect(dataExportErrorMessage({ kind: 'http', status: 503, message: 'x' })).toBe(
      DATA_EXPORT_MESSAGES.failed,
    );
  });

  it('keeps the words of a time-out or a lost connection', () => {
    expect(dataExportErrorMessage({ kind: 'timeout', message: ERROR_MESSAGES.timeout })).toBe(
      ERROR_MESSAGES.timeout,
    );
    expect(dataExportErrorMessage({ kind: 'network', message: ERROR_MESSAGES.network })).toBe(
      ERROR_MESSAGES.network,
    );
  });
});
