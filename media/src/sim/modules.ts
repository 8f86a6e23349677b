// Which modules the simulated switch has loaded, and what that changes: `module_exists`, `show codec`,
// the recognizers detect_speech / play_and_detect_speech / uuid_google_transcribe can use, and mod_avmd.
// Outputs copied from FreeSWITCH 1.10.12 (/opt/freeswitch, the build described in
// ../shared/freeswitch/BUILD.md):
//   api module_exists mod_avmd      -> "true"   ("false" when not loaded; no newline)
//   api module_exists               -> "-ERR no reply\n"
//   api show codec | show codecs    -> "type,name,ikey\ncodec,G.711 alaw,CORE_PCM_MODULE\n…\n\n6 total.\n"
//   api show codec as json          -> {"row_count":6,"rows":[{"type":"codec","name":"G.711 alaw","ikey":"CORE_PCM_MODULE"},…]}
// A command of a module that is not loaded answers "-ERR <command line> Command not found!\n"
// (api uuid_google_transcribe x start en-US -> "-ERR uuid_google_transcribe x start en-US Command not found!").

/** The modules of the real build (BUILD.md "Modules built"). */
export const REAL_BUILD_MODULES = [
  'mod_avmd',
  'mod_commands',
  'mod_console',
  'mod_db',
  'mod_dialplan_xml',
  'mod_dptools',
  'mod_event_socket',
  'mod_expr',
  'mod_hash',
  'mod_json_cdr',
  'mod_local_stream',
  'mod_logfile',
  'mod_loopback',
  'mod_native_file',
  'mod_say_en',
  'mod_sndfile',
  'mod_sofia',
  'mod_tone_stream',
  'mod_xml_curl',
] as const;

/**
 * The simulator's default: the real build plus what the demo needs (its bots listen through
 * mod_unimrcp or mod_google_transcribe; the seeded lines include a G729 one).
 */
export const DEFAULT_SIM_MODULES: readonly string[] = [
  ...REAL_BUILD_MODULES,
  'mod_unimrcp',
  'mod_google_transcribe',
  'mod_g729',
];

/** The ASR interface each recognizer module registers (switch_core_asr.c looks engines up by it). */
const ASR_ENGINES: Record<string, string> = { unimrcp: 'mod_unimrcp' };

const CORE_CODECS: Array<[string, string]> = [
  ['G.711 alaw', 'CORE_PCM_MODULE'],
  ['G.711 ulaw', 'CORE_PCM_MODULE'],
  ['PROXY PASS-THROUGH', 'CORE_PCM_MODULE'],
  ['PROXY VIDEO PASS-THROUGH', 'CORE_PCM_MODULE'],
  ['RAW Signed Linear (16 bit)', 'CORE_PCM_MODULE'],
  ['Speex', 'CORE_SPEEX_MODULE'],
];
/** Codecs a loadable module adds (mod_g729 registers "G.729"). */
const MODULE_CODECS: Record<string, Array<[string, string]>> = { mod_g729: [['G.729', 'mod_g729']] };

export class Modules {
  private readonly loaded: Set<string>;

  constructor(names: readonly string[] = DEFAULT_SIM_MODULES) {
    this.loaded = new Set(names);
  }

  has(name: string): boolean {
    return this.loaded.has(name);
  }

  /** detect_speech <engine>: `unimrcp` or `unimrcp:<profile>`; false -> "Invalid ASR module [x]!". */
  hasAsr(engine: string): boolean {
    const mod = ASR_ENGINES[engine.split(':')[0]!];
    return mod !== undefined && this.has(mod);
  }

  /** `api module_exists <mod>` (mod_commands.c module_exists_function). */
  moduleExists(arg: string): string {
    const name = arg.trim();
    if (!name) return '-ERR no reply\n';
    return this.has(name) ? 'true' : 'false';
  }

  /** `api show codec[s] [as json]`, rows sorted by name as the core's SQL does. */
  showCodec(arg: string): string {
    const rows = [
      ...CORE_CODECS,
      ...Object.entries(MODULE_CODECS).flatMap(([m, codecs]) => (this.has(m) ? codecs : [])),
    ].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    if (/\bas\s+json\b/i.test(arg))
      return JSON.stringify({
        row_count: rows.length,
        rows: rows.map(([name, ikey]) => ({ type: 'codec', name, ikey })),
      });
    const lines = rows.map(([name, ikey]) => `codec,${name},${ikey}\n`).join('');
    return `type,name,ikey\n${lines}\n${rows.length} total.\n`;
  }
}

/** Reads SIM_MODULES: a comma-separated list of loaded modules; empty/unset keeps the default. */
export function modulesFromEnv(value: string | undefined): string[] | undefined {
  const names = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return names.length ? names : undefined;
}
