import { PageHeader } from '../../../components/ui/page-header';
import { useSession } from '../../auth/session-context';

/** Dashboard (/ and /dashboard). The 'Today's Progress' cards arrive with the tracking issue. */
export function DashboardPage() {
  const { user } = useSession();
  return <PageHeader title="Dashboard">{user ? `Welcome back, ${user.username}.` : null}</PageHeader>;
}
