// Places an inbound call on a running simulator from the command line (the demo's "customer calls
// us"): `npx tsx media/src/sim/inboundCli.ts <number> <caller> [persona] [ring_timeout_s] [gateway]`.
// The gateway is the line the call arrives on (line-<id>; `-` skips an argument): a scene answers only
// calls to its number on its own line.
// SIM_HOST, SIM_PORT, SIM_PASSWORD as for `npm run sim` [127.0.0.1, 8021, ClueCon].
import { EslConnection } from '../esl/connection';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.length < 2 || args.some((a) => !/^[\w+*#.-]+$/.test(a))) {
    console.error('usage: inboundCli.ts <number> <caller> [persona] [ring_timeout_s] [gateway] [from_ip]');
    process.exit(2);
  }
  const env = process.env;
  const conn = await EslConnection.open({
    host: env.SIM_HOST ?? '127.0.0.1',
    port: Number(env.SIM_PORT ?? 8021),
    password: env.SIM_PASSWORD ?? 'ClueCon',
  });
  try {
    const reply = (await conn.api(`sim_inbound ${args.join(' ')}`)).trim();
    console.log(reply);
    process.exitCode = reply.startsWith('+OK') ? 0 : 1;
  } finally {
    conn.destroy();
  }
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
