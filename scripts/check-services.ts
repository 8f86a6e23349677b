// `tsx scripts/check-services.ts`: exits 1 with how to start PostgreSQL or Redis when one is down
// (scripts/lib/setup.sh runs it before the start and test commands). The checks: platform/services.ts.
import { checkServices, describeDown, errorMessage } from '../platform/services';

checkServices()
  .then((checks) => {
    const down = checks.filter((c) => !c.ok);
    for (const c of down) console.error(describeDown(c));
    if (down.length) process.exit(1);
    console.log(`services ok: ${checks.map((c) => `${c.name} at ${c.where}`).join(', ')}`);
    process.exit(0);
  })
  .catch((err: unknown) => {
    console.error(`service check failed: ${errorMessage(err)}`);
    process.exit(1);
  });
