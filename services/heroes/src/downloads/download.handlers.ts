import { messageHandlers } from '@starborn/messaging';
import { DownloadService } from './download.service.js';

export const DownloadHandlers = messageHandlers([DownloadService], {
  'heroes.download-manifest': (query, downloads) => downloads.manifest(query),
});
