import { toast } from '@/components/ui/use-toast';
import { ApiError, isServerOrNetworkError, refusalMessage } from './api-client';

export const GENERIC_ERROR_DESCRIPTION = 'Something went wrong. Please try again.';

/**
 * The spec's two kinds of failure toast (SPEC.md section 8): a refusal (4xx) shows
 * '<X> Failed' with the server's message or a fallback; a network or server error shows
 * '<X> Error' with the generic description.
 */
export function toastRequestError(error: unknown, o: { failedTitle: string; errorTitle: string; fallback: string }): void {
  if (isServerOrNetworkError(error)) {
    toast({ variant: 'destructive', title: o.errorTitle, description: GENERIC_ERROR_DESCRIPTION });
  } else {
    toast({ variant: 'destructive', title: o.failedTitle, description: (error instanceof ApiError && error.serverMessage) || o.fallback });
  }
}

/**
 * A failure toast with the spec's fixed text, followed on its own line by the server's reason
 * when the request was refused (4xx) — the hardening rule that a refusal shows the server's message.
 */
export function toastFailureWithReason(error: unknown, o: { title: string; text: string }): void {
  const reason = refusalMessage(error);
  toast({
    variant: 'destructive',
    title: o.title,
    description: (
      <>
        {o.text}
        {reason ? <span className="block">{reason}</span> : null}
      </>
    ),
  });
}
