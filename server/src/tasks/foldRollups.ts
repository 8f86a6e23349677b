// Every second, the settled calls queued for the report rollups are added to them
// (modules/reports/fold.ts; one folder at a time across processes, the others return at once).
import type { Deps } from '../deps';
import { foldPending } from '../modules/reports/fold';
import { intervalLoop, type IntervalLoop } from '../lib/intervalLoop';

export const FOLD_EVERY_MS = 1000;

export const startRollupFolder = (deps: Deps): IntervalLoop =>
  intervalLoop('report rollup fold', FOLD_EVERY_MS, () => foldPending(deps.db));
