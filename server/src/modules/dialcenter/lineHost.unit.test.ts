import { internalLineHost } from './lineHost';

it('names literal internal IPv4 addresses and localhost; public addresses and host names pass', () => {
  for (const host of [
    '127.0.0.1',
    '10.0.0.10',
    '172.16.5.4',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.1.1',
    '0.0.0.0',
    '224.0.0.1',
    'localhost',
    'LOCALHOST.',
    'sip.localhost',
  ])
    expect(internalLineHost(host)).not.toBeNull();
  for (const host of ['58.211.10.20', '8.8.8.8', 'sip.carrier.example.com', 'trunk1'])
    expect(internalLineHost(host)).toBeNull();
});
