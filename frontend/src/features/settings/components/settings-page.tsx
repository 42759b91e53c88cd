import { PageHeader } from '../../../components/ui/page-header';

export function SettingsPage() {
  return <PageHeader title="Settings">Membership, devices and appearance.</PageHeader>;
}
