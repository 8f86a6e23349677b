// A thin indeterminate bar across the top of the window while a page or route is loading.
import { Intent, ProgressBar } from '@blueprintjs/core';

export function TopProgress() {
  return (
    <div className="cp-top-progress" data-testid="top-progress" role="progressbar" aria-busy="true">
      <ProgressBar intent={Intent.PRIMARY} stripes={false} />
    </div>
  );
}
