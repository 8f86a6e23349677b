// FreeSWITCH refuses to start on a configuration file that is not well-formed XML ("Cannot Initialize
// … unclosed <!--"), and the real-switch tier then fails as a whole: a cheap check of the common slips.
import fs from 'node:fs';
import path from 'node:path';

const CONFIG_DIR = path.join(__dirname, '../../config/freeswitch');

function xmlFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return xmlFiles(p);
    return e.name.endsWith('.xml') ? [p] : [];
  });
}

describe('config/freeswitch', () => {
  const files = xmlFiles(CONFIG_DIR);

  it('has its files', () => {
    expect(files.map((f) => path.relative(CONFIG_DIR, f))).toEqual(
      expect.arrayContaining(['freeswitch.xml', 'autoload_configs/avmd.conf.xml', 'dialplan/public.xml']),
    );
  });

  it.each(files.map((f) => [path.relative(CONFIG_DIR, f), f]))(
    '%s: comments closed and without "--" inside',
    (_name, file) => {
      const text = fs.readFileSync(file, 'utf8');
      const opened = text.split('<!--').length - 1;
      const closed = text.split('-->').length - 1;
      expect(closed).toBe(opened);
      for (const m of text.matchAll(/<!--([\s\S]*?)-->/g)) expect(m[1]).not.toContain('--');
    },
  );
});
