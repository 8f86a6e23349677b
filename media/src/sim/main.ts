// Runs the FreeSWITCH simulator as its own process: `tsx media/src/sim/main.ts`.
// SIM_PORT (8021), SIM_HOST (127.0.0.1), SIM_PASSWORD (ClueCon), SIM_SEED (1), SIM_TIME_SCALE (1),
// SIM_PERSONAS (path to a JSON array of personas; default: personas.default.json).
import { readFileSync } from 'node:fs';
import type { Persona } from './personas';
import { startSimulator } from './server';

async function main(): Promise<void> {
  const env = process.env;
  const personas = env.SIM_PERSONAS
    ? (JSON.parse(readFileSync(env.SIM_PERSONAS, 'utf8')) as Persona[])
    : undefined;
  const sim = await startSimulator({
    port: Number(env.SIM_PORT ?? 8021),
    host: env.SIM_HOST ?? '127.0.0.1',
    password: env.SIM_PASSWORD ?? 'ClueCon',
    seed: Number(env.SIM_SEED ?? 1),
    timeScale: Number(env.SIM_TIME_SCALE ?? 1),
    personas,
  });
  console.log(`FreeSWITCH simulator: ESL listening on ${sim.host}:${sim.port}`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`FreeSWITCH simulator: ${signal}, stopping`);
    void sim.close().then(() => process.exit(0));
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
