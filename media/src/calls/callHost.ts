// What a call session shows the parts that work for it (listening, playback): the call's identity,
// its dependencies and timers, and the questions every part asks about the call.
import type { DialJob } from '../../../domain/calls';
import type { ReasonMessage } from '../../../domain/reasons';
import type { EslNode } from '../esl/node';
import type { LoadedBot } from './bots';
import type { Transcript } from './record';
import type { SessionDeps } from './session';
import type { CallTimers } from './timers';

export interface CallHost {
  readonly uuid: string;
  readonly job: DialJob;
  readonly deps: SessionDeps;
  readonly timers: CallTimers;
  node(): EslNode | null;
  bot(): LoadedBot | null;
  over(): boolean;
  transcript(): Transcript | null;
  /** The switch refused what the call needs (a prompt, the recognizer): the call cannot go on. */
  fault(why: ReasonMessage, reply: string): void;
}
