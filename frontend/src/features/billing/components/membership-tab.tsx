import { MembershipStatus } from './membership-status';
import { PaymentHistory } from './payment-history';
import { PlanCards } from './plan-cards';

/** Settings › Membership: the membership, the two plans and what can be done with each, and the payments made. */
export function MembershipTab() {
  return (
    <div className="grid gap-4">
      <MembershipStatus />
      <PlanCards />
      <PaymentHistory />
    </div>
  );
}
