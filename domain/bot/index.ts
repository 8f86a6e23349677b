// The bot dialogue engine: compile a bot document once, then step a session event by event.
export * from './definition';
export * from './session';
export type { BotProblem } from './api';
export { compile } from './compile';
export type { CompiledBot, CompiledNode, CompiledBranch, CompiledQuestion, CompiledFlow } from './compile';
export { start, step, serialise, deserialise } from './engine';
export type { SessionState, StepResult, Phase } from './engine';
export { grade, summarise, STRICT_DEFAULTS, LOOSE_DEFAULTS } from './grade';
export { check } from './check';
export { normaliseBase, normaliseSentence, countWords, parseKeyword } from './normalise';
