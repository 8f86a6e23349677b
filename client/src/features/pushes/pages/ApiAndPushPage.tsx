// /rootmain/set/apiandpush: global push addresses, task push signing, the private-target switch,
// the delivery log, and how a receiver verifies a push.
import { useEffect } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { AddressDialog } from '../components/AddressDialog';
import { AddressesSection } from '../components/AddressesSection';
import { DeliveriesSection } from '../components/DeliveriesSection';
import { SecretDialog } from '../components/SecretDialog';
import { DocsSection, PlatformSection, TaskSecretSection } from '../components/SettingsSection';
import { TestDialog } from '../components/TestDialog';
import { pushesActions as P } from '../slice';
import { PageHeader } from '../../../ui/PageHeader';
import '../pushes.css';

export default function ApiAndPushPage() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(P.pageOpened());
  }, [dispatch]);
  return (
    <div className="cp-page" data-testid="pushes-page">
      <PageHeader />
      <AddressesSection />
      <TaskSecretSection />
      <PlatformSection />
      <DeliveriesSection />
      <DocsSection />
      <AddressDialog />
      <SecretDialog />
      <TestDialog />
    </div>
  );
}
