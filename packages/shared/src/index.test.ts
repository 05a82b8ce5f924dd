import { describe, expect, it } from 'vitest';
import * as shared from './index';

describe('package entry', () => {
  it('re-exports every module', () => {
    const expected = [
      'ErrorCode',
      'httpStatusOf',
      'TOKEN_COOKIE',
      'PAGE_SIZES',
      'DictType',
      'EmployeeStatus',
      'messages',
      'fieldLabels',
      'patterns',
      'zPhone',
      'antdRules',
      'EMAIL_VALIDATE_DELAY_MS',
      'isValidMainlandId',
      'maskIdNumber',
      'parseTime',
      'formatTime',
      'timeAgo',
      'numberFormatter',
      'toThousandFilter',
    ];
    for (const name of expected) expect(shared, name).toHaveProperty(name);
  });
});
