import { api } from '../../app/api';
import { saveDownload } from '../payments/download';
import { DATA_EXPORT_URL, dataExportErrorMessage, dataExportFileName } from './dataExport';

export const dataExportApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET /api/user/export: the zip is saved right here (the blob never enters the store). Resolves
     * with the file name; fails with the message the section shows.
     */
    downloadMyData: build.mutation<string, void>({
      queryFn: (_arg, _api, _extra, baseQuery) =>
        saveDownload(baseQuery, DATA_EXPORT_URL, dataExportFileName(new Date()), dataExportErrorMessage),
    }),
  }),
});

export const { useDownloadMyDataMutation } = dataExportApi;
