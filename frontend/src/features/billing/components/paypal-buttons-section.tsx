import type { Plan } from '@fittrack/functions/contract/billing-plans';
import { loadScript } from '@paypal/paypal-js';
import { useEffect, useRef, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { activateSubscription } from '@/features/billing/api/post-activate-subscription';
import { capturePaypalOrder } from '@/features/billing/api/post-paypal-capture';
import { createPaypalOrder } from '@/features/billing/api/post-paypal-order';
import { useFinishPayment } from '@/features/billing/payment-feedback';

/*
 * Live mode only, and only on /checkout: this module (and the PayPal SDK script it loads) is a
 * lazy chunk. Order and capture happen on the server; as in the spec, PayPal errors, cancel and
 * activation failures are only logged.
 */
export default function PaypalButtonsSection({ plan, clientId }: { plan: Plan; clientId: string }) {
  const container = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  const finish = useFinishPayment();
  const finishRef = useRef(finish);
  useEffect(() => {
    finishRef.current = finish;
  });

  useEffect(() => {
    let closed = false;
    let buttons: { close: () => Promise<void> } | undefined;
    void (async () => {
      try {
        const paypal = await loadScript({ clientId, currency: 'USD', intent: 'capture', components: 'buttons' });
        if (closed || !paypal?.Buttons || !container.current) return;
        const b = paypal.Buttons({
          style: { layout: 'vertical', shape: 'pill', label: 'paypal' },
          createOrder: async () => (await createPaypalOrder(plan)).id,
          onApprove: async (data) => {
            try {
              const { status } = await capturePaypalOrder(data.orderID);
              if (status !== 'COMPLETED') {
                console.warn(`PayPal capture ended ${status}`);
                return;
              }
              const user = await activateSubscription({ subscriptionType: plan, paymentMethod: 'paypal', transactionId: data.orderID });
              await finishRef.current(user, '/dashboard');
            } catch (error) {
              console.warn('PayPal activation failed', error);
            }
          },
          onCancel: () => console.warn('PayPal payment cancelled'),
          onError: (error) => console.warn('PayPal error', error),
        });
        buttons = b;
        await b.render(container.current);
        if (!closed) setReady(true);
      } catch (error) {
        console.warn('PayPal could not be loaded', error);
      }
    })();
    return () => {
      closed = true;
      void buttons?.close().catch(() => undefined);
    };
  }, [clientId, plan]);

  return (
    <div>
      {!ready ? <Spinner label="Loading PayPal..." /> : null}
      <div ref={container} />
    </div>
  );
}
