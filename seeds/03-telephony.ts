// Telephony demo: one FreeSWITCH node pointing at the simulator (media/src/sim: 127.0.0.1:8021,
// password ClueCon; the real switch of `FREESWITCH=real npm start` listens there too; docker-compose
// sets FS_ESL_HOST/FS_ESL_PORT/FS_ESL_PASSWORD to its `freeswitch` service) and, for the demo merchant, one SIP line in gateway mode (10 ports, 5 calls per
// second) and one voice gateway. Runs again harmlessly: rows that exist by name are skipped.
import type { Knex } from 'knex';
import { loadConfig } from '../config';
import { DEMO_ACCOUNTS } from '../config/demo';
import { encryptSecret } from '../platform/secrets';

export const SIM_NODE = {
  name: 'fs-sim-1',
  host: process.env.FS_ESL_HOST || '127.0.0.1',
  port: Number(process.env.FS_ESL_PORT) || 8021,
  password: process.env.FS_ESL_PASSWORD || 'ClueCon',
};
export const DEMO_LINE_NAME = 'sim-line-1';
export const DEMO_GATEWAY_NAME = 'sim-gateway-1';

export async function seed(knex: Knex): Promise<void> {
  const key = loadConfig().secretKey;
  const merchant = await knex('accounts').where({ account: DEMO_ACCOUNTS[1].account }).first('id');
  await knex.transaction(async (trx) => {
    if (!(await trx('fs_nodes').where({ name: SIM_NODE.name }).first('id')))
      await trx('fs_nodes').insert({
        name: SIM_NODE.name,
        esl_host: SIM_NODE.host,
        esl_port: SIM_NODE.port,
        esl_password_enc: encryptSecret(key, SIM_NODE.password),
        weight: 10,
        enabled: true,
      });
    if (!merchant) return;
    if (!(await trx('sip_lines').where({ account_id: merchant.id, name: DEMO_LINE_NAME }).first('id')))
      await trx('sip_lines').insert({
        account_id: merchant.id,
        name: DEMO_LINE_NAME,
        server_ip: '127.0.0.1',
        port: 5060,
        auth_account: 'simline01',
        password_enc: encryptSecret(key, 'simline-secret'),
        caller_number: '02100000009',
        prefix: '',
        codec: 'PCMA',
        rate_count: 5,
        rate_seconds: 1,
        port_count: 10,
        mode: 'gateway',
        enabled: true,
      });
    if (
      !(await trx('voice_gateways').where({ account_id: merchant.id, name: DEMO_GATEWAY_NAME }).first('id'))
    )
      await trx('voice_gateways').insert({
        account_id: merchant.id,
        name: DEMO_GATEWAY_NAME,
        auth_name: 'seatgw01',
        auth_password_enc: encryptSecret(key, 'seatgw-secret'),
        sips: 'sip:1000@127.0.0.1:5060,127.0.0.1:5062',
        prefix: '',
        transfer_sip: 'sip:1001@127.0.0.1',
        third_sip: '',
      });
  });
}
