// A SIP OPTIONS ping over UDP, as mod_sofia sends to a gateway's proxy when the gateway has `ping`
// set: any response means someone answers there (FreeSWITCH counts 2xx-6xx alike except 503/408).
import dgram from 'node:dgram';
import { randomUUID } from 'node:crypto';

/** Resolves true when host:port answers an OPTIONS within timeoutMs. */
export function sipOptionsPing(proxy: string, timeoutMs = 1000): Promise<boolean> {
  const at = proxy.lastIndexOf(':');
  const host = at > 0 ? proxy.slice(0, at) : proxy;
  const port = at > 0 ? Number(proxy.slice(at + 1)) : 5060;
  const callId = randomUUID();
  const socket = dgram.createSocket('udp4');
  return new Promise<boolean>((resolve) => {
    const done = (ok: boolean) => {
      clearTimeout(timer);
      socket.close();
      resolve(ok);
    };
    const timer = setTimeout(() => done(false), timeoutMs);
    socket.on('error', () => done(false));
    socket.on('message', (msg) => {
      const text = msg.toString('utf8');
      const status = Number(/^SIP\/2\.0 (\d{3})/.exec(text)?.[1]);
      if (text.includes(callId) && status >= 200 && status !== 408 && status !== 503) done(true);
    });
    socket.bind(0, () => {
      const local = socket.address();
      const request = [
        `OPTIONS sip:${host}:${port} SIP/2.0`,
        `Via: SIP/2.0/UDP 127.0.0.1:${local.port};rport;branch=z9hG4bK${callId.slice(0, 12)}`,
        'Max-Forwards: 70',
        `From: <sip:FreeSWITCH@${host}:${port}>;tag=${callId.slice(24)}`,
        `To: <sip:${host}:${port}>`,
        `Call-ID: ${callId}`,
        'CSeq: 1 OPTIONS',
        'Content-Length: 0',
        '',
        '',
      ].join('\r\n');
      socket.send(request, port, host, (err) => err && done(false));
    });
  });
}
