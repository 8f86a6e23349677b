// The child process that previews one uploaded file (preview.ts) under the caps of files/cappedChild.ts,
// answers once and exits. If the parent goes, it goes too.
import { importLimits } from './limits';
import { readPreview, type PreviewRequest } from './preview';

process.on('disconnect', () => process.exit(1));

process.once('message', (req: PreviewRequest) => {
  Object.assign(importLimits, req.limits);
  void readPreview(req.file, req.type, req.kind).then(
    (reply) => process.send!(reply, () => process.exit(0)),
    (e: unknown) => {
      console.error(`import preview: ${(e as Error).message}`);
      process.exit(1);
    },
  );
});
