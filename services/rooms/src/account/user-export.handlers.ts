import { messageHandlers } from '@starborn/messaging';
import { UserExportService } from './user-export.service.js';

export const UserExportHandlers = messageHandlers([UserExportService], {
  'rooms.export-user': (query, exports) => exports.export(query),
});
