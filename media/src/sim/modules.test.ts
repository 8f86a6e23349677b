// `show codec` as the real FreeSWITCH 1.10.12 build prints it (captured with fs_cli -x), and what a
// loaded mod_g729 adds.
import { DEFAULT_SIM_MODULES, Modules, modulesFromEnv, REAL_BUILD_MODULES } from './modules';

const REAL_SHOW_CODEC =
  'type,name,ikey\n' +
  'codec,G.711 alaw,CORE_PCM_MODULE\n' +
  'codec,G.711 ulaw,CORE_PCM_MODULE\n' +
  'codec,PROXY PASS-THROUGH,CORE_PCM_MODULE\n' +
  'codec,PROXY VIDEO PASS-THROUGH,CORE_PCM_MODULE\n' +
  'codec,RAW Signed Linear (16 bit),CORE_PCM_MODULE\n' +
  'codec,Speex,CORE_SPEEX_MODULE\n' +
  '\n' +
  '6 total.\n';

it('prints show codec / show codec as json like the real build', () => {
  const m = new Modules(REAL_BUILD_MODULES);
  expect(m.showCodec('')).toBe(REAL_SHOW_CODEC);
  expect(JSON.parse(m.showCodec('as json'))).toEqual({
    row_count: 6,
    rows: expect.arrayContaining([{ type: 'codec', name: 'G.711 alaw', ikey: 'CORE_PCM_MODULE' }]),
  });
});

it('lists G.729 only with mod_g729, and knows the recognizers it has', () => {
  const m = new Modules(DEFAULT_SIM_MODULES);
  expect(m.showCodec('')).toContain('codec,G.711 ulaw,CORE_PCM_MODULE\ncodec,G.729,mod_g729\n');
  expect(m.showCodec('')).toContain('7 total.');
  expect(m.hasAsr('unimrcp:profile1')).toBe(true);
  expect(new Modules(REAL_BUILD_MODULES).hasAsr('unimrcp')).toBe(false);
  expect(m.moduleExists(' mod_avmd ')).toBe('true');
});

it('reads SIM_MODULES', () => {
  expect(modulesFromEnv(undefined)).toBeUndefined();
  expect(modulesFromEnv(' mod_sofia, mod_avmd ,')).toEqual(['mod_sofia', 'mod_avmd']);
});
