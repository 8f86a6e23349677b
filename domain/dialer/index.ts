// Pure dialer maths shared by the tasks API, the dial scheduler, media and billing. No I/O, no clock.
export * from './status';
export * from './callWindow';
export * from './pacing';
export * from './redial';
export * from './caps';
export * from './billing';
export * from './eta';
export * from './levels';
export * from './settlement';
export * from './dailyLimits';
export { isTimeZone } from '../localTime';
