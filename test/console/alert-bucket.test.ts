import { alertBucketWorkflowId, ALERT_BUCKETS as CONSOLE_BUCKETS } from '../../console/src/lib/alert-bucket.ts';
import { ALERT_BUCKETS, alertBucketOf } from '../../shared/domain/alert-bucket.ts';
import { workflowIds } from '../../shared/temporal/ids.ts';

describe("the console's bucket workflow link", () => {
  test.each(['', 'a', 'foobar', 'host-1:cpu', 'é', 'dc8b3ab1b5ba0b16', 'monitor:42|infra_monitor|env:prod'])(
    'names the workflow the API signals for key %j',
    (key) => {
      expect(CONSOLE_BUCKETS).toBe(ALERT_BUCKETS);
      expect(alertBucketWorkflowId('org', 'integration', key)).toBe(workflowIds.alertBucket('org', 'integration', alertBucketOf(key)));
    },
  );
});
