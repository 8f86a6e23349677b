export * from './types';
export { UnimrcpAdapter, parseNlsmlResult, HOT_WORDS_PARAM } from './unimrcp';
export {
  GoogleTranscribeAdapter,
  parseGoogleTranscription,
  DEFAULT_GOOGLE_LANGUAGE,
} from './googleTranscribe';
export { AsrResolver, adapterFor, loadAsrAdapter } from './resolve';
