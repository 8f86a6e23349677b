// The FreeSWITCH nodes a worker drives (table fs_nodes) and the choice of one for a new call:
// weighted random among the connected ones; a node that is down gets no new calls. A view (`only`)
// shares the same nodes and picks among those that fit one call (calls/nodeFit.ts).
import type { Knex } from 'knex';
import { decryptSecret } from '../../../platform/secrets';
import { EslNode, type BackoffOptions, type NodeConfig } from './node';

export class NodePool {
  readonly nodes: EslNode[];

  constructor(
    configs: NodeConfig[] | EslNode[],
    backoff?: BackoffOptions,
    private readonly fits: (n: EslNode) => boolean = () => true,
  ) {
    this.nodes = configs.map((c) => (c instanceof EslNode ? c : new EslNode(c, backoff)));
  }

  /** The same nodes, picking only those `fits` accepts (never start or stop a view). */
  only(fits: (n: EslNode) => boolean): NodePool {
    return new NodePool(this.nodes, undefined, fits);
  }

  start(): void {
    for (const n of this.nodes) n.start();
  }

  async stop(): Promise<void> {
    await Promise.all(this.nodes.map((n) => n.stop()));
  }

  /** A connected node, drawn by weight; null when none is up. */
  pick(rnd = Math.random): EslNode | null {
    const up = this.nodes.filter((n) => n.connected && n.config.weight > 0 && this.fits(n));
    const total = up.reduce((s, n) => s + n.config.weight, 0);
    let x = rnd() * total;
    for (const n of up) {
      x -= n.config.weight;
      if (x < 0) return n;
    }
    return up[up.length - 1] ?? null;
  }

  byName(name: string): EslNode | undefined {
    return this.nodes.find((n) => n.config.name === name);
  }
}

/** Enabled nodes of table fs_nodes, passwords decrypted. */
export async function loadNodeConfigs(db: Knex, secretKey: string): Promise<NodeConfig[]> {
  const rows = await db('fs_nodes').where({ enabled: true }).orderBy('id');
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name as string,
    host: r.esl_host as string,
    port: Number(r.esl_port),
    password: decryptSecret(secretKey, r.esl_password_enc as string),
    weight: Number(r.weight),
  }));
}
