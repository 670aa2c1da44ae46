export {
  createLeaseQueue,
  type LeaseQueue,
  type LeaseQueueOptions,
  type RunningLeaseQueue,
} from './lease-queue.ts';
export { type Executor, type LeaseTable, leaseRuns, releaseRows } from './lease-sql.ts';
