// Probe parsing on the bodies captured from the real FreeSWITCH 1.10.12 (fixtures/, see probe.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCodecs, parseGateways, parseModuleExists, probeNode, PROBE_COMMANDS } from './probe';

const fixture = (name: string) => readFileSync(path.join(__dirname, 'fixtures', name), 'utf8');

describe('probe parsing (real switch output)', () => {
  it('reads module_exists', () => {
    expect(parseModuleExists('true')).toBe(true);
    expect(parseModuleExists('false\n')).toBe(false);
    expect(parseModuleExists('-ERR module_exists Command not found!\n')).toBeNull();
  });

  it('reads show codec: no G.729 on this build', () => {
    const codecs = parseCodecs(fixture('showCodec.txt'));
    expect(codecs).toEqual([
      'G.711 alaw',
      'G.711 ulaw',
      'PROXY PASS-THROUGH',
      'PROXY VIDEO PASS-THROUGH',
      'RAW Signed Linear (16 bit)',
      'Speex',
    ]);
    expect(parseCodecs('-ERR show Command not found!\n')).toBeNull();
  });

  it('reads sofia xmlstatus gateway: state and ping status per gateway', () => {
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
    expect(parseGateways(fixture('sofiaXmlstatusGateway.xml'))!.sort(byName)).toEqual([
      { name: 'example.com', state: 'NOREG', status: 'UP' },
      { name: 'line-3', state: 'NOREG', status: 'DOWN' },
      { name: 'line-4', state: 'NOREG', status: 'UP' },
    ]);
    expect(parseGateways('-ERR sofia xmlstatus gateway Command not found!\n')).toBeNull();
    expect(parseGateways('<?xml version="1.0" encoding="ISO-8859-1"?>\n<gateways>\n</gateways>\n')).toEqual(
      [],
    );
  });

  it('probes a node with the stable command strings; what it cannot ask stays unknown', async () => {
    const asked: string[] = [];
    const answers: Record<string, string> = {
      [PROBE_COMMANDS.module('mod_avmd')]: 'true',
      [PROBE_COMMANDS.module('mod_unimrcp')]: 'false',
      [PROBE_COMMANDS.codecs]: fixture('showCodec.txt'),
      [PROBE_COMMANDS.gateways]: fixture('sofiaXmlstatusGateway.xml'),
    };
    const p = await probeNode(async (cmd) => {
      asked.push(cmd);
      return answers[cmd] ?? `-ERR ${cmd.split(' ')[0]} Command not found!\n`;
    });
    expect(asked).toEqual([
      'module_exists mod_avmd',
      'module_exists mod_unimrcp',
      'module_exists mod_google_transcribe',
      'show codec',
      'sofia xmlstatus gateway',
    ]);
    expect(p.modules).toEqual({ mod_avmd: true, mod_unimrcp: false });
    expect(p.codecs).toContain('G.711 alaw');
    expect(p.gateways).toHaveLength(3);
  });
});
