// The authenticated shell at /rootmain: header, side bar, the current menu's page, and the transfer
// pop-up and the compact web softphone, which ring on every page.
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { TopProgress } from '../../../ui/TopProgress';
import { OfferDialog } from '../../seats/components/OfferDialog';
import { SoftphoneWidget } from '../../softphone/components/SoftphoneWidget';
import { AppHeader } from '../components/AppHeader';
import { SideBar } from '../components/SideBar';

export default function ShellPage() {
  const { pathname } = useLocation();
  return (
    <div className="cp-shell" data-testid="shell">
      <AppHeader />
      <div className="cp-shell-body">
        <SideBar />
        <main className="cp-shell-content" data-testid="shell-content">
          {/* Keyed per page so the progress bar shows while the next lazy page loads. */}
          <Suspense key={pathname} fallback={<TopProgress />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <OfferDialog />
      <SoftphoneWidget />
    </div>
  );
}
