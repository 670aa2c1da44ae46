export {
  CLOCK_CHANNEL,
  type Clock,
  createClockTable,
  openStoreClock,
  readClockOffset,
  type StoreClock,
  type StoreClockOptions,
  systemClock,
  writeClockOffset,
} from './clock.ts';
