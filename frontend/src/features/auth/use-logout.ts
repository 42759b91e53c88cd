import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/components/ui/use-toast';
import { useSessionActions } from './session-context';

/** Logout as the bottom navigation does it: sign out, toast 'Logged Out', go to /auth. */
export function useLogout(): () => Promise<void> {
  const { logout } = useSessionActions();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await logout();
    } catch {
      // The server could not end the session: the cookies are still valid, so do not pretend.
      toast({
        variant: 'destructive',
        title: 'Logout Failed',
        description: 'Something went wrong. Please try again.',
      });
      return;
    }
    toast({ title: 'Logged Out', description: 'You have been successfully logged out.' });
    await navigate('/auth', { replace: true });
  }, [logout, navigate]);
}
