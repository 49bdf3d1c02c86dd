import { messageHandlers } from '@starborn/messaging';
import { UserExportService } from './user-export.service.js';

export const UserExportHandlers = messageHandlers([UserExportService], {
  'payments.export-user': (query, exports) => exports.export(query),
});
