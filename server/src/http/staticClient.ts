// Serves the built client with history fallback: any GET outside /api and /socket.io that is not a
// file gets index.html, and the client's router decides (including its 404 page).
import type { Context, Next } from 'koa';
import send from 'koa-send';
import fs from 'node:fs';
import path from 'node:path';

export function staticClient(dist: string) {
  const root = path.resolve(dist);
  return async (ctx: Context, next: Next): Promise<void> => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || /^\/(api|socket\.io)(\/|$)/.test(ctx.path))
      return next();
    if (!fs.existsSync(path.join(root, 'index.html'))) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The client is not built yet: run `npm run build:client` (npm start does it for you).';
      return;
    }
    const file = ctx.path.replace(/^\/+/, '');
    if (file && !file.endsWith('/') && fs.existsSync(path.join(root, file)) && !file.includes('..')) {
      const immutable = file.startsWith('assets/');
      await send(ctx, file, { root, immutable, maxage: immutable ? 31536000000 : 0 });
      return;
    }
    ctx.set('Cache-Control', 'no-cache');
    await send(ctx, 'index.html', { root });
  };
}
