import type { User } from '@fittrack/functions/contract/auth';
import { useNavigate } from 'react-router';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { useSessionActions } from '@/features/auth/public';
import { useConfig } from '@/features/billing/api/get-config';

const UNEXPECTED_ERROR = 'An unexpected error occurred';

/** 'Payment Failed' with the provider's message (SPEC.md section 8). */
export function toastPaymentFailed(message: string): void {
  toast({ variant: 'destructive', title: 'Payment Failed', description: message });
}

/** 'Payment Error' with the message or 'An unexpected error occurred' (SPEC.md section 8). */
export function toastPaymentError(error: unknown): void {
  let message: string | undefined;
  if (error instanceof ApiError) message = error.serverMessage;
  else if (error instanceof Error) message = error.message;
  toast({ variant: 'destructive', title: 'Payment Error', description: message || UNEXPECTED_ERROR });
}

/** A refusal by the server (4xx with a message) is a failed payment; anything else is an error. */
export function toastPaymentProblem(error: unknown): void {
  if (error instanceof ApiError && error.status < 500 && error.serverMessage) toastPaymentFailed(error.serverMessage);
  else toastPaymentError(error);
}

/**
 * After the server activated the plan: replace the session user (so the guard lets them in),
 * toast 'Payment Successful' and go on (card → /, PayPal → /dashboard).
 */
export function useFinishPayment() {
  const { setUser } = useSessionActions();
  const navigate = useNavigate();
  const { data: config } = useConfig();
  return async (user: User, to: '/' | '/dashboard') => {
    await setUser(user);
    toast({ title: 'Payment Successful', description: `Welcome to ${config?.productName ?? 'FitTrack'} Premium!` });
    await navigate(to, { replace: true });
  };
}
